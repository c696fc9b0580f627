/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RISC-V semihosting, as a machine-mode board uses it: the debugger (here
 * qemu-system-riscv32/64 -semihosting-config enable=on) carries out an
 * operation on the host. "RISC-V Semihosting", version 0.2:
 *   instruction : slli x0, x0, 0x1f; ebreak; srai x0, x0, 7, uncompressed
 *                 and on one page (arch/riscv/lib/semihost.S)
 *   operation   : a0
 *   argument    : a1, a value or the address of a block of XLEN words
 *   return      : a0
 * Without a debugger attached the ebreak is a breakpoint trap.
 */
#ifndef _SSPKIT_RISCV_ASM_SEMIHOSTING_H
#define _SSPKIT_RISCV_ASM_SEMIHOSTING_H

#include <asm-generic/semihosting.h>

long semihosting_call(long op, const void *arg);

#endif /* _SSPKIT_RISCV_ASM_SEMIHOSTING_H */
