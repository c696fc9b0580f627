/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <stdlib.h> of the kit's C library (CONFIG_LIBC_KIT): malloc and its
 * kin over a static heap (CONFIG_LIBC_KIT_HEAP_SIZE), the end of the
 * program, and number conversions.
 */
#ifndef _LIBC_STDLIB_H
#define _LIBC_STDLIB_H

#include <stddef.h>
#include <sspkit/compiler.h>

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1

void *malloc(size_t size);
void *calloc(size_t n, size_t size);
void *realloc(void *p, size_t size);
void free(void *p);

__noreturn void exit(int status);
__noreturn void abort(void);

int abs(int v);
long labs(long v);
int atoi(const char *s);
long strtol(const char *s, char **end, int base);
unsigned long strtoul(const char *s, char **end, int base);

#endif /* _LIBC_STDLIB_H */
