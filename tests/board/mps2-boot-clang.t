#!/bin/sh
# tests/run: slow
# The MPS2 AN385 board with clang --target=thumbv7m-none-eabi and ld.lld
# (LLVM=1), every mode (boot.sh).
. "$(dirname "$0")/../lib.sh"
COMPILER=clang
. "$SRC/tests/board/mps2-boot.sh"
