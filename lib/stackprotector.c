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

/*
 * A bare-metal board's seed, made once per object tree (lib/Makefile):
 * the build-time source, the entropy hook's default, and a mix for the
 * canaries where getrandom() fails. Elsewhere there is none.
 */
#ifdef CONFIG_BARE_METAL
#include <generated/guard-seed.h>
#else
#define STACK_GUARD_SEED	((uintptr_t)0)
#endif

#define GOLDEN_RATIO	((uintptr_t)0x9e3779b97f4a7c15ULL)

__weak uintptr_t __stack_chk_guard;

/* The lowest-addressed byte zeroed, whatever the byte order. */
static __no_stack_protector uintptr_t with_zero_byte(uintptr_t v)
{
	*(volatile unsigned char *)&v = 0;
	return v;
}

/*
 * The board's entropy hook (STACKPROTECTOR_GUARD_ENTROPY_HOOK): a real
 * board overrides it with its TRNG, as TF-A's platforms override
 * plat_get_stack_protector_canary(). Called for the boot guard before any
 * protected function runs, and for each task's canary. This default has
 * no entropy to give: the build-time seed, then other values of it, so
 * that tasks still get canaries of their own.
 */
__weak __no_stack_protector uintptr_t board_stack_canary(void)
{
	static uintptr_t calls;

	return STACK_GUARD_SEED ^ (calls++ * GOLDEN_RATIO);
}

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

	calls++;
	if (IS_ENABLED(CONFIG_STACKPROTECTOR_GUARD_ENTROPY_HOOK))
		seed = board_stack_canary();
	else if (sys_getrandom(&seed, sizeof(seed), 0) != (long)sizeof(seed))
		seed ^= (uintptr_t)&seed ^ (calls * GOLDEN_RATIO) ^ STACK_GUARD_SEED;
	return with_zero_byte(seed);
}

/* Called once, before any protected function runs, and never protected. */
__weak __no_stack_protector void __stack_chk_init(void)
{
	if (IS_ENABLED(CONFIG_STACKPROTECTOR_GUARD_FIXED))
		__stack_chk_guard = STACK_GUARD_TERMINATOR;
	else if (IS_ENABLED(CONFIG_STACKPROTECTOR_GUARD_BUILD_SEED))
		__stack_chk_guard = with_zero_byte(STACK_GUARD_SEED);
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
