/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86: point the segment register the canary code reads the guard
 * through at the running task (STACKPROTECTOR_PER_TASK, register form).
 *
 * ABI, as seen from user space:
 *   x86_64  %fs base   arch_prctl(ARCH_SET_FS, base), syscall 158; the
 *                      kernel reloads the base, %fs itself stays 0
 *   i386    %gs        set_thread_area(&desc), syscall 243, writes a
 *                      GDT entry (entry_number -1: the kernel picks one
 *                      and says which); %gs must then be loaded with its
 *                      selector, (entry << 3) | 3 (GDT, ring 3), and
 *                      reloaded after every change, since the CPU caches
 *                      the base when the selector is loaded
 * Both cost a system call per switch.
 */
#ifndef _SSPKIT_X86_ASM_TASK_GUARD_H
#define _SSPKIT_X86_ASM_TASK_GUARD_H

#include <stdint.h>
#include <asm/syscall.h>
#include <sspkit/compiler.h>

#if defined(__x86_64__)

#define __NR_arch_prctl		158
#define ARCH_SET_FS		0x1002

static inline __no_stack_protector void arch_task_guard_set(void *task)
{
	(void)my_syscall2(__NR_arch_prctl, ARCH_SET_FS, task);
}

#else /* i386 */

#define __NR_set_thread_area	243

struct user_desc {
	unsigned int entry_number;
	unsigned int base_addr;
	unsigned int limit;
	unsigned int seg_32bit:1;
	unsigned int contents:2;
	unsigned int read_exec_only:1;
	unsigned int limit_in_pages:1;
	unsigned int seg_not_present:1;
	unsigned int useable:1;
};

static inline __no_stack_protector void arch_task_guard_set(void *task)
{
	static unsigned int entry = (unsigned int)-1;	/* none yet */
	struct user_desc desc = {
		.entry_number = entry, .base_addr = (uintptr_t)task,
		.limit = 0xfffff, .seg_32bit = 1, .limit_in_pages = 1,
		.useable = 1,
	};
	unsigned int selector;

	(void)my_syscall1(__NR_set_thread_area, &desc);
	entry = desc.entry_number;
	selector = (entry << 3) | 3;
	__asm__ volatile ("movl	%0, %%gs" : : "r"(selector) : "memory");
}

#endif

#endif /* _SSPKIT_X86_ASM_TASK_GUARD_H */
