/* SPDX-License-Identifier: GPL-2.0 */
/* x86 raw system calls: one ABI per file, chosen by the compiler's target. */
#ifndef _ASM_X86_SYSCALL_H
#define _ASM_X86_SYSCALL_H

#ifdef __x86_64__
#include <asm/syscall_64.h>
#else
#include <asm/syscall_32.h>
#endif

#endif /* _ASM_X86_SYSCALL_H */
