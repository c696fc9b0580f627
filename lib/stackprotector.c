// SPDX-License-Identifier: GPL-2.0
/*
 * The stack-protector runtime, in the style of nolibc's: the guard that
 * the compiler's canary code reads (the global __stack_chk_guard, so no
 * TLS is needed) and the handler it calls when a canary was overwritten.
 *
 * All three symbols are weak so that a stage with its own runtime, like
 * the arm decompressor, can override them.
 */
#include <stdint.h>
#include <sspkit/stackprotector.h>
#include <sspkit/string.h>
#include <sspkit/sys.h>

__weak uintptr_t __stack_chk_guard;

/*
 * Random guard: getrandom() (flags 0: it blocks only until the kernel's
 * pool is first initialised), mixed with the guard's own address should
 * the call fail. The lowest-addressed byte is then zeroed, whatever the
 * byte order, so that a string overflow stops before it can read or
 * rewrite the rest of the canary.
 */
static __no_stack_protector void seed_random(void)
{
	long got = sys_getrandom(&__stack_chk_guard, sizeof(__stack_chk_guard), 0);

	if (got != (long)sizeof(__stack_chk_guard))
		__stack_chk_guard ^= (uintptr_t)&__stack_chk_guard;
	*(volatile unsigned char *)&__stack_chk_guard = 0;
}

/* Called once, before any protected function runs, and never protected. */
__weak __no_stack_protector void __stack_chk_init(void)
{
	if (IS_ENABLED(CONFIG_STACKPROTECTOR_GUARD_FIXED))
		__stack_chk_guard = STACK_GUARD_TERMINATOR;
	else
		seed_random();
}

uintptr_t stack_guard_value(void)
{
	return __stack_chk_guard;
}

/*
 * The canary did not match: the stack is corrupted, and the return address
 * may be the attacker's. Use nothing that could itself depend on the
 * corrupted state: raw system calls, a constant message, then SIGABRT.
 */
__weak __noreturn __no_stack_protector void __stack_chk_fail(void)
{
	static const char msg[] = "stack-protector: stack smashing detected, aborting\n";

	sys_write(2, msg, sizeof(msg) - 1);
	sys_kill(sys_getpid(), SIGABRT);
	sys_exit_group(128 + SIGABRT);
}

/* i386 PIE code calls this hidden-visibility alias instead. */
__weak __noreturn __no_stack_protector void __stack_chk_fail_local(void)
{
	__stack_chk_fail();
}
