# SPDX-License-Identifier: GPL-2.0
# sspkit: a kernel-like tree that builds a freestanding sample program with
# the compiler's stack protector, configured with Kconfig.
#
# make help      lists the targets and variables.

MAKEFLAGS += -rR --no-print-directory
# Sorting and messages must not depend on the user's locale.
unexport LC_ALL
LC_COLLATE := C
LC_NUMERIC := C
export LC_COLLATE LC_NUMERIC

# V=1 prints whole command lines, V=0 (default) one short line per step.
ifeq ("$(origin V)", "command line")
  KBUILD_VERBOSE := $(V)
endif
KBUILD_VERBOSE ?= 0
ifeq ($(KBUILD_VERBOSE),1)
  quiet :=
  Q :=
else
  quiet := quiet_
  Q := @
endif
# make -s: not even the short lines.
ifneq ($(findstring s,$(filter-out --%,$(firstword x$(MAKEFLAGS)))),)
  quiet := silent_
endif
export quiet Q KBUILD_VERBOSE

####
# ARCH: what to build for. The default is the ARCH the object tree is
# configured for, else the machine make runs on, read from make's own
# MAKE_HOST so that no process is started for it.
host-cpu := $(firstword $(subst -, ,$(MAKE_HOST)))
SUBARCH := $(strip $(patsubst i%86,i386,$(patsubst aarch64,arm64,$(patsubst \
	arm%,arm,$(patsubst riscv%,riscv,$(patsubst ppc%,powerpc,$(patsubst \
	powerpc%,powerpc,$(patsubst mips%,mips,$(patsubst sh%,sh,$(host-cpu))))))))))

# arch/arches is the one list of ARCH values, each with its directory
# under arch/ (both x86 flavours share arch/x86): SRCARCH.
kit-dir := $(dir $(lastword $(MAKEFILE_LIST)))
include $(kit-dir)arch/arches
supported-arches := $(foreach a,$(arch-dirs),$(firstword $(subst :, ,$(a))))
# A given ARCH is checked before anything is created (O= included).
arch-unsupported = $(error ARCH=$(ARCH) is not supported; use one of: \
	$(supported-arches))
ifneq ($(origin ARCH),undefined)
$(if $(filter 1,$(words $(filter $(ARCH),$(supported-arches)))),,$(arch-unsupported))
endif

# O=DIR builds in DIR and leaves the source tree alone: make runs again
# from DIR, with KBUILD_SRC naming the source tree.
# Only the O= sub-make below sets KBUILD_SRC, on its command line; one
# inherited from the environment (a make run by a recipe) does not count.
ifneq ("$(origin KBUILD_SRC)", "command line")
  KBUILD_SRC :=
endif
ifeq ($(KBUILD_SRC),)
# Every path and name the user gives goes into make's text and into shell
# recipes unquoted: each passes the one rule for names (check-name in
# scripts/Kbuild.include) before anything is created or expanded.
include $(kit-dir)scripts/Kbuild.include
$(call check-name,the source directory ,$(CURDIR))
$(call check-names,the goal ,$(MAKECMDGOALS))
# O= and M= count from the command line only, the others from the
# environment too (as below and in scripts/kconfig/Makefile).
user-names = $(foreach v,$1,$(if $(filter command line $2,$(origin $v)),$v))
$(foreach v,$(call user-names,O M MO) $(call user-names,KBUILD_OUTPUT KBUILD_DEFCONFIG \
	KCONFIG_CONFIG SPCOMPARE_DEFCONFIG SPCOMPARE_IMAGE,environment),$(call check-name,$v=,$(value $v)))
$(foreach v,$(call user-names,SPCOMPARE_CONFIGS,environment),$(call \
	check-names,$v=,$(value $v)))
ifeq ("$(origin O)", "command line")
  KBUILD_OUTPUT := $(O)
endif
ifneq ($(KBUILD_OUTPUT),)
saved-output := $(KBUILD_OUTPUT)
# Its absolute path, then "writable" when this user may write there. A
# tree built before (its lock is there) is taken as it is, with no
# process: its path is make's $(abspath), as cd and pwd would give it, and
# scripts/locked-make says so if it can no longer be written.
ifneq ($(wildcard $(KBUILD_OUTPUT)/.make.lock),)
output-probe := $(abspath $(KBUILD_OUTPUT)) writable
else
output-probe := $(shell mkdir -p "$(KBUILD_OUTPUT)" 2>/dev/null && \
	cd "$(KBUILD_OUTPUT)" && pwd && test -w . && echo writable)
endif
KBUILD_OUTPUT := $(firstword $(output-probe))
$(if $(KBUILD_OUTPUT),,$(error cannot create output directory "$(saved-output)": \
	check that its parent exists and is writable))
$(if $(filter writable,$(output-probe)),,$(error output directory \
	"$(saved-output)" is not writable: give O= a directory you may write to))
endif
objdir := $(if $(KBUILD_OUTPUT),$(KBUILD_OUTPUT),$(CURDIR))
endif

# The object tree remembers its ARCH in its configuration: the header
# kconfig writes on .config (Kconfig's mainmenu, "# sspkit/ARCH
# Configuration"), with either engine. A make without ARCH builds for it,
# and says so when it is not this machine's: the default would settle the
# configuration for this machine's ARCH, dropping the arch's and its
# board's symbols. A make given another ARCH stops, unless a config goal
# was asked for: that converts the configuration on purpose, keeping it
# as .config.old. Goals that build in trees of their own (check, matrix,
# bench) do not look.
arch-config := $(if $(filter /%,$(KCONFIG_CONFIG)),$(KCONFIG_CONFIG),$(or \
	$(objdir),$(CURDIR))/$(or $(KCONFIG_CONFIG),.config))
tree-arch := $(if $(filter-out check check-quick matrix bench mutants,$(or $(MAKECMDGOALS),all)),$(if \
	$(wildcard $(arch-config)),$(filter $(supported-arches),$(patsubst \
	sspkit/%,%,$(firstword $(filter sspkit/%,$(wordlist 1,40,$(file \
	<$(arch-config)))))))))
arch-tree := $(patsubst %/,%,$(dir $(arch-config)))
ifneq ($(tree-arch),)
ifeq ($(origin ARCH),undefined)
ARCH := $(tree-arch)
$(if $(filter $(SUBARCH),$(ARCH)),,$(shell echo "make: ARCH=$(ARCH), which" \
	"$(arch-tree) is configured for (its $(notdir $(arch-config)));" \
	"give ARCH= for another" >&2))
else ifneq ($(ARCH),$(tree-arch))
ifeq ($(filter %config %_defconfig %.config clean mrproper distclean help \
	kernelversion,$(or $(MAKECMDGOALS),all)),)
$(error $(arch-tree) is configured for ARCH=$(tree-arch) (its \
	$(notdir $(arch-config))), and this make is for ARCH=$(ARCH) (from the \
	$(origin ARCH)): leave ARCH out (or give ARCH=$(tree-arch)) to build it \
	for $(tree-arch), or run "make ARCH=$(ARCH)$(if $(O), O=$(O)) defconfig" \
	to configure it anew for $(ARCH), keeping the old one as .config.old; \
	nothing was written)
endif
endif
endif
ARCH ?= $(SUBARCH)
$(if $(filter 1,$(words $(filter $(ARCH),$(supported-arches)))),,$(arch-unsupported))
SRCARCH := $(lastword $(subst :, ,$(filter $(ARCH):%,$(arch-dirs))))
export ARCH SRCARCH

# ninja's flags, as make's: V=1 (ninja -v), -s (--quiet), -n, -jN (a make
# without -j runs ninja -j1). Read here and by the fast path below.
ninja-flags = $(if $(filter 1,$(KBUILD_VERBOSE))$(dry-run),-v) $(if $(filter \
	silent_,$(quiet)),--quiet) $(if $(dry-run),-n) $(patsubst -j,-j0,$(or $(filter \
	-j%,$(MAKEFLAGS)),-j1))

ifeq ($(KBUILD_SRC),)

# One make at a time per object tree: two at once (a CI retry, a second
# terminal) interleave their writes and can link an image from half an
# archive. The outermost make runs the real one under flock(1) on
# DIR/.make.lock (scripts/locked-make); a second one waits, saying so.
# The lock file stays, even through mrproper: deleting it while a make
# waits on it would let a third make lock a new file alongside
# (distclean, the last goal a tree sees, removes it). Goals that build in
# scratch trees of their own (check, matrix, bench, mutants) or write
# nothing need no lock.
no-lock-goals := help check check-quick matrix bench mutants kernelversion
ifeq ($(KBUILD_LOCKED),$(objdir))
  need-lock :=
else
  need-lock := $(if $(MAKECMDGOALS),$(filter-out $(no-lock-goals),$(MAKECMDGOALS)),all)
endif

# M=DIR: the Kbuild file of a directory outside the kit, built against this
# configured tree (see "External trees" below). DIR is taken from where
# make was started, before the sub-make moves to the object tree.
ifeq ("$(origin M)", "command line")
ifeq ($(KBUILD_EXTMOD),)
KBUILD_EXTMOD := $(abspath $(M))
$(if $(wildcard $(KBUILD_EXTMOD)/.),,$(error M=$(M): $(KBUILD_EXTMOD) $(if \
	$(wildcard $(KBUILD_EXTMOD)),is not a directory,does not exist): give M= \
	the external tree's directory))
$(if $(wildcard $(KBUILD_EXTMOD)/Kbuild $(KBUILD_EXTMOD)/Makefile),,$(error \
	M=$(M): $(KBUILD_EXTMOD) has no Kbuild or Makefile naming what to build))
$(call check-name,M=,$(KBUILD_EXTMOD))
endif
endif

# MO=DIR: where an external tree's outputs go, as Kbuild's MO= (Linux
# 6.13): one copy of the tree, read-only if need be, built against several
# configured trees, each with an MO= of its own. Without it they go in
# the tree itself.
ifeq ("$(origin MO)", "command line")
$(if $(KBUILD_EXTMOD),,$(error MO=$(MO): MO= says where the outputs of an \
	external tree go: give the tree with M= too))
ifeq ($(KBUILD_EXTMOD_OUTPUT),)
KBUILD_EXTMOD_OUTPUT := $(abspath $(MO))
$(if $(filter $(KBUILD_EXTMOD) $(KBUILD_EXTMOD)/%,$(KBUILD_EXTMOD_OUTPUT)),$(error \
	MO=$(MO): $(KBUILD_EXTMOD_OUTPUT) is inside M=$(M): give MO= a directory \
	outside the tree))
endif
endif

ifneq ($(KBUILD_OUTPUT)$(need-lock),)
PHONY := __all sub-make
__all: sub-make
$(filter-out __all sub-make $(CURDIR)/Makefile,$(MAKECMDGOALS)): sub-make
	@:
sub-make-args = -C $(objdir) $(if $(KBUILD_OUTPUT),KBUILD_SRC=$(CURDIR)) \
	$(if $(KBUILD_EXTMOD),KBUILD_EXTMOD=$(KBUILD_EXTMOD)) \
	$(if $(KBUILD_EXTMOD_OUTPUT),KBUILD_EXTMOD_OUTPUT=$(KBUILD_EXTMOD_OUTPUT)) \
	$(if $(need-lock),KBUILD_LOCKED=$(objdir)) -f $(CURDIR)/Makefile $(MAKECMDGOALS)
make-lock := $(objdir)/.make.lock
ifneq ($(need-lock),)
# The ninja engine's fast path (Documentation/ninja.md): a make of the
# whole tree whose variables and environment (ninja-fast-key) are those
# of the last make that ran ninja there, with the same compiler, runs
# ninja itself under the lock (scripts/locked-make), without the make
# that would only find build.ninja current and run it. That make wrote
# the key under a token in .tmp/ninja.fast-key; build.ninja's own edge
# covers what it would have checked (.config, Kconfig, make files,
# fixdep). Anything else, and a key that differs, runs that make.
ninja-fast-key = $(strip ARCH=$(ARCH) $(foreach v,$(sort $(.VARIABLES)),$(if $(filter command \
	environment%,$(firstword $(origin $v))),$(if $(filter $(ninja-fast-unkeyed),$v),,$v=$(subst \
	$(newline), ,$(value $v))))))
# (ARCH as read from .config, too.) What make itself sets, and what says
# only how much is printed.
ninja-fast-unkeyed := _ OLDPWD SHLVL MAKEFLAGS MAKELEVEL MFLAGS MAKEOVERRIDES \
	MAKE_TERMOUT MAKE_TERMERR KBUILD_FAST_KEY V
ninja-fast-ok := $(if $(filter-out all,$(or $(MAKECMDGOALS),all))$(filter \
	make,$(KBUILD_ENGINE))$(dry-run)$(KBUILD_EXTMOD),,y)
ifneq ($(ninja-fast-ok),)
$(if $(NINJA),$(call check-name,NINJA=,$(value NINJA)))
ninja-fast-key-now := $(ninja-fast-key)
sub-make: export KBUILD_FAST_KEY = $(ninja-fast-key-now)
ninja-fast-text := $(file <$(objdir)/.tmp/ninja.fast-key)
ninja-fast-token := $(firstword $(ninja-fast-text))
ninja-fast := $(if $(call digits-only,$(ninja-fast-token)),$(call \
	token-key-is,$(ninja-fast-text),$(ninja-fast-key-now)))
endif
sub-make:
	$(Q)$(kit-dir)scripts/locked-make $(make-lock) $(if $(ninja-fast),--ninja \
		$(ninja-fast-token) $(or $(NINJA),ninja) $(ninja-flags)) -- $(MAKE) $(sub-make-args)
else
sub-make:
	$(Q)$(MAKE) $(sub-make-args)
endif
skip-makefile := 1
endif
endif

ifeq ($(skip-makefile),)

PHONY := all
all:

srctree := $(if $(KBUILD_SRC),$(KBUILD_SRC),.)
objtree := .
export srctree objtree
# Where an external tree's outputs are: MO=, else the tree (M=).
ext-obj := $(or $(KBUILD_EXTMOD_OUTPUT),$(KBUILD_EXTMOD))

include $(srctree)/scripts/Kbuild.include

# The ninja engine's fast path (ninja-fast above): every make under the
# lock, a config goal too, removes its key and environment first, but for
# the makes that write build.ninja (KBUILD_NINJA) and the one ninja runs
# under the fast path to make it again, which has the key's variables and
# environment and checks all. The environment the commands ran in (this
# make's exports: srctree for spaudit...) is kept for the fast path's
# ninja, under the same token.
ninja-fast-env := .tmp/ninja.env
ninja-fast-files := .tmp/ninja.fast-key .tmp/ninja.fast $(ninja-fast-env)
ninja-fast-kept := $(KBUILD_NINJA)$(if $(filter __ninja-regen,$(MAKECMDGOALS)),$(if \
	$(KBUILD_FAST_KEY),$(call token-key-is,$(file <.tmp/ninja.fast-key),$(KBUILD_FAST_KEY))))
$(if $(KBUILD_LOCKED),$(if $(dry-run)$(ninja-fast-kept),,$(if $(wildcard \
	$(ninja-fast-files)),$(call fresh-file,$(ninja-fast-files)))))

KCONFIG_CONFIG ?= .config
# Where scripts/kconfig/Makefile.cc writes the Kconfig fragments that say
# what the compiler can do. Kconfig (and include/config/auto.conf.cmd)
# reads it from the environment, so it is set before anything is included.
GENERATED_KCONFIG_DIR := $(CURDIR)/include/generated
export KCONFIG_CONFIG GENERATED_KCONFIG_DIR

####
# Which goals need a configuration, and which only edit one.
no-config-goals := help clean mrproper distclean check check-quick bench mutants matrix \
		   spcompare spaudit kernelversion
config-goals    := %config %_defconfig %.config
goals           := $(if $(MAKECMDGOALS),$(MAKECMDGOALS),all)

config-targets := $(if $(filter $(config-goals),$(goals)),1)
mixed-targets  := $(if $(config-targets),$(if \
	$(filter-out $(config-goals),$(goals))$(word 2,$(goals)),1))
need-config    := $(if $(filter-out $(no-config-goals) $(config-goals),$(goals)),1)

ifeq ($(mixed-targets),1)
# "make x86_64_defconfig strong.config all": one goal at a time, in order,
# even under -j, because each one reads what the one before it wrote.
# Each config goal is told the configuration from before the first one
# (KBUILD_CONFIG_BASELINE, "none" for a tree that had none): protection
# counts as lowered only below that, so "make O=NEW x86_64_defconfig
# none.config" lowers nothing (tests/audit/claims.t).
PHONY += $(goals) __build_one_by_one
$(goals): __build_one_by_one
	@:
config-baseline := .tmp/config.baseline
__build_one_by_one:
	$(Q)set -e; baseline=none; \
	if [ -e $(KCONFIG_CONFIG) ]; then mkdir -p $(dir $(config-baseline)); \
		rm -f $(config-baseline); cp $(KCONFIG_CONFIG) $(config-baseline); \
		baseline=$(abspath $(config-baseline)); fi; \
	for goal in $(goals); do \
		$(MAKE) -f $(srctree)/Makefile $$goal \
			KBUILD_CONFIG_BASELINE=$$baseline; done

else ifeq ($(config-targets),1)
# Configuration goals: scripts/kconfig runs kconfig-frontends (or, with
# KCONFIG=kconfiglib, Kconfiglib), after
# scripts/kconfig/Makefile.cc has told Kconfig what the compiler can do.
cc-optional := y
include $(srctree)/scripts/Makefile.toolchain
ifneq ($(cc-for-arch),)
include $(srctree)/scripts/Makefile.stackprotector
endif
include $(srctree)/scripts/kconfig/Makefile.cc
include $(srctree)/scripts/kconfig/Makefile

else
# Build goals.

ifeq ($(need-config),1)
ifeq ($(wildcard $(KCONFIG_CONFIG)),)
ifneq ($(wildcard $(KCONFIG_CONFIG).old),)
$(error no configuration ($(KCONFIG_CONFIG)) in $(abspath $(objtree)), but \
	$(KCONFIG_CONFIG).old is there (kept by make mrproper, or a config step \
	was interrupted): restore \
	it with "cp $(abspath $(KCONFIG_CONFIG).old) $(abspath $(KCONFIG_CONFIG))", \
	or run "make defconfig")
endif
$(error no configuration ($(KCONFIG_CONFIG)) in $(abspath $(objtree)): \
	run "make defconfig" or "make menuconfig" first)
endif
# include/config/auto.conf follows .config: when .config or a Kconfig file
# is newer, make brings it up to date (see scripts/kconfig) and restarts.
-include include/config/auto.conf
-include include/config/auto.conf.cmd
vpath %Kconfig $(srctree)
$(KCONFIG_CONFIG) include/config/auto.conf.cmd: ;
include/config/auto.conf: $(KCONFIG_CONFIG) include/config/auto.conf.cmd
	$(Q)$(MAKE) -f $(srctree)/scripts/kconfig/Makefile syncconfig
endif

# The toolchain only for goals that compile: check, matrix and bench run
# makes of their own, which must not inherit this one's CROSS_COMPILE, CC...
ifneq ($(filter-out $(no-config-goals),$(goals))$(filter spcompare,$(goals)),)
include $(srctree)/scripts/Makefile.toolchain
endif

ifeq ($(need-config),1)
include $(srctree)/scripts/Makefile.stackprotector
include $(srctree)/scripts/kconfig/Makefile.cc
endif

####
# A freestanding C environment, as the kernel's: -nostdinc, so that no
# header of the build machine's C library is reachable (nor is one needed:
# the cross compilers come without one), and the compiler's own directory
# for the C standard's freestanding set: float.h iso646.h limits.h
# stdalign.h stdarg.h stdbool.h stddef.h stdint.h stdnoreturn.h. Every
# other header is the kit's own (include/, arch/$(SRCARCH)/include/).
# gcc's limits.h defines every limit itself, then includes the C
# library's unless _LIBC_LIMITS_H_ says it has been read: there is none.
ifneq ($(cc-path),)
# A bare-metal gcc (arm-none-eabi, riscv64-unknown-elf) keeps limits.h in
# include-fixed beside it.
NOSTDINC_FLAGS := -nostdinc -isystem $(cc-include-dir) $(if $(wildcard \
	$(cc-include-dir)/limits.h),,$(addprefix -isystem ,$(patsubst %/limits.h,%,$(wildcard \
	$(cc-include-dir)-fixed/limits.h)))) -D_LIBC_LIMITS_H_
$(if $(wildcard $(cc-include-dir)/stddef.h),,$(if $(need-config),$(error \
	$(CC) has no header directory of its own ($(CC) -print-file-name=include \
	printed "$(cc-include-dir)"): the build needs its stddef.h, stdint.h...)))
endif

####
# Flags for everything built for the target.
# Every target C object gets the audit's witnesses (ssp-witness.h).
LINUXINCLUDE := $(NOSTDINC_FLAGS) -Iinclude -I$(srctree)/arch/$(SRCARCH)/include \
		-I$(srctree)/include -include $(srctree)/include/sspkit/kconfig.h \
		-include $(srctree)/include/sspkit/ssp-witness.h
KBUILD_CPPFLAGS := -D__SSPKIT__ $(KCPPFLAGS)
KBUILD_CFLAGS := -std=gnu11 -O2 -Wall -Wextra -Werror \
		 -ffreestanding -fno-builtin -fno-common -fno-pie \
		 -fno-asynchronous-unwind-tables -fno-strict-aliasing \
		 $(CLANG_FLAGS) $(arch-cflags-y) $(ssp-cflags) $(KCFLAGS)
# CONFIG_STACK_USAGE: each C object's frames (foo.o.su) and, from gcc,
# its call graph (foo.o.ci) beside it, for scripts/checkstack, and the
# two dumps that give its indirect calls' types and the functions whose
# address it takes (foo.o.c.*.optimized, foo.o.c.*.cgraph). The
# compiler names them after its -o, $(tmp-target): foo.o.tmp -> foo.o.su.
# A compiler without a call graph (clang) gets none of its jump tables:
# checkstack reads its calls from the code, where a jump through a table
# cannot be told from a tail call through a pointer. The arch may add
# what keeps its frames whole (ARCH_STACK_USAGE_CFLAGS, arch/x86/Makefile).
stack-usage-graph := $(if $(CONFIG_STACK_USAGE),$(call \
	cc-option,-fcallgraph-info=su$(comma)da))
stack-usage-cflags := $(if $(CONFIG_STACK_USAGE),-fstack-usage $(if \
	$(stack-usage-graph),$(stack-usage-graph) -fdump-ipa-cgraph \
	-fdump-tree-optimized-lineno,-fno-jump-tables) $(ARCH_STACK_USAGE_CFLAGS))
KBUILD_CFLAGS += $(stack-usage-cflags)
KBUILD_AFLAGS := -D__ASSEMBLY__ $(CLANG_FLAGS) $(arch-aflags-y)
KBUILD_LDFLAGS := -nostdlib -static $(LINK_PIE_FLAGS) -Wl,--emit-relocs \
		  $(LD_DISCARD_SCRIPT) -Wl,--build-id=none $(CLANG_FLAGS) \
		  $(LD_DRIVER_FLAGS) $(arch-ldflags-y) $(KLDFLAGS)
# The C library of the user's code (lib/libc/Kconfig): its headers for
# the user's directories only (samples/, an M= tree: scripts/Makefile.build,
# libc-dir), after the compiler's own, and its library on the link line of
# every image that takes the runtime, after the image's objects. With
# LIBC_NONE, nothing: the freestanding set above is all there is.
ifdef CONFIG_LIBC_KIT
LIBC_CPPFLAGS := -isystem $(srctree)/lib/libc/include
LIBC_LDLIBS := lib/libc/libc.a
endif
# picolibc, from the board's Debian package (PICOLIBC_TRIPLE, its
# Makefile.board): its headers, and the libc.a of the multilib the cross
# gcc picks for the board's flags (for clang too, which has no picolibc
# driver of its own). lib/picolibc/ is what it needs of the board: its
# streams on the semihosting console, _exit, the thread pointer. The two
# archives call each other: a group.
ifdef CONFIG_LIBC_PICOLIBC
picolibc-dir := /usr/lib/picolibc/$(PICOLIBC_TRIPLE)
__picolibc-multilib = $(firstword $(shell $(libgcc-cc) $(arch-cflags-y) \
	-print-multi-directory 2>/dev/null))
picolibc-libc = $(picolibc-dir)/lib/$(call cached,multidir $(libgcc-cc) \
	$(arch-cflags-y),__picolibc-multilib)/libc.a
$(if $(need-config),$(if $(wildcard $(picolibc-libc) $(picolibc-dir)/include/stdio.h),,$(error \
	CONFIG_LIBC_PICOLIBC: no picolibc for this board in $(picolibc-dir) \
	(its libc.a: $(picolibc-libc)): install Debian package \
	picolibc-$(PICOLIBC_TRIPLE) (scripts/install-deps $(ARCH)))))
# Its limits.h includes the compiler's (NOSTDINC_FLAGS finds it).
LIBC_CPPFLAGS := -isystem $(picolibc-dir)/include
LIBC_LDLIBS := lib/picolibc/picolibc-board.a
# exit() runs the functions given to atexit() through a weak reference
# to __call_exitprocs, which -u makes the link pull in.
LIBC_LDLIBS_EXTRA = -Wl,-u,__call_exitprocs $(picolibc-libc)
endif
export LIBC_CPPFLAGS

KBUILD_HOSTCFLAGS := -std=c11 -O2 -Wall -Wextra -Werror $(HOSTCFLAGS)
KBUILD_HOSTLDFLAGS := $(HOSTLDFLAGS)
export LINUXINCLUDE KBUILD_CPPFLAGS KBUILD_CFLAGS KBUILD_AFLAGS
export KBUILD_HOSTCFLAGS KBUILD_HOSTLDFLAGS

####
# What is built: each directory's Kbuild (or Makefile) lists its objects.
core-dirs := arch/$(SRCARCH) kernel lib samples

####
# The engine (Documentation/ninja.md). With KBUILD_ENGINE=ninja, make
# still reads every Kbuild file and runs every command's text as the
# recursive make would, but in a make that writes them, as ninja edges,
# into build.ninja (KBUILD_NINJA, ninja-gen below), again only when a
# make file, the configuration or a variable the commands are made of
# changes; ninja then runs them. KBUILD_ENGINE=make: the recursive make
# runs them itself. ninja is the default when it is installed: at 4000
# objects it does a no-op in a fraction of the recursive make's time
# (Documentation/ninja.md has the figures). M= trees and single targets
# (make lib/, make lib/string.o) are built by the recursive make, whose
# records the ninja engine keeps.
NINJA ?= ninja
KBUILD_ENGINE ?= $(if $(call which-prog,$(NINJA)),ninja,make)
$(if $(filter make ninja,$(KBUILD_ENGINE)),,$(error KBUILD_ENGINE=$(KBUILD_ENGINE): \
	use make or ninja))
# (The make that writes build.ninja runs the recursive make's steps.)
ninja-engine := $(if $(filter ninja,$(KBUILD_ENGINE)),$(if $(KBUILD_EXTMOD)$(KBUILD_NINJA),,y))
ifeq ($(ninja-engine),y)
$(call check-name,NINJA=,$(value NINJA))
$(if $(call which-prog,$(NINJA)),,$(error KBUILD_ENGINE=ninja: $(NINJA) not found: \
	install Debian package ninja-build (scripts/install-deps), or build with \
	KBUILD_ENGINE=make))
endif
# ninja prints each step as make does, after two blanks.
export NINJA_STATUS := $(space)$(space)

# What the generated commands are made of beyond the make files and the
# configuration: a new compiler (or the same command naming a program
# changed since, cc-programs-id: then the probes are redone, and fixdep's
# own flags with them), flag or variable on the command line writes this
# key anew, and build.ninja and fixdep are made again.
ninja-key-file := .tmp/ninja.key
ninja-key = $(strip $(ARCH) $(srctree) $(CC) $(LD) $(AR) $(OBJCOPY) $(HOSTCC) $(cc-programs-id) \
	$(LINUXINCLUDE) $(KBUILD_CPPFLAGS) $(KBUILD_CFLAGS) $(KBUILD_AFLAGS) \
	$(KBUILD_LDFLAGS) $(KBUILD_HOSTCFLAGS) $(KBUILD_HOSTLDFLAGS) $(LIBC_CPPFLAGS) \
	$(LIBC_LDLIBS) $(LIBGCC) $(KBUILD_SSP_EXPECT) $(sort $(filter-out V=% RUNARGS=% \
	RUNIMAGE=% KBUILD_LOCKED=% ARCH=% KBUILD_ENGINE=%,$(MAKEOVERRIDES))))
# .tmp/ninja.mk: every make file the last generation read (ninja-gen-deps),
# and the files of the symbols they name (ninja-gen-syms, below).
-include .tmp/ninja.mk

ifeq ($(KBUILD_EXTMOD),)
all: images sample include/generated/ssp-summary.h
else
all: external
endif

# images.order (scripts/Makefile.build) names each image a directory
# declares; images-in gives them for directories $1.
images-in = $(strip $(foreach d,$1,$(call names-in-file,$(d)/images.order)))

# Directories built once the images are linked: an arch's boot stages,
# which carry an image (arch-boot-dirs-y in arch/<arch>/Makefile). Their
# images are declared like any other.
boot-dirs := $(arch-boot-dirs-y)

# What this build links (the declared images as the last build listed
# them). A STRICT audit that fails removes them, so that no earlier
# build's image is left in their place (scripts/Makefile.build).
KBUILD_IMAGES := sample $(call images-in,$(core-dirs) $(boot-dirs))
export KBUILD_IMAGES

# The auditor, the host program of scripts/spaudit (Makefile.build runs it).
SPAUDIT := $(objtree)/scripts/spaudit/spaudit
export SPAUDIT
$(SPAUDIT): lib/built-in.a ;

####
# Images the directories declare (image-y, scripts/Makefile.build): each is
# linked from its own objects and the runtime's archives, with a summary
# and a banner of its own. sample is one (samples/sample/), and arm's
# zImage another (arch/arm/boot/). Their list, each directory's
# images.order, is complete only once every directory is built, so a
# second make reads it (__images), as Kbuild reads modules.order after the
# build; then each boot directory is built, and its images linked, the
# same way.
# The runtime's folders: the one list of them (spaudit summary is told
# them too, for the exemptions it takes for the guard's and the boot's),
# and their archives, as their archives.order list them.
runtime-dirs := arch/$(SRCARCH) kernel lib
runtime-orders := $(addsuffix /archives.order,$(runtime-dirs))
PHONY += images __images
ifeq ($(ninja-engine),y)
# The ninja engine: ninja builds what build.ninja says, the same steps.
# A make with nothing to do prints nothing, as the recursive make: the
# line ninja prints then is dropped, and ninja's exit status kept. (+:
# make -n runs ninja -n, which says what it would do.)
images: prepare $(fixdep) build.ninja
	$(ninja-fast-write)$(if $(ninja-fast-token),$(Q)rm -f $(ninja-fast-env).tmp && { echo \
		lm_env_token=$(ninja-fast-token); export -p; } >$(ninja-fast-env).tmp && mv -f \
		$(ninja-fast-env).tmp $(ninja-fast-env))
	+$(Q){ rc=$$( { { $(NINJA) $(ninja-flags); echo $$? >&4; } | grep -v \
		'^ninja: no work to do\.$$' >&3; } 4>&1 ); } 3>&1; exit $$rc
else
images: $(core-dirs) scripts_spreport $(if $(CONFIG_STACK_USAGE),scripts_checkstack)
	$(if $(call images-in,$(core-dirs)),$(Q)$(MAKE) -f $(srctree)/Makefile __images)
	$(foreach d,$(boot-dirs),$(Q)$(MAKE) $(build)=$(d) $(if $(KBUILD_NINJA),KBUILD_NINJA_ELSEWHERE="$(call \
	images-in,$(core-dirs))")$(newline)$(strip \
	)$(Q)$(MAKE) -f $(srctree)/Makefile __images image-dirs=$(d)$(newline))
endif

# The kit's own program keeps its short names: ./sample, and its summary
# as include/generated/ssp-summary.h, for make run, spreport, the
# matrix and the tests.
sample-image := samples/sample/sample
# A link names a path, not a file's contents: linked again only when it
# is missing (then its path is an ordinary prerequisite, for if_changed)
# or names another path, not on each new image (order-only).
# (ninja makes a missing output itself: its edge's is order-only.)
link-prereq = $(if $(KBUILD_NINJA)$(wildcard $1),,$2) FORCE | $2
quiet_cmd_symlink = LN      $@
      cmd_symlink = ln -sfnr $(firstword $(filter-out FORCE,$^) $|) $(tmp-target)
# A tree whose samples/sample/ declares no sample image fails here, rather
# than leave a link to nothing.
sample-check = $(if $(KBUILD_NINJA)$(wildcard $(sample-image)),,$(error $(sample-image) was \
	not linked: samples/sample/Makefile must declare it (image-y += sample, \
	sample-objs := ...)))
sample: $(call link-prereq,sample,$(sample-image))
	$(sample-check)$(call if_changed,symlink)
include/generated/ssp-summary.h: $(call link-prereq,include/generated/ssp-summary.h,$(sample-image).ssp-summary.h)
	$(call if_changed,symlink)
targets += sample include/generated/ssp-summary.h

####
# build.ninja: made by a make that runs the images' steps above with
# KBUILD_NINJA naming the list of parts; each make it runs writes the
# edges of its directory (or images) into a part of its own, then this
# one writes build.ninja, naming them all, its rules and the edge that
# makes it again: ninja run by hand makes it again too.
# The register form's flags carry an offset from asm-offsets.h: a new one
# is a new command for every compile.
ninja-offsets = $(if $(ssp-task-flags-used),$(ssp-task-offset-file))
# The fast path's key (the outer make's, ninja-fast above), and the
# compiler's programs and their identity, once this make has checked all
# it checks: written only for a make of the whole tree with nothing to
# warn about (a stack-protector problem is said on every make). Every
# other make removes it first (ninja-fast-files, above), so a make that
# stops halfway leaves none. The token, new at each writing, tells
# scripts/locked-make that no make wrote them again between the outer
# make's reading and the lock.
ninja-fast-write = $(if $(KBUILD_FAST_KEY),$(if $(dry-run)$(strip $(ssp-problem)),,$(eval \
	ninja-fast-token := $(shell date +%s%N))$(call write-if-changed,.tmp/ninja.fast-key,$(strip \
	)$(ninja-fast-token)$(newline)$(KBUILD_FAST_KEY))$(call write-if-changed,.tmp/ninja.fast,$(strip \
	)$(cc-programs)$(newline)$(strip $(cc-programs-id)))))
ifeq ($(ninja-engine),y)
$(if $(need-config),$(if $(dry-run),,$(if $(wildcard .tmp/.),,$(shell mkdir -p \
	.tmp))$(call write-if-changed,$(ninja-key-file),$(ninja-key))))
# A make file gone since (a directory dropped) makes it again too, and so
# does a symbol's file gone (a sync removed a link planted there).
$(foreach f,$(ninja-gen-deps) $(ninja-gen-syms),$(if $(wildcard $f),,$(eval $f: ;)))
# fixdep, which every compile's edge runs, is built first, by a make of
# its own only when it is older than its source or the key (a no-op
# starts no make for it); that make may find it current (another key,
# the same flags): touched, it is not asked again.
fixdep := scripts/basic/fixdep
$(fixdep): $(srctree)/scripts/basic/fixdep.c $(wildcard $(ninja-key-file))
	$(Q)$(MAKE) $(build)=scripts/basic
	$(Q)touch -c $@
# ninja's edge asks for it so (make says nothing when it is current).
PHONY += __ninja-regen
__ninja-regen: build.ninja
	@:
# make -n runs no make that writes (it would write: $(file) is no command).
# A symbol's value reaches build.ninja through a make file that names it
# (obj-$(CONFIG_FOO)) or through the key (the flags it sets): build.ninja
# depends on the files kconfig touches for the symbols the make files
# name (ninja-gen-syms, from fixdep -s, as a compile depends on its
# sources' symbols), not on auto.conf, which any symbol changes. (ninja's
# edge for it has .config, which runs this make.) At 4000 objects,
# making it again costs 1.8 s of CPU; a symbol only C code reads now
# costs the compiles that read it. A make file that builds a symbol's
# name, $(CONFIG_$(x)), hides it: name it whole.
# ninja takes the time its log recorded for build.ninja, not the file's:
# written here, outside it, it is told (restat), else its own edge would
# write it again.
build.ninja: $(ninja-gen-deps) $(ninja-key-file) $(ninja-gen-syms) \
		$(ninja-offsets) | prepare $(fixdep)
	$(Q)rm -f $@ $(ninja-parts-list)
	$(if $(dry-run),@echo "  GEN     $@",$(Q)$(MAKE) -f $(srctree)/Makefile __ninja-gen \
		KBUILD_NINJA=$(abspath $(ninja-parts-list)))
	$(if $(dry-run),,$(Q)$(if $(wildcard .ninja_log),$(NINJA) -t restat $@))
endif
ninja-parts-list := .tmp/ninja.parts
PHONY += __ninja-gen
# ninja (run by hand, or by the fast path) makes it again with the
# command line's variables of the make that wrote it.
ninja-regen-cmd = $(ninja-regen-flags) $(MAKE) --no-print-directory -C $(abspath $(objtree)) \
	-f $(abspath $(srctree))/Makefile $(if $(KBUILD_SRC),KBUILD_SRC=$(KBUILD_SRC)) \
	KBUILD_ENGINE=ninja $(ninja-regen-vars) __ninja-regen && touch -c $(abspath \
	$(objtree))/build.ninja
# (Touched: an input that changes no edge, fixdep.c, a Kconfig help text,
# leaves it as it was, and ninja would run this again at each start.)
# ninja-record-deps TARGET: the sources and headers TARGET's record names
# (its symbols' files are auto.conf's), as are there now.
ninja-record-deps = $(wildcard $(filter %.c %.h %.S,$(file <$(dir $1).$(notdir $1).cmd)))
# ninja passes make's jobserver to no command: the make it runs keeps only
# the one-letter flags (-s...) of the make that ran ninja, if any.
ninja-regen-flags = case "$$MAKEFLAGS" in [a-zA-Z]*) MAKEFLAGS=$${MAKEFLAGS%% *};; \
	*) MAKEFLAGS=;; esac; export MAKEFLAGS;
# The variables of the make that wrote it, each quoted for the shell.
ninja-regen-vars = $(strip $(foreach v,$(sort $(.VARIABLES)),$(if $(filter command,$(firstword \
	$(origin $v))),$(if $(filter KBUILD_SRC KBUILD_LOCKED KBUILD_NINJA KBUILD_ENGINE V,$v),,'$v=$(call \
	escsq,$(value $v))'))))
# What the make before ninja checks besides: .config and the Kconfig files
# (kconfig's auto.conf.cmd names them), fixdep's source, the sources of
# the register form's offsets (their record names them), and the header
# prepare writes.
ninja-regen-inputs = $(KCONFIG_CONFIG) $(foreach f,$(deps_config),$(if $(filter \
	/%,$f),$f,$(srctree)/$f)) $(srctree)/scripts/basic/fixdep.c $(if $(ninja-offsets),$(call \
	ninja-record-deps,$(ssp-task-offset-file))) include/generated/build.h
# ninja 1.11 starts the ready edges in the order build.ninja lists them:
# the host tools' parts come first, as the kernel's prepare builds
# scripts/ before the tree, so that each directory's audit runs as soon as
# its objects are built, between the compiles, not all after the last one.
ninja-parts = $(filter scripts/%,$(ninja-parts-all)) $(filter-out scripts/%,$(ninja-parts-all))
ninja-parts-all = $(sort $(foreach l,$(ninja-parts-lines),$(firstword $(subst :, ,$l))))
ninja-parts-lines = $(subst $(newline), ,$(subst $(space),:,$(file <$(ninja-parts-list))))
ninja-makefiles = $(sort $(filter-out %.cmd .tmp/ninja.mk include/config/auto.conf,$(MAKEFILE_LIST) $(foreach \
	l,$(ninja-parts-lines),$(wordlist 2,9999,$(subst :, ,$l)))))
define ninja-top
# Generated by make (Documentation/ninja.md); make writes it again when a
# make file, the configuration or the commands' variables change.
ninja_required_version = 1.10

rule kbuild
  command = $$cmd
  description = $$description
  restat = 1

rule kbuild_dep
  command = $$cmd
  description = $$description
  depfile = $$depf
  deps = gcc
  restat = 1

rule regen
  command = $$cmd
  description = GEN     build.ninja
  generator = 1

build build.ninja: regen $(ninja-makefiles) $(ninja-key-file) $(ninja-offsets) | $(sort $(ninja-regen-inputs))
  cmd = $(call ninja-esc,$(ninja-regen-cmd))
$(foreach f,$(ninja-regen-phony),$(newline)build $f: phony)
$(foreach p,$(ninja-parts),$(newline)subninja $p)
endef
# Each input of build.ninja, when it is gone (a directory dropped, a
# generated header removed), makes it again, as make would, rather than
# stop ninja: a phony edge each, none of its inputs.
ninja-regen-phony = $(sort $(ninja-makefiles) $(ninja-key-file) \
	$(ninja-offsets) $(ninja-regen-inputs))
# The links to the sample and its summary are edges too, in a part of
# their own: a make that runs only ninja makes them again when missing.
ifneq ($(filter __ninja-gen,$(MAKECMDGOALS)),)
ninja-part := .tmp/ninja-links.ninja
$(call fresh-file,$(ninja-part))$(file >$(ninja-part),# the links: Makefile)
$(file >>$(KBUILD_NINJA),$(ninja-part) $(MAKEFILE_LIST))
endif
__ninja-gen: images sample include/generated/ssp-summary.h
	$(eval ninja-syms := $(shell $(objtree)/scripts/basic/fixdep -s $(ninja-makefiles)))$(if $(filter-out \
		0,$(.SHELLSTATUS)),$(error fixdep -s could not read the make files \
		(above): build.ninja is not written))$(call \
		fresh-file,build.ninja.tmp)$(file >build.ninja.tmp,$(ninja-top))$(call \
		write-if-changed,.tmp/ninja.mk,ninja-gen-deps := $(ninja-makefiles)$(strip \
		)$(newline)ninja-gen-syms := $(ninja-syms))
	$(Q)mv -f build.ninja.tmp build.ninja

####
# External trees, the kernel's way: "make M=DIR" builds DIR's Kbuild file
# with this tree's configuration, flags and audit (scripts/Makefile.build,
# src = DIR), and links the images DIR declares from this tree's runtime.
# Outputs go in DIR, as an external module's do; the runtime is built
# first if it is not yet.
# A tree that declares no image is a library: its archive stands in for
# an image in the list make spaudit reads, its objects (the
# archive's members) for the image's.
# (A recipe of its own: make expands it after the build, not before.)
PHONY += external external-build
external: external-build
	$(if $(call images-in,$(ext-obj)),,$(call \
		ssp-image-list,$(ext-library),$(ext-objects)))
external-build: $(runtime-orders) prepare scripts_basic scripts_spaudit scripts_spreport \
		$(if $(CONFIG_STACK_USAGE),scripts_checkstack)
	$(if $(wildcard $(ext-obj)/.),,$(shell mkdir -p $(ext-obj)))$(call \
		write-if-changed,$(ext-objtree-file),$(abspath $(objtree)))
	$(Q)$(MAKE) $(build)=$(ext-obj)
	$(Q)$(MAKE) -f $(srctree)/Makefile __images image-dirs=$(ext-obj)

ext-library := $(ext-obj)/built-in.a

# Outputs in the tree itself serve one configured tree at a time: the
# build records which (before it writes any), and make spaudit there from
# another tree stops rather than report that tree's objects as its own.
ext-objtree-file := $(ext-obj)/.kbuild-objtree
ext-objtree-check = $(if $(and $(wildcard $(ext-objtree-file)),$(call str-ne,$(file \
	<$(ext-objtree-file)),$(abspath $(objtree)))),$(error $(ext-obj) holds the \
	outputs of a build against $(file <$(ext-objtree-file)), not against \
	$(abspath $(objtree)): build it here again (make O=$(abspath $(objtree)) \
	M=$(KBUILD_EXTMOD)), or give each configured tree an MO= of its own))
ext-objects = $(shell $(call archive-members,$(call archives-of,$(wildcard \
	$(ext-obj)/archives.order))) 2>/dev/null)

ifeq ($(filter __images __checkstack,$(MAKECMDGOALS)),)
$(sample-image) $(sample-image).ssp-summary.h: images ;
# The C library's archive is made in lib/ (the images' make finds it made).
$(LIBC_LDLIBS): lib ;
else
# The images' make descends into no directory: the first make built them
# all. The register form's guard offset, which its prepare step read from
# asm-offsets.h, is read here the same way, for the summaries.
$(if $(ssp-task-flags-used),$(ssp-task-prepare))
images := $(call images-in,$(or $(image-dirs),$(core-dirs)))
-include $(foreach i,$(images),$(call image-spec-file,$(i)))
__images: $(images)
	@:

# make checkstack, once the images are linked: each one's report.
__checkstack:
	$(foreach i,$(images),$(Q)$(call checkstack-cmd,$(i),$(image-ars-$(i)) \
		$(image-objs-$(i)),$(CHECKSTACK_FLAGS))$(newline))

# ld-scripts LDFLAGS: the linker scripts the link reads, -Wl,-T,FILE in
# the build's flags (scripts/discard.lds, a board's memory map) and in
# LDFLAGS: an edit of one links the image again.
ld-scripts = $(patsubst -Wl$(comma)-T$(comma)%,%,$(filter \
	-Wl$(comma)-T$(comma)%,$(KBUILD_LDFLAGS) $1))

# image-rules IMAGE LINKED-FROM: the summary, banner object and link of
# one image; LINKED-FROM is its objects, after the runtime's archives
# unless it is declared without them.
# The summary's audit runs whenever an input changed (its stamp,
# .IMAGE.ssp-summary), but spaudit rewrites IMAGE.ssp-summary.h only when
# its text changes: an edit that leaves the figures as they were does not
# assemble the banner object again. A header that is gone is written again.
define image-rules
$(dir $1).$(notdir $1).ssp-summary: $2 $(SPAUDIT) FORCE
	$$(call if_changed,ssp_summary,$1,$2)
$1.ssp-summary.h: $(dir $1).$(notdir $1).ssp-summary ;
$(if $(wildcard $1.ssp-summary.h),,$(call fresh-file,$(dir $1).$(notdir $1).ssp-summary))
$(dir $1).$(notdir $1).ssp_mode.o: $(srctree)/scripts/ssp-mode.S $1.ssp-summary.h FORCE
	$$(call if_changed,as_image_ssp_mode)
$1: $2 $(dir $1).$(notdir $1).ssp_mode.o $(call ld-scripts,$(image-ldflags-$1)) FORCE
	$$(call if_changed,link_image,$(image-entry-$1))
image-targets += $1 $(dir $1).$(notdir $1).ssp-summary $(dir $1).$(notdir $1).ssp_mode.o
endef
runtime-ars := $(call archives-of,$(runtime-orders))
$(foreach i,$(images),$(eval image-ars-$(i) := $(if $(filter \
	n,$(image-runtime-$(i))),,$(runtime-ars))))
$(foreach i,$(images),$(eval $(call image-rules,$(i),$(image-ars-$(i)) \
	$(image-objs-$(i)))))
# The C library is linked as an archive, not audited as the image's: only
# the members the link pulls in are the image's.
$(foreach i,$(images),$(if $(filter n,$(image-runtime-$(i))),,$(eval $(i): $(LIBC_LDLIBS))))
# spaudit runs in every link, checkstack under CONFIG_STACK_USAGE.
$(foreach i,$(images),$(eval $(i): | $(SPAUDIT) $(if $(CONFIG_STACK_USAGE),$(CHECKSTACK))))

# Writing build.ninja: these images' edges go in a part of their own; what
# they are linked from is made by the directories' edges.
ifdef KBUILD_NINJA
ninja-part := .tmp/ninja-images$(if $(image-dirs),-$(subst /,-,$(image-dirs))).ninja
$(call fresh-file,$(ninja-part))$(file >$(ninja-part),# images of $(or $(image-dirs),$(core-dirs)))
$(file >>$(KBUILD_NINJA),$(ninja-part) $(MAKEFILE_LIST))
$(foreach f,$(filter-out $(image-targets),$(sort $(foreach i,$(images),$(image-ars-$(i)) \
	$(image-objs-$(i))) $(runtime-ars) $(LIBC_LDLIBS) $(CHECKSTACK))),$(eval $f: ;))
# The summary reads the audit records of the image's objects.
$(foreach i,$(images),$(eval ninja-outputs-$(dir $i).$(notdir $i).ssp-summary := $i.ssp-summary.h)$(eval \
	ninja-inputs-$(dir $i).$(notdir $i).ssp-summary := $(sort $(patsubst %/,%/.ssp-audit,$(dir \
	$(filter-out %.a,$(image-objs-$i)))))))
endif
endif

# checkstack-cmd IMAGE INPUTS FLAGS: scripts/checkstack on IMAGE, linked
# from INPUTS (the archives' members, archive-members), with each
# object's .su and .ci and the stack-annotations of its source directory
# (an M= tree's outputs map to its sources), and what the arch's ABI
# puts on the stack that no frame counts (ARCH_STACK_RED_ZONE,
# ARCH_STACK_CALL_BYTES, arch/<arch>/Makefile).
CHECKSTACK := $(objtree)/scripts/checkstack/checkstack
checkstack-cmd = $(CHECKSTACK) $3 --srctree=$(srctree) $(if \
	$(ARCH_STACK_RED_ZONE),--red-zone=$(ARCH_STACK_RED_ZONE)) $(if \
	$(ARCH_STACK_CALL_BYTES),--call-bytes=$(ARCH_STACK_CALL_BYTES)) $(if \
	$(KBUILD_EXTMOD),--source=$(ext-obj)=$(KBUILD_EXTMOD)) $1 \
	$(filter-out %.a,$2) $$($(call archive-members,$(filter %.a,$2)) || exit 2)

# Each image's own summary is included: ssp-mode.S reads its SSP_* values.
quiet_cmd_as_image_ssp_mode = AS      $@
      cmd_as_image_ssp_mode = $(call as-ssp-mode,$(tmp-target),$(lastword \
	$(filter %.ssp-summary.h,$^)))
# as-ssp-mode OUT HEADERS: scripts/ssp-mode.S, each of HEADERS included.
as-ssp-mode = $(CC) $(addprefix -include ,$2) $(LINUXINCLUDE) \
	$(KBUILD_CPPFLAGS) $(KBUILD_AFLAGS) -c -o $1 $(srctree)/scripts/ssp-mode.S

# The runtime's archives whole (its entry and guard are reached by no
# symbol), then the image's objects, its banner object, the C library
# (LIBC_LDLIBS, an ordinary archive: the members they call) and libgcc; the
# image's own link flags (NAME-ldflags) after the build's. Under
# CONFIG_STACK_USAGE checkstack then checks each task's stack; when it
# fails (STRICT), neither the new image nor an earlier build's is left.
quiet_cmd_link_image = LD      $@
      cmd_link_image = $(call link-image-cmd)$(if $(CONFIG_STACK_USAGE), && { \
	$(stack-check-relink) || { rc=$$?; rm -f $(tmp-target) $@; \
	echo "  removed $@: checkstack failed on it$(comma) as said above; an \
	earlier build's image is not kept either" >&2; exit $$rc; }; })

# link-image-cmd [OBJECT]: the link itself, OBJECT last (the bounds
# table), then what it took from prebuilt archives (prebuilt-relink).
link-image-cmd = $(call link-objects-cmd,$(filter-out %.a %.lds FORCE,$^) $1)$(if \
	$(prebuilt-archives), && $(call prebuilt-relink,$1))
link-objects-cmd = $(CC) $(KBUILD_LDFLAGS) $(image-ldflags-$@) \
	$(if $(image-entry-$@),-Wl$(comma)-e$(comma)$(image-entry-$@)) -o $(tmp-target) \
	$(if $(whole-ars),-Wl$(comma)--whole-archive $(whole-ars) \
	-Wl$(comma)--no-whole-archive) $1 \
	$(if $(filter n,$(image-runtime-$@)),,$(libc-link)) $(LIBGCC) \
	$(if $(filter n,$(ARCH_LIBGCC)),|| { echo "$@: ARCH=$(ARCH) links no \
	libgcc ($(ARCH_LIBGCC_WHY)): an undefined __helper named above is \
	a libgcc helper; write the code without it" >&2; exit 1; }) \
	$(if $(LD_DISCARD_SCRIPT),,&& { $(OBJCOPY) --remove-section='.discard' \
	--remove-section='.discard.*' --remove-section='.rela.discard*' \
	$(tmp-target) || { rm -f $(tmp-target); exit 1; }; })

# prebuilt-relink [OBJECT]: spaudit prebuilt counts what the link took
# from prebuilt archives; when that is anything, the banner, assembled
# before the link from the audited objects only, must say so: the image
# is linked again with a banner object that does (ssp-mode.S), as
# kallsyms links vmlinux again. The new banner moves no code, and the
# count of the second link must be the first's.
prebuilt-relink = { $(call prebuilt-cmd,$(prebuilt-banner)) || { rm -f \
	$(tmp-target) $@; echo "  removed $@: its prebuilt code was refused" >&2; \
	exit 1; }; } && { ! grep -q SSP_PREBUILT_CLAUSE $(prebuilt-banner) || { \
	$(call as-ssp-mode,$(dot-target).prebuilt.o,$@.ssp-summary.h \
	$(prebuilt-banner)) && $(call link-objects-cmd,$(patsubst \
	$(dot-target).ssp_mode.o,$(dot-target).prebuilt.o,$(filter-out \
	%.a %.lds FORCE,$^)) $1) && $(call prebuilt-cmd,$(prebuilt-banner).2) \
	>/dev/null && { cmp -s $(prebuilt-banner) $(prebuilt-banner).2 || { \
	echo "$@: linked again with the banner that counts its prebuilt code, \
	it holds other prebuilt code: see $(prebuilt-banner) and \
	$(prebuilt-banner).2" >&2; false; }; }; } || { rm -f $(tmp-target) $@; \
	echo "  removed $@: its banner could not count its prebuilt code" >&2; \
	exit 1; }; }
prebuilt-banner = $(dot-target).prebuilt.h
prebuilt-cmd = $(SPAUDIT) prebuilt --image=$(tmp-target) --name=$@ \
	--list=$(call ssp-image-list-file,$@) --record=$(call \
	ssp-prebuilt-file,$@) --banner=$1 $(if \
	$(CONFIG_CC_STACKPROTECTOR_STRICT_PREBUILT),--config=include/config/auto.conf) \
	$(prebuilt-archives)

# What an image links that the build did not compile: the compiler's
# runtime (libgcc) and, with CONFIG_LIBC_PICOLIBC, Debian's picolibc.
# spaudit prebuilt counts, after each link, the functions the image took
# from them; make spaudit lists them.
prebuilt-archives = $(LIBGCC_FILE) $(if $(filter n,$(image-runtime-$@)),,$(if \
	$(CONFIG_LIBC_PICOLIBC),$(picolibc-libc)))

whole-ars = $(filter-out $(LIBC_LDLIBS),$(filter %.a,$^))
libc-link = $(if $(LIBC_LDLIBS_EXTRA),-Wl$(comma)--start-group $(LIBC_LDLIBS) \
	$(LIBC_LDLIBS_EXTRA) -Wl$(comma)--end-group,$(LIBC_LDLIBS))

# CONFIG_STACK_USAGE: checkstack checks the tasks' stacks known at build
# time; an image with the task switcher (kernel/) is then linked again
# with the table of its task entries' bounds (kernel/task.c's
# __stack_bounds, for task_create() to check a stack given at run time),
# as kallsyms does. The table is data after the code: each entry must be
# where the table says in the second link, or a function moved (checked
# from the image's symbols alone, not a second reading of every object).
stack-bounds = $(dot-target).stack-bounds
stack-check = $(call checkstack-cmd,$(tmp-target),$(filter-out %.lds FORCE,$^),--check \
	$(KBUILD_SSP_STRICT) --name=$@ $1)
stack-check-relink = rm -f $(stack-bounds).S && $(call \
	stack-check,$(if $(stack-relink),--table=$(stack-bounds).S))$(if \
	$(stack-relink), && $(CC) $(KBUILD_AFLAGS) -c -o $(stack-bounds).o \
	$(stack-bounds).S && $(call link-image-cmd,$(stack-bounds).o) && \
	$(CHECKSTACK) --verify-table=$(stack-bounds).S --name=$@ $(tmp-target))
stack-relink = $(filter kernel/built-in.a,$^)

$(runtime-orders): %/archives.order: % ;
PHONY += $(core-dirs)
$(core-dirs): prepare scripts_basic scripts_spaudit
	$(Q)$(MAKE) $(build)=$@

# Generated headers and the stack-protector verdict come first. The make
# that writes build.ninja finds them made: they are no edges of it.
PHONY += prepare scripts_basic
ifdef KBUILD_NINJA
prepare scripts_basic:
	@:
# The register form's guard offset, which prepare read from asm-offsets.h,
# is read here the same way, for the directories' compiles (the images'
# make reads it itself).
ifeq ($(filter __images __checkstack,$(MAKECMDGOALS)),)
$(if $(ssp-task-flags-used),$(ssp-task-prepare))
endif
else
prepare: $(if $(need-config),include/config/auto.conf) \
		$(if $(ssp-task-flags-used),$(ssp-task-offset-file))
	$(ssp-prepare)
	$(if $(ssp-task-flags-used),$(ssp-task-prepare))
	$(call write-if-changed,include/generated/build.h,$(build-header))

# SSPKIT_GUARD_*: where kernel/task.c puts each task's canary. Where the
# guard lives, in words, is the audit summary's (SSP_GUARD_LOCATION).
define build-header
/* Generated by make; do not edit. */
#define SSPKIT_ARCH "$(ARCH)"
#define SSPKIT_CC "$(firstword $(CC))"
#define SSPKIT_GUARD_REGISTER $(if $(ssp-task-flags-used),1,0)
#define SSPKIT_GUARD_SWITCHED $(if $(filter switched,$(ssp-guard-form)),1,0)
endef

# The task struct's layout, for the register form's guard offset: the
# kernel's asm-offsets way. kernel/asm-offsets.c puts each offset into a
# marker line of the assembler output, which sed turns into a #define.
quiet_cmd_asm_offsets = GEN     $@
      cmd_asm_offsets = rm -f $(dot-target).s.tmp && \
	$(CC) -Wp,-MMD,$(depfile) $(LINUXINCLUDE) \
	$(KBUILD_CPPFLAGS) $(KBUILD_CFLAGS) -S -o $(dot-target).s.tmp $< && \
	{ echo '/* Generated from kernel/asm-offsets.c; do not edit. */'; \
	  sed -n 's/^[[:space:]]*\.ascii[[:space:]]*"->\([A-Z_0-9]*\) [$$\#]*\([0-9]*\).*/\#define \1 \2/p' \
	  $(dot-target).s.tmp; } > $(tmp-target) && \
	rm -f $(dot-target).s.tmp
$(ssp-task-offset-file): $(srctree)/kernel/asm-offsets.c \
		$(if $(need-config),include/config/auto.conf) FORCE | scripts_basic
	$(call if_changed_dep,asm_offsets)
targets += $(ssp-task-offset-file)

# Under the ninja engine fixdep's own rule builds it (one make, never two
# at once under -j).
ifeq ($(ninja-engine),y)
scripts_basic: $(fixdep)
else
scripts_basic:
	$(Q)$(MAKE) $(build)=scripts/basic
endif
endif

####
# Single targets, as in Kbuild: "make lib/" builds a directory, "make
# lib/string.o" (or .i, .s) one file, with the flags the full build gives
# it. The directory's Kbuild file names what it builds; the audit of an
# object built alone comes with the next full build.
single-targets := $(filter %.o %.i %.s,$(MAKECMDGOALS))
single-dirs    := $(filter %/,$(MAKECMDGOALS))
PHONY += $(single-targets) $(single-dirs)
$(single-targets): prepare scripts_basic scripts_spaudit
	$(if $(wildcard $(addprefix $(srctree)/$(basename $@),.c $(if $(filter \
		%.o,$@),.S))),,$(error $@: there is no $(basename $@).c$(if $(filter \
		%.o,$@), or .S) in $(abspath $(srctree)) to make it from))
	$(Q)$(MAKE) $(build)=$(patsubst %/,%,$(dir $@)) $@
$(single-dirs): prepare scripts_basic scripts_spaudit
	$(if $(wildcard $(srctree)/$@Kbuild $(srctree)/$@Makefile),,$(error $@: \
		$(abspath $(srctree))/$@ has no Kbuild or Makefile naming what to build))
	$(Q)$(MAKE) $(build)=$(patsubst %/,%,$@)

####
# spreport: how many functions this build protects, and what it costs.
PHONY += spreport scripts_spreport scripts_spaudit scripts_elfscan
scripts_spreport: scripts_elfscan
	$(Q)$(MAKE) $(build)=scripts/spreport
# spaudit, the auditor, and the ELF reading it shares with spreport.
scripts_spaudit: scripts_elfscan
	$(Q)$(MAKE) $(build)=scripts/spaudit
scripts_elfscan: scripts_basic
	$(Q)$(MAKE) $(build)=scripts/elfscan

####
# checkstack: each image's roots (its entry, each task an annotation
# declares) with their worst-case stack depth, stack size, margin and
# deepest path, or what made them unbounded (scripts/checkstack,
# Documentation/stack-depth.md). Needs CONFIG_STACK_USAGE. With M=DIR,
# the images DIR declares. CHECKSTACK_FLAGS=--json: one JSON object per
# image, a line each.
PHONY += checkstack scripts_checkstack
scripts_checkstack: scripts_basic
	$(Q)$(MAKE) $(build)=scripts/checkstack
checkstack: $(if $(KBUILD_EXTMOD),external,all) scripts_checkstack
	$(if $(CONFIG_STACK_USAGE),,$(error make checkstack needs the frames \
		and calls CONFIG_STACK_USAGE writes: set it (make menuconfig, \
		"Compute each task's worst-case stack depth") and build again))
	$(Q)$(MAKE) -f $(srctree)/Makefile __checkstack image-dirs="$(if \
		$(KBUILD_EXTMOD),$(ext-obj),$(core-dirs) $(boot-dirs))"

# With M=DIR, the images DIR declares; a tree of objects only, its objects.
spreport-inputs = $(if $(KBUILD_EXTMOD),$(or $(call images-in,$(ext-obj)),$(call \
	ext-objects)),$(objtree)/sample)
spreport: all scripts_spreport
	$(Q)$(objtree)/scripts/spreport/spreport $(SPREPORT_FLAGS) $(spreport-inputs)

# spaudit: one line per object of every image, as the last build's audit
# left it, and a non-zero exit when any object is weaker than the build
# asks for or the build did not finish. It reads, and builds nothing: a
# make with other flags would audit another build than the one asked about.
# SPAUDIT_FLAGS=--json for CI (JSON only on stdout).
# An M= tree's images.order is third-party data: spaudit reads it itself
# (--images); make only checks its names (images-in) and that the build
# left lists.
PHONY += spaudit
spaudit-lists = $(if $(KBUILD_EXTMOD),$(wildcard $(foreach i,$(or $(call \
	images-in,$(ext-obj)),$(ext-library)),$(call ssp-image-list-file,$(i)))),$(wildcard \
	$(call ssp-image-list-file,*)))
spaudit:
	$(if $(KBUILD_EXTMOD),$(ext-objtree-check))
	$(if $(and $(wildcard $(SPAUDIT)),$(spaudit-lists)),,$(error no audited \
		build in $(abspath $(objtree)): run "make" first, then "make spaudit"))
	$(Q)$(SPAUDIT) report $(SPAUDIT_FLAGS) $(if $(and $(KBUILD_EXTMOD),$(call \
		images-in,$(ext-obj))),--images=$(ext-obj)/images.order,$(spaudit-lists))

# spcompare: every mode of ARCH, each in its own O= directory below
# spcompare/, compared against NONE; also draws spcompare/spcompare.svg.
# SPCOMPARE_CONFIGS: the user's own fragments, merged into every mode's
# build; SPCOMPARE_DEFCONFIG: the defconfig they start from, when not
# ARCH_defconfig (a board's: rv32_nommu_virt_defconfig, mps2_defconfig).
# The builds share this make's job server ("+": make -j4 spcompare), but
# not the CROSS_COMPILE this make chose for its own configuration (a
# board's defconfig wants another): only one the user gave. With M=DIR,
# DIR's image is what is compared (SPCOMPARE_IMAGE=NAME: one of several),
# each mode's build of DIR in its own MO=, below spcompare-DIR/.
PHONY += spcompare
spcompare: scripts_spreport
	+$(Q)$(if $(filter file,$(origin CROSS_COMPILE)),env -u CROSS_COMPILE) SPREPORT=$(abspath $(objtree)/scripts/spreport/spreport) \
		$(CONFIG_SHELL) $(srctree)/scripts/spreport/spcompare \
		$(if $(SPCOMPARE_CONFIGS),--configs="$(SPCOMPARE_CONFIGS)") \
		$(if $(SPCOMPARE_DEFCONFIG),--defconfig="$(SPCOMPARE_DEFCONFIG)") \
		$(if $(KBUILD_EXTMOD),--ext=$(KBUILD_EXTMOD) $(if $(SPCOMPARE_IMAGE),--image=$(SPCOMPARE_IMAGE))) \
		$(abspath $(srctree)) $(abspath $(objtree))/spcompare$(if $(KBUILD_EXTMOD),-$(notdir $(KBUILD_EXTMOD))) $(ARCH)

####
# The compile database for clangd, from the recorded command lines.
PHONY += compile_commands.json
quiet_cmd_gen_compile_commands = GEN     $@
      cmd_gen_compile_commands = rm -f $@.tmp && $(CONFIG_SHELL) \
	$(srctree)/scripts/gen-compile-commands . > $@.tmp && mv -f $@.tmp $@
compile_commands.json: all
	$(call cmd,gen_compile_commands)

CONFIG_SHELL := /bin/sh
export CONFIG_SHELL

####
# Running the sample: natively on the host arch, else under qemu-user; a
# bare-metal board's image always under its QEMU (scripts/run-board),
# whatever the machine.
# With M=DIR, the image DIR declares, or the one RUNIMAGE=NAME names when
# it declares several. The list is read once the build has written it.
PHONY += run
run: $(if $(KBUILD_EXTMOD),external,sample)
	$(if $(run-wrapper),$(if $(call which-prog,$(firstword $(run-wrapper))),, \
	  $(error $(firstword $(run-wrapper)) not found: install Debian \
	  package qemu-user (scripts/install-deps $(ARCH)))))
	$(Q)$(run-wrapper) $(run-image) $(RUNARGS)

run-images = $(if $(KBUILD_EXTMOD),$(call images-in,$(ext-obj)),./sample)
run-image = $(if $(RUNIMAGE),$(or $(filter %/$(RUNIMAGE) $(RUNIMAGE),$(run-images)),$(error \
	RUNIMAGE=$(RUNIMAGE): no such image; $(run-images-said))),$(if $(filter 1,$(words \
	$(run-images))),$(run-images),$(error $(if $(run-images),several images to run: \
	give RUNIMAGE=NAME; ,nothing to run: )$(run-images-said))))
run-images-said = $(or $(KBUILD_EXTMOD),the kit) declares $(if $(run-images),$(notdir \
	$(run-images)),no image (image-y += NAME in its Kbuild))

run-wrapper = $(if $(CONFIG_BARE_METAL),$(QEMU),$(if $(filter $(ARCH),$(SUBARCH)),,$(QEMU)))

# Read back the commands recorded by earlier builds, for if_changed. The
# images' make reads its own only: the first make may be rewriting
# sample's (if_changed removes a record before it writes it again).
# (The make that writes build.ninja reads none, as scripts/Makefile.build.)
cmd-files := $(if $(KBUILD_NINJA),,$(wildcard $(foreach t,$(if $(filter \
	__images,$(MAKECMDGOALS)),$(image-targets),$(targets)),$(dir $(t)).$(notdir $(t)).cmd)))
ifneq ($(cmd-files),)
include $(cmd-files)
endif

endif # config-targets / build goals

####
# Goals that need no configuration.

PHONY += clean mrproper distclean
clean-dirs := arch kernel lib samples scripts
# Every file the build made has a .NAME.cmd record beside it: remove both,
# so no list of generated files has to be kept by hand.
# With M=DIR, what the build wrote in DIR. The names go NUL-separated
# from find to rm: a third-party tree's file names are data, and one with
# a blank or a newline must not split into a path outside it.
# With M=DIR, only what the build's records name (scripts/clean-records):
# a third-party tree may ship files of its own under any name.
clean-root := $(or $(ext-obj),.)
ifneq ($(KBUILD_EXTMOD),)
clean:
	$(Q)$(srctree)/scripts/clean-records $(clean-root)
else
clean:
	$(Q)find $(clean-root) -name '.*.cmd' -type f -print0 | \
		sed -z 's|/\.\([^/]*\)\.cmd$$|/\1|' | xargs -0r rm -f --
	$(Q)find $(clean-root) \( -name '*.o' -o -name '*.a' -o -name '.*.cmd' \
		-o -name '.*.d' -o -name '*.tmp' -o -name '.*.ssp' -o -name '.*.list' \
		-o -name '.ssp-audit*' -o -name '.*.ssp-objects' -o -name '.*.ssp-prebuilt' \
		-o -name '.*.ssp-summary' \
		-o -name 'images.order' -o -name 'archives.order' -o -name '.*.image' \
		-o -name '*.ssp-summary.h' \
		-o -name '.kbuild-objtree' -o -name '*.su' -o -name '*.ci' \
		-o -name '*.c.*.optimized' -o -name '*.c.*.cgraph' \
		-o -name '.*.stack-bounds*' -o -name '.*.prebuilt.*' \
		-o -name '.kbuild.ninja' -o -name '.*.cmd.next' \) \
		-type f -print0 | \
		xargs -0r rm -f
	$(Q)rm -f compile_commands.json build.ninja .ninja_log .ninja_deps .tmp/ninja.* \
		.tmp/ninja-*.ninja
endif

# With M=DIR, mrproper and distclean are DIR's clean: the configuration,
# generated headers and probes belong to the tree DIR is built against,
# which other external trees share.
ifeq ($(KBUILD_EXTMOD),)
# The configuration is kept as .config.old, as by any goal that replaces
# .config: "cp .config.old .config" undoes a mistyped mrproper. With no
# .config, the .config.old an earlier mrproper kept stays.
mrproper: clean
	$(Q)rm -rf include/config include/generated .tmp spcompare spcompare-*
	$(Q)if [ -e $(KCONFIG_CONFIG) ]; then \
		mv -f $(KCONFIG_CONFIG) $(KCONFIG_CONFIG).old && \
		echo "  the configuration is kept as $(abspath $(KCONFIG_CONFIG).old):" \
			"\"cp $(abspath $(KCONFIG_CONFIG).old) $(abspath $(KCONFIG_CONFIG))\"" \
			"brings it back" >&2; fi
	$(Q)rm -f $(KCONFIG_CONFIG).ssp.old defconfig .tmp.config* .tmpconfig* \
		$(KCONFIG_CONFIG).old.tmp $(KCONFIG_CONFIG).ssp.old.tmp

# distclean also removes the lock mrproper keeps (see make-lock), last: a
# make that waited on it at that moment runs unlocked; it would build a
# tree with no configuration, which stops at once.
distclean: mrproper
	$(Q)find . \( -name '*.orig' -o -name '*.rej' -o -name '*~' \) \
		-type f -print0 | xargs -0r rm -f
	$(Q)rm -f .make.lock
else
mrproper distclean: clean
	@echo "  M=$(KBUILD_EXTMOD): $@ removed that tree's outputs only$(if \
		$(KBUILD_EXTMOD_OUTPUT), (in MO=$(KBUILD_EXTMOD_OUTPUT)));" \
		"$(abspath $(objtree)) keeps its configuration" >&2
endif

# The test suite, the arch x mode matrix and the benchmarks build in
# scratch O= directories of their own; none of them needs a .config here.
PHONY += check check-quick matrix bench
check:
	$(Q)$(srctree)/tests/run $(TESTS)

# The quick part: every test file but those marked "# tests/run: slow"
# (the matrix, the sweeps, every-arch loops), for the edit loop.
check-quick:
	$(Q)$(srctree)/tests/run --quick $(TESTS)

matrix:
	$(Q)$(MAKE) -f $(srctree)/scripts/matrix/Makefile srctree=$(abspath \
		$(srctree)) $(if $(ARCHES),ARCHES="$(ARCHES)") \
		$(if $(MODES),MODES="$(MODES)") \
		$(if $(COMPILERS),COMPILERS="$(COMPILERS)")

# Every executable script in scripts/bench/ prints its figures; none fails
# on speed. The others (gen-tree) are helpers the scripts share.
bench:
	$(Q)set -e; for b in $(sort $(wildcard $(srctree)/scripts/bench/*)); do \
		[ -x "$$b" ] || continue; echo "== $${b#$(srctree)/}"; $$b; done

# The suite's own mutation check: each mutant of scripts/mutants/mutants.txt
# planted alone in a scratch copy of the tree, its tests run there. Slow
# (each mutant runs its test files); before a release, after a refactor
# of a checker (Documentation/mutants.md). MUTANTS=name... runs some only.
PHONY += mutants
mutants:
	$(Q)$(srctree)/scripts/mutants/run $(if $(MUTANTS),--only "$(MUTANTS)")

PHONY += help
help:
	@echo 'Configuration targets:'
	@echo '  config          - Update current config with a line-oriented program'
	@echo '  menuconfig      - Update current config with a menu (ncurses)'
	@echo '  nconfig         - Update current config with a newer ncurses menu'
	@echo '  guiconfig       - Update current config with a Tk menu (KCONFIG=kconfiglib)'
	@echo '  oldconfig       - Update current config, asking only for new options'
	@echo '  olddefconfig    - Update current config, new options at their defaults'
	@echo '  listnewconfig   - List options that the current config does not set'
	@echo '  defconfig       - New config from configs/$$(KBUILD_DEFCONFIG),'
	@echo '                    by default configs/$$(ARCH)_defconfig'
	@echo '  NAME_defconfig  - New config from configs/NAME_defconfig, or from'
	@echo '                    a board'"'"'s folder: arch/*/mach-*/NAME_defconfig'
	@echo '  NAME.config     - Merge the fragment configs/NAME.config into .config'
	@echo '  savedefconfig   - Save the current config as a minimal ./defconfig'
	@echo ''
	@echo 'Build targets:'
	@echo '  all             - Build every image: sample, yours (image-y), on arm zImage'
	@echo '  run             - Build and run sample (under qemu-user when cross;'
	@echo '                    a board under qemu-system, scripts/run-board); with'
	@echo '                    M=dir, the image dir declares (RUNIMAGE=NAME: one of several)'
	@echo '  dir/            - Build one directory (make lib/)'
	@echo '  dir/file.o      - Build one object; dir/file.i, dir/file.s: its'
	@echo '                    preprocessed source, its assembler'
	@echo '  compile_commands.json - Compile database for clangd'
	@echo '  spreport        - Count the stack-protected functions of this build'
	@echo '  spaudit         - What each object of the last build was built as; builds nothing'
	@echo '  checkstack      - Each image'"'"'s roots with their worst-case stack depth'
	@echo '                    (CONFIG_STACK_USAGE; CHECKSTACK_FLAGS=--json)'
	@echo '                    (SPAUDIT_FLAGS=--json: JSON only, with make -s)'
	@echo '  spcompare       - Build every mode of ARCH and compare their images'
	@echo '  matrix          - Build and run every ARCH x mode x compiler (ARCHES=, MODES=, COMPILERS=)'
	@echo '  check           - Run the test suite'
	@echo '  check-quick     - The test suite but for the files marked slow (the edit loop)'
	@echo '  bench           - Run the benchmarks (scripts/bench/*), print their figures'
	@echo '  mutants         - Plant each bug of scripts/mutants/mutants.txt in a copy'
	@echo '                    of the tree, run its tests, say which survive (slow)'
	@echo ''
	@echo 'Cleaning targets:'
	@echo '  clean           - Remove built files, keep the configuration'
	@echo '  mrproper        - Remove built files and the configuration (kept as .config.old)'
	@echo '  distclean       - mrproper, editor backups, patch leftovers and .make.lock'
	@echo ''
	@echo 'Variables (Documentation/usage.md, "Variables", has them all):'
	@echo '  ARCH=$(supported-arches)'
	@echo '                    (default: this machine, $(SUBARCH))'
	@echo '  CROSS_COMPILE=prefix  cross toolchain (each ARCH has a default)'
	@echo '  LLVM=1          - build with clang and lld'
	@echo '  LD=ld.lld|ld.mold - the linker (default: the toolchain'"'"'s ld.bfd)'
	@echo '  KBUILD_ENGINE=ninja|make - what runs the build'"'"'s steps: ninja, from a'
	@echo '                    build.ninja make writes, or the recursive make'
	@echo '  NINJA=path      - the ninja program (KBUILD_ENGINE=ninja)'
	@echo '  CC=compiler     - another target compiler (a wrapper, a version)'
	@echo '  O=dir           - put every generated file in dir'
	@echo '  M=dir           - build the Kbuild file of dir, outside the kit, and its'
	@echo '                    images, against this configured tree (also clean, spaudit,'
	@echo '                    spreport, run)'
	@echo '  MO=dir          - with M=: put the outputs of that tree in dir, not in the tree'
	@echo '  V=0|1           - short or whole command lines'
	@echo '  KCONFIG=kconfiglib - run config targets and syncconfig on Kconfiglib'
	@echo '                    (python3-kconfiglib) instead of kconfig-frontends'
	@echo '  KCONFIGLIB_PYTHON=python - the python that has kconfiglib'
	@echo '  KCONFIG_CONFIG=file - the configuration file (default: .config)'
	@echo '  KBUILD_DEFCONFIG=NAME_defconfig - what make defconfig loads'
	@echo '                    (default: $$(ARCH)_defconfig)'
	@echo '  KCONFIG_WERROR=1 - make NAME.config: a setting that does not make it'
	@echo '                    is an error, and .config is left as it was'
	@echo '  KBUILD_BUILD_SEED=STRING - pin what varies per object tree (a board'"'"'s'
	@echo '                    guard seed): reproducible images'
	@echo '  KCFLAGS=...     - extra flags for every target C compile'
	@echo '  KCPPFLAGS=...   - extra flags for every target compile, C and assembler'
	@echo '  KLDFLAGS=...    - extra flags for the target link'
	@echo '  HOSTCFLAGS=..., HOSTLDFLAGS=... - extra flags for the host programs'
	@echo '  RUNARGS=...     - arguments for sample in make run (RUNARGS="smash char16")'
	@echo '  RUNIMAGE=NAME   - make M=dir run: which of the images dir declares'
	@echo '  SPREPORT_FLAGS=... - flags for make spreport (--list, --json)'
	@echo '  SPAUDIT_FLAGS=--json - make spaudit as JSON (with make -s)'
	@echo '  CHECKSTACK_FLAGS=--json - make checkstack as JSON, a line per image (with make -s)'
	@echo '  SPCOMPARE_CONFIGS=a.config... - make spcompare: fragments for every mode'
	@echo '  SPCOMPARE_DEFCONFIG=NAME_defconfig - make spcompare: what every mode starts from'
	@echo '  SPCOMPARE_IMAGE=NAME - make M=dir spcompare: which of the images of dir to compare'
	@echo '  TESTS=pattern... - make check: only the test files whose path has one'
	@echo '  ARCHES=, PLATFORMS=, MODES=, COMPILERS=, GUARDS='
	@echo '                  - make matrix: a subset of an axis'
	@echo '  MATRIX_OUT=dir  - make matrix: where the results go (matrix-results/)'
	@echo '  MUTANTS=name... - make mutants: only these mutants (JOBS= as for check)'

PHONY += FORCE
FORCE:

.PHONY: $(PHONY)
.DELETE_ON_ERROR:

endif # skip-makefile
