// SPDX-License-Identifier: GPL-2.0
/*
 * The stage's system calls on an ARMv7-M board: the board's own, on Arm
 * semihosting (lib/semihosting.c), compiled into the stage as
 * string.c compiles lib/string.c. The stage links no lib/ archive.
 */
#include "../../../../lib/semihosting.c"
