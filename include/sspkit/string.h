/* SPDX-License-Identifier: GPL-2.0 */
/* Freestanding string routines (lib/string.c). */
#ifndef _SSPKIT_STRING_H
#define _SSPKIT_STRING_H

#include <stddef.h>

void *memcpy(void *dst, const void *src, size_t len);
void *memmove(void *dst, const void *src, size_t len);
void *memset(void *dst, int byte, size_t len);
int memcmp(const void *a, const void *b, size_t len);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);

#endif /* _SSPKIT_STRING_H */
