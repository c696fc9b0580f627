// SPDX-License-Identifier: GPL-2.0
/*
 * The stage's fatal report and end on an ARMv7-M board: the board's own
 * (lib/board-report.c), which the fault handlers it shares with the
 * board's image (head-v7m.c) call, compiled into the stage as string.c
 * compiles lib/string.c. The stage links no lib/ archive. Declared
 * exempt in the Makefile, as the board's own lib/board-report.o is.
 */
#include "../../../../lib/board-report.c"
