// SPDX-License-Identifier: GPL-2.0
/*
 * From the arch's _start (or a board's reset path) to main(): the code
 * that boots, as the kernel's start_kernel. The arch entry passes the
 * initial stack pointer, where the kernel (or the board's reset code)
 * left argc and then argv[].
 *
 * It calls the guard runtime (lib/stackprotector.c) and the task code
 * (kernel/task.c) in turn; neither of those calls the other to boot.
 */
#include <sspkit/compiler.h>
#include <sspkit/stackprotector.h>
#include <sspkit/sys.h>
#include <sspkit/task.h>

int main(int argc, char *argv[]);

/*
 * As the kernel's boot_init_stack_canary(): the guard first, then the
 * boot task's canary from it and, under the register form, the thread
 * register pointed at the boot task, before the first protected
 * function reads it. Unprotected should the compiler keep it out of
 * line: the guard changes under it.
 */
static inline __no_stack_protector void boot_init_stack_canary(void)
{
	stack_guard_init();
	task_guard_init();
}

/*
 * Runs before the guard has its value, so it must carry no canary of its
 * own, even under -fstack-protector-all: its check would compare against
 * a guard that changed under it.
 */
__no_stack_protector __noreturn __used void __sspkit_start(long *sp)
{
	int argc = (int)sp[0];
	char **argv = (char **)(sp + 1);

	boot_init_stack_canary();
	sys_exit_group(main(argc, argv));
}
