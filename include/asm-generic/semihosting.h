/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Semihosting's operations, the same numbers on Arm and RISC-V (the
 * RISC-V semihosting spec takes Arm's): the debugger, here qemu-system
 * with -semihosting-config enable=on, carries them out on the host.
 * Each arch's <asm/semihosting.h> includes this and gives
 * semihosting_call(op, arg), its own instruction sequence.
 */
#ifndef _SSPKIT_ASM_GENERIC_SEMIHOSTING_H
#define _SSPKIT_ASM_GENERIC_SEMIHOSTING_H

#define SYS_OPEN		0x01	/* {name, mode, strlen(name)} */
#define SYS_WRITE		0x05	/* {handle, buf, len}: bytes NOT written */
#define SYS_WRITE0		0x04	/* NUL-terminated string, debug channel */
#define SYS_GET_CMDLINE		0x15	/* {buf, size}: size set to the length */
#define SYS_EXIT		0x18	/* reason (A32/T32/rv32: no status; rv64: a block) */
#define SYS_EXIT_EXTENDED	0x20	/* {reason, status} */

#define ADP_Stopped_ApplicationExit	0x20026

/* SYS_OPEN's modes for ":tt": "w" is standard output, "a" standard error. */
#define SH_OPEN_W		4
#define SH_OPEN_A		8

/*
 * The system calls of a board, on semihosting (lib/semihosting.c), under
 * the Linux numbers of the arch's <asm/syscall.h>: write(1|2), exit_group,
 * getpid (1), kill(1, SIG) as status 128+SIG; -ENOSYS for the rest.
 */
long semihosting_syscall(long nr, long a1, long a2, long a3);

/* The argc/argv block of the semihosting command line, for reset. */
long *semihosting_boot_args(void);

#endif /* _SSPKIT_ASM_GENERIC_SEMIHOSTING_H */
