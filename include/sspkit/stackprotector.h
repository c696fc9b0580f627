/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stack-protector runtime (lib/stackprotector.c): the guard the
 * compiler's canary code reads and the handler it calls on a mismatch.
 * With CONFIG_CC_STACKPROTECTOR=n the runtime is not built and these
 * become no-ops, so callers need no #ifdef.
 */
#ifndef _SSPKIT_STACKPROTECTOR_H
#define _SSPKIT_STACKPROTECTOR_H

#include <stdbool.h>
#include <stdint.h>
#include <sspkit/compiler.h>

#ifdef CONFIG_CC_STACKPROTECTOR
extern uintptr_t __stack_chk_guard;
void __stack_chk_init(void);
__noreturn void __stack_chk_fail(void);

/* Out of line: a caller that named the guard would look protected. */
uintptr_t stack_guard_value(void);
/* A new canary, random with its zero byte: the boot guard, each task's. */
uintptr_t stack_canary_random(void);
/* The switched form's switch_to: the guard is the next task's canary. */
static inline __no_stack_protector void stack_guard_set(uintptr_t guard)
{
	__stack_chk_guard = guard;
}

static inline bool stack_guard_present(void) { return true; }
/*
 * The boot guard, set by the code that boots (kernel/start.c) before any
 * protected function runs. Unprotected even where the compiler keeps it
 * out of line (clang will not inline it into the unprotected entry): the
 * guard changes under it.
 */
static inline __no_stack_protector void stack_guard_init(void)
{
	__stack_chk_init();
}
#else
static inline bool stack_guard_present(void) { return false; }
static inline uintptr_t stack_guard_value(void) { return 0; }
static inline uintptr_t stack_canary_random(void) { return 0; }
static inline void stack_guard_set(uintptr_t guard) { (void)guard; }
static inline void stack_guard_init(void) { }
#endif

/* The fixed terminator canary: NUL, LF, CR and 0xff end every string copy. */
#define STACK_GUARD_TERMINATOR	0x000a0dffUL

/* Where the guard comes from (lib/Kconfig, "Stack guard seeding"), by the
 * name the banner gives it. */
#if defined(CONFIG_STACKPROTECTOR_GUARD_FIXED)
#define STACK_GUARD_SOURCE	"fixed"
#elif defined(CONFIG_STACKPROTECTOR_GUARD_BUILD_SEED)
#define STACK_GUARD_SOURCE	"build-seed"
#elif defined(CONFIG_STACKPROTECTOR_GUARD_ENTROPY_HOOK)
#define STACK_GUARD_SOURCE	"entropy-hook"
#else
#define STACK_GUARD_SOURCE	"random"
#endif

/* The board's entropy hook (lib/stackprotector.c has a weak default). */
uintptr_t board_stack_canary(void);

#endif /* _SSPKIT_STACKPROTECTOR_H */
