#!/bin/sh
# No output follows a link it did not create (issue 39, case 4): a
# symlink planted at a temporary name (or at an output kconfig writes)
# points at a victim file outside the tree, or at a file that does not
# exist yet. Every step removes it or makes its file with O_EXCL: the
# victim keeps its text, no file appears at the dangling target, and what
# the step leaves at that name is no link.
. "$(dirname "$0")/../lib.sh"

O="$T/obj"
V="$T/victim"
echo precious >"$V"
# plant PATH...: a link to the victim at each PATH (two: one to a file
# that does not exist, made by PATH's step if it followed the link).
plant() {
	for p; do
		mkdir -p "$(dirname "$p")"
		rm -f "$p"
		case $p in *cmd.tmp | *.list) ln -s "$T/ghost" "$p" ;; *) ln -s "$V" "$p" ;; esac
	done
}
# unfollowed NAME PATH...: the victim is intact, no ghost was made, and
# no PATH is a link any more.
unfollowed() {
	what=$1; shift
	check_eq "$what: the victim outside the tree is untouched" precious "$(cat "$V")"
	check "$what: ...no file made at a dangling link's target" test ! -e "$T/ghost"
	links=""
	for p; do [ -L "$p" ] && links="$links $p"; done
	check_eq "$what: ...no link left at the names it wrote" "" "$links"
}

# The config steps: replace-config's .config.old.tmp and
# .config.ssp.old.tmp, make NAME.config's .tmp.config.merge, kconfig's
# savedefconfig's files.
mk O="$O" defconfig
check_eq "defconfig" 0 $?
files="$O/.config.old.tmp $O/.config.ssp.old.tmp $O/.tmp.config.merge"
plant $files
mk O="$O" none.config
check_eq "(4) make none.config (lowers protection: .config.ssp.old)" 0 $?
check "(4) ...which kept .config.ssp.old" test -f "$O/.config.ssp.old"
unfollowed "(4) config steps" $files
plant "$O/.config.old.tmp"
mk O="$O" defconfig
check_eq "(4) make defconfig again (.config.old)" 0 $?
unfollowed "(4) make defconfig" "$O/.config.old.tmp"
check "(4) ...and .config.old is a file of its own" test -f "$O/.config.old" -a ! -L "$O/.config.old"
files="$O/defconfig $O/defconfig.tmp $O/defconfig.min.tmp"
plant $files
mk O="$O" savedefconfig
check_eq "(4) make savedefconfig" 0 $?
unfollowed "(4) make savedefconfig" $files
check_grep "(4) ...writing ./defconfig" '^# saved on ARCH=' "$O/defconfig"

# The build: syncconfig's .tmpconfig* (kconfig-frontends), fixdep's record, make's $(file) outputs (records, archive
# lists, the audit's manifest, build.h through write-if-changed), the
# compiler's output and depfile, spaudit's records.
files="$O/lib/.string.o.cmd.tmp $O/lib/string.o.tmp $O/lib/.string.o.d \
	$O/lib/.string.o.ssp.tmp $O/lib/.built-in.a.cmd.tmp $O/lib/.built-in.a.list \
	$O/lib/built-in.a.tmp $O/lib/.ssp-audit.in $O/lib/.ssp-audit.tmp \
	$O/include/generated/build.h.tmp $O/samples/sample/sample.tmp \
	$O/.tmpconfig $O/.tmpconfig.h $O/.tmpconfig_tristate"
# The ninja engine's generating make writes lib's files into its batch,
# lib/.gen.tmp, first, its part of build.ninja too (gen-batch-dir,
# Kbuild.include).
[ "${KBUILD_ENGINE:-ninja}" = make ] ||
	files="$files $O/lib/.gen.tmp/.kbuild.ninja $O/lib/.gen.tmp/.built-in.a.list \
		$O/lib/.gen.tmp/images.order"
plant $files
mk O="$O"
check_eq "(4) make in a tree with planted links" 0 $?
unfollowed "(4) make" $files
check "(4) ...and builds sample" test -x "$O/sample"

# What the Kconfig engines open in place on a sync: a symbol's file they
# touch, autoconf.h; and the lock flock opens. A change of mode makes the
# next make sync, with either engine. (auto.conf is make's own input,
# read before any sync: a link there is read, as any file make includes.)
for engine in frontends kconfiglib; do
	kc=; [ $engine = kconfiglib ] && kc=KCONFIG=kconfiglib
	mk O="$O" $kc regular.config
	files="$O/include/config/cc/stackprotector/regular.h \
		$O/include/config/cc/stackprotector/strong.h $O/include/generated/autoconf.h \
		$O/.make.lock"
	plant $files
	mk O="$O" $kc strong.config
	mk O="$O" $kc
	check_eq "(4) $engine: make syncs a new mode over planted links" 0 $?
	unfollowed "(4) $engine: syncconfig and the lock" $files
	check_grep "(4) $engine: ...and auto.conf is the configuration's" '^CONFIG_CC_STACKPROTECTOR_STRONG=y' \
		"$O/include/config/auto.conf"
done

# spreport's chart (make spcompare draws spcompare/spcompare.svg).
plant "$O/chart.svg"
"$O/scripts/spreport/spreport" --compare "$O/lib" "$O/kernel" --svg "$O/chart.svg" >"$T/out" 2>&1
check_eq "(4) spreport --svg over a planted link" 0 $?
unfollowed "(4) spreport --svg" "$O/chart.svg"
check_grep "(4) ...drawing the chart there" '^<svg ' "$O/chart.svg"

# The same in an M= tree, third-party content by definition.
M="$T/ext"
mkdir -p "$M"
cp "$SRC/tests/kbuild/hello/"* "$M/"
files="$M/.main.o.cmd.tmp $M/main.o.tmp $M/.main.o.d $M/.main.o.ssp.tmp \
	$M/.ssp-audit.in $M/images.order.tmp $M/.hello.image.tmp $M/hello.tmp \
	$M/.hello.cmd.tmp $M/hello.ssp-summary.h.tmp $M/.hello.ssp-summary.tmp \
	$M/.hello.ssp-objects.tmp"
plant $files
mk O="$O" M="$M"
check_eq "(4) make M=DIR with planted links" 0 $?
unfollowed "(4) make M=DIR" $files
check "(4) ...and links hello" test -x "$M/hello"

done_testing
