/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the ARMv7-M code (arch/arm/kernel/) needs to know of the MPS2
 * AN385 that the architecture leaves to the board; its memory map is
 * mps2.lds's. Makefile.board puts this folder's include/ on the include
 * path of the board's builds, as the kernel's <mach/...> headers.
 */
#ifndef __MACH_BOARD_H
#define __MACH_BOARD_H

/*
 * The core's clock, which SysTick counts with CLKSOURCE set: 25 MHz,
 * qemu's mps2 "sysclk". The child's alarm (fork-v7m.c) counts tenths of
 * a second of it.
 */
#define BOARD_CPU_HZ		25000000u

#endif /* __MACH_BOARD_H */
