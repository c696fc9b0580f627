// SPDX-License-Identifier: GPL-2.0
/*
 * The arm early-boot stage's early code: its C entry, its stack guard and
 * the handler a failed canary calls. None of it may carry a canary: the
 * entry runs before the guard has its value, and the handler runs with
 * the stack already corrupted. So this object is declared exempt in the
 * Makefile, whatever the mode, and the audit lists it as such; the rest
 * of the stage is protected as the mode says.
 */
#include <sspkit/stackprotector.h>
#include <sspkit/sys.h>
#include "misc.h"

/*
 * The stage's guard is fixed: the terminator canary, NUL, LF, CR, 0xff.
 * The stage runs before the kernel proper, so before there is any
 * entropy source or RNG to seed a random guard from (getrandom(), which
 * lib/stackprotector.c uses, belongs to the system the stage boots). A
 * known value is weaker against an attacker who can write arbitrary
 * bytes, but a terminator canary still stops the common overrun, a
 * string copy: strcpy() and friends stop at the NUL (or LF, CR) and
 * cannot write the canary back, so they cannot get past it unnoticed.
 */
uintptr_t __stack_chk_guard;

/* Runs first, before any protected code, so it must carry no canary. */
__no_stack_protector void __stack_chk_guard_setup(void)
{
	__stack_chk_guard = STACK_GUARD_TERMINATOR;
}

__noreturn __no_stack_protector void __stack_chk_fail(void)
{
	error("stack-protector: Kernel stack is corrupted");
}

/* Called by head.S; sets the guard before any protected function runs. */
__noreturn __no_stack_protector __used void zimage_entry(long *sp)
{
	__stack_chk_guard_setup();
	sys_exit_group(stage_main((int)sp[0], (char **)(sp + 1)));
}
