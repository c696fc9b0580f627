/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the machine-mode code (arch/riscv/kernel/) needs to know of QEMU's
 * virt board that the ISA leaves to the board; its memory map is
 * virt.lds's. Makefile.board puts this folder's include/ on the include
 * path of the board's builds, as the kernel's <mach/...> headers.
 */
#ifndef __MACH_BOARD_H
#define __MACH_BOARD_H

/*
 * The CLINT, whose mtime and hart 0's mtimecmp give the child's alarm
 * (fork-mmode.c), and mtime's rate: 10 MHz on QEMU's virt.
 */
#define BOARD_CLINT_BASE	0x02000000ul
#define BOARD_MTIME_HZ		10000000u

#endif /* __MACH_BOARD_H */
