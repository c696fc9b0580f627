// SPDX-License-Identifier: GPL-2.0
/*
 * libgcc's ARM division routines report a division by zero by calling
 * __aeabi_idiv0 / __aeabi_ldiv0, whose libgcc versions call the C
 * library's raise(SIGFPE). There is no C library here: these stand in, as
 * __div0 does in the kernel's arch/arm/lib, and stop the program with
 * SIGFPE themselves.
 */
#include <sspkit/compiler.h>
#include <sspkit/sys.h>

#define SIGFPE 8

static __noreturn void division_by_zero(void)
{
	static const char msg[] = "sample: division by zero\n";

	sys_write(2, msg, sizeof(msg) - 1);
	sys_kill(sys_getpid(), SIGFPE);
	sys_exit_group(128 + SIGFPE);
}

int __aeabi_idiv0(int ret);
long long __aeabi_ldiv0(long long ret);

int __aeabi_idiv0(int ret)
{
	(void)ret;
	division_by_zero();
}

long long __aeabi_ldiv0(long long ret)
{
	(void)ret;
	division_by_zero();
}
