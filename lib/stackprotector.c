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
 * A random canary: getrandom() (flags 0: it blocks only until the
 * kernel's pool is first initialised), mixed with a local's address and
 * a count of the calls should the call fail, so that two tasks still get
 * different canaries. The lowest-addressed byte is then zeroed, whatever
 * the byte order, so that a string overflow stops before it can read or
 * rewrite the rest of the canary.
 *
 * Used for the boot guard and for each task's (kernel/task.c). Unprotected:
 * it runs while the guard is being set, and getrandom() fills a local,
 * not the guard, so a caller changes the guard only after every call has
 * returned. A helper the compiler keeps out of line is protected under
 * ALL, and had the guard changed while it ran, its own check would fail
 * (clang on mips keeps such helpers out of line).
 */
__no_stack_protector uintptr_t stack_canary_random(void)
{
	static uintptr_t calls;
	uintptr_t seed = 0;
	long got = sys_getrandom(&seed, sizeof(seed), 0);

	calls++;
	if (got != (long)sizeof(seed))
		seed ^= (uintptr_t)&seed ^ (calls * (uintptr_t)0x9e3779b97f4a7c15ULL);
	*(volatile unsigned char *)&seed = 0;
	return seed;
}

/* Called once, before any protected function runs, and never protected. */
__weak __no_stack_protector void __stack_chk_init(void)
{
	if (IS_ENABLED(CONFIG_STACKPROTECTOR_GUARD_FIXED))
		__stack_chk_guard = STACK_GUARD_TERMINATOR;
	else
		__stack_chk_guard = stack_canary_random();
}

uintptr_t stack_guard_value(void)
{
	return __stack_chk_guard;
}

/*
 * The canary did not match: the stack is corrupted, and the return address
 * may be the attacker's. Use nothing that could itself depend on the
 * corrupted state: raw system calls, constant text, then SIGABRT.
 *
 * The message names the address the failed check called from, in the
 * function whose canary was overwritten, so that a test can tell which
 * canary fired (scripts/matrix maps it with the image's symbols).
 */
static __noreturn __no_stack_protector void stack_smashed(uintptr_t from)
{
	static const char head[] = "stack-protector: stack smashing detected at 0x";
	static const char tail[] = ", aborting\n";
	static const char digits[] = "0123456789abcdef";
	char hex[2 * sizeof(from)];
	size_t i;

	for (i = 0; i < sizeof(hex); i++)
		hex[i] = digits[(from >> (4 * (sizeof(hex) - 1 - i))) & 0xf];
	sys_write(2, head, sizeof(head) - 1);
	sys_write(2, hex, sizeof(hex));
	sys_write(2, tail, sizeof(tail) - 1);
	sys_kill(sys_getpid(), SIGABRT);
	sys_exit_group(128 + SIGABRT);
}

__weak __noreturn __no_stack_protector void __stack_chk_fail(void)
{
	stack_smashed((uintptr_t)__builtin_return_address(0));
}

/* i386 PIE code calls this hidden-visibility alias instead. */
__weak __noreturn __no_stack_protector void __stack_chk_fail_local(void)
{
	stack_smashed((uintptr_t)__builtin_return_address(0));
}
