#!/bin/sh
# tests/run: slow
# The MPS2 AN385 board with arm-none-eabi-gcc, every mode (boot.sh).
. "$(dirname "$0")/../lib.sh"
COMPILER=gcc
. "$SRC/tests/board/mps2-boot.sh"
