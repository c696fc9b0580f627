// SPDX-License-Identifier: GPL-2.0
/*
 * The ARM run-time ABI's copies (__aeabi_memcpy, __aeabi_memmove and
 * their forms for 4- and 8-byte aligned arguments), over the kit's
 * memcpy and memmove (lib/string.c), which an image takes whole.
 *
 * Debian's picolibc for arm defines them in the members that define its
 * own memcpy and memmove (memcpy.c.o, memmove.c.o). A call to one, which
 * the ABI lets a compiler emit and which objects built by other ARM
 * toolchains make, would pull that member in beside lib/string.o, and
 * the link would stop on a second memcpy. This archive comes before
 * libc.a on the link line, so the call is resolved here, and the kit's
 * copy stays the one the image runs (Documentation/libc.md).
 */
#include <stddef.h>
#include <string.h>

void __aeabi_memcpy(void *dest, const void *src, size_t n);
void __aeabi_memmove(void *dest, const void *src, size_t n);

void __aeabi_memcpy(void *dest, const void *src, size_t n)
{
	memcpy(dest, src, n);
}

void __aeabi_memmove(void *dest, const void *src, size_t n)
{
	memmove(dest, src, n);
}

/* The aligned forms may assume more of their arguments; these need not. */
#define AEABI_ALIAS(name, of) \
	void name(void *dest, const void *src, size_t n) __attribute__((__alias__(#of)))
AEABI_ALIAS(__aeabi_memcpy4, __aeabi_memcpy);
AEABI_ALIAS(__aeabi_memcpy8, __aeabi_memcpy);
AEABI_ALIAS(__aeabi_memmove4, __aeabi_memmove);
AEABI_ALIAS(__aeabi_memmove8, __aeabi_memmove);
