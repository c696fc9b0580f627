// SPDX-License-Identifier: GPL-2.0
/*
 * The stage's system calls on an ARMv7-M board: the board's own, on Arm
 * semihosting (lib/semihosting.c), compiled into the stage as
 * string.c compiles lib/string.c. The stage links no lib/ archive.
 *
 * The stage has one program and no child: the board's fork is not part
 * of it, so the system calls get <sspkit/board-fork.h>'s stubs for a
 * board without one (getpid 1; fork, wait4 and alarm -ENOSYS). Nor
 * does it paint stacks: the image it starts does (CONFIG_STACK_PAINT).
 */
#undef CONFIG_HAVE_BOARD_FORK
#undef CONFIG_STACK_PAINT
#include "../../../../lib/semihosting.c"
