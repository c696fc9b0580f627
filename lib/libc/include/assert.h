/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <assert.h> of the kit's C library (CONFIG_LIBC_KIT). As the standard
 * has it, this header may be included again with NDEBUG changed, so it
 * has no include guard for assert.
 */
#undef assert
#ifdef NDEBUG
#define assert(expr) ((void)0)
#else
#define assert(expr) ((expr) ? (void)0 : \
	__libc_assert_fail(#expr, __FILE__, __LINE__, __func__))
#endif

#ifndef _LIBC_ASSERT_H
#define _LIBC_ASSERT_H
#include <sspkit/compiler.h>

#define static_assert _Static_assert

/* Says which assertion failed, where, then abort()s. */
__noreturn void __libc_assert_fail(const char *expr, const char *file,
				   int line, const char *func);
#endif /* _LIBC_ASSERT_H */
