// SPDX-License-Identifier: GPL-2.0
/*
 * From the arch's _start to main(). The arch entry passes the initial
 * stack pointer, where the kernel left argc and then argv[].
 */
#include <sspkit/compiler.h>
#include <sspkit/stackprotector.h>
#include <sspkit/sys.h>

int main(int argc, char *argv[]);

/*
 * Runs before the guard has its value, so it must carry no canary of its
 * own, even under -fstack-protector-all: its check would compare against
 * a guard that changed under it.
 */
__no_stack_protector __noreturn __used void __sspkit_start(long *sp)
{
	int argc = (int)sp[0];
	char **argv = (char **)(sp + 1);

	stack_guard_init();
	sys_exit_group(main(argc, argv));
}
