# SPDX-License-Identifier: GPL-2.0
# Prints QEMU, the command "make run" runs a board's image with, as the
# board's own Makefile.board (arch/*/mach-*/) sets it for the
# configuration CONFIG (a .config): the one place the tests read a board's
# QEMU line from (tests/board/lib.sh's board_qemu). kconfig-value reads
# CONFIG as scripts/Makefile.toolchain reads the configuration.
# usage: make -s -f tests/board/board-qemu.mk srctree=DIR config=FILE

config-words := $(if $(wildcard $(config)),$(file <$(config)),$(error \
	board-qemu.mk: no configuration $(config): give config=FILE, a .config))
kconfig-value = $(patsubst $1=%,%,$(filter $1=%,$(config-words)))
include $(wildcard $(srctree)/arch/*/mach-*/Makefile.board)

print:
	$(if $(QEMU),,$(error board-qemu.mk: no Makefile.board in \
		$(srctree)/arch/*/mach-*/ sets QEMU for $(config): is it a board's?))
	@echo '$(QEMU)'
