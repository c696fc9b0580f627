// SPDX-License-Identifier: GPL-2.0
/* assert()'s failure: the message glibc prints, on stderr, then abort(). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

void __libc_assert_fail(const char *expr, const char *file, int line,
			const char *func)
{
	fprintf(stderr, "%s:%d: %s: Assertion `%s' failed.\n", file, line,
		func, expr);
	abort();
}
