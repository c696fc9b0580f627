#!/bin/sh
# tests/run: slow
# QEMU's virt board, RV32 and RV64, with clang --target=riscv32/64-
# unknown-elf and ld.lld (LLVM=1), every mode (virt-boot.sh).
. "$(dirname "$0")/../lib.sh"
COMPILER=clang
. "$SRC/tests/board/virt-boot.sh"
