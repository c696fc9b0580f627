#!/bin/sh
# tests/run: slow
# QEMU's virt board, RV32 and RV64, with riscv64-unknown-elf-gcc, every
# mode (virt-boot.sh).
. "$(dirname "$0")/../lib.sh"
COMPILER=gcc
. "$SRC/tests/board/virt-boot.sh"
