/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The generic system call numbers (Linux include/uapi/asm-generic/unistd.h),
 * for the arches whose kernel uses that table instead of one of their own:
 * here arm64 and riscv. Only the calls sspkit makes (include/sspkit/sys.h).
 */
#ifndef _SSPKIT_ASM_GENERIC_UNISTD_H
#define _SSPKIT_ASM_GENERIC_UNISTD_H

#define __NR_write		64
#define __NR_exit_group		94
#define __NR_kill		129
#define __NR_getpid		172
#define __NR_clone		220
#define __NR_wait4		260
#define __NR_setitimer		103
#define __NR_getrandom		278

#endif /* _SSPKIT_ASM_GENERIC_UNISTD_H */
