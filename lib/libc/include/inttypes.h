/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <inttypes.h> of the kit's C library (CONFIG_LIBC_KIT): printf formats
 * for <stdint.h>'s types, as the Linux ABIs define them (the compiler's
 * stdint.h): 64-bit and intmax_t are long on LP64 ports, long long on
 * 32-bit ones; intptr_t is long or int. 8- and 16-bit values reach printf
 * promoted to int.
 */
#ifndef _LIBC_INTTYPES_H
#define _LIBC_INTTYPES_H

#include <stdint.h>

#if __SIZEOF_LONG__ == 8
#define __PRI64		"l"
#define __PRIPTR	"l"
#else
#define __PRI64		"ll"
#define __PRIPTR	""
#endif

#define PRId8		"d"
#define PRIi8		"i"
#define PRIu8		"u"
#define PRIx8		"x"
#define PRIX8		"X"
#define PRId16		"d"
#define PRIi16		"i"
#define PRIu16		"u"
#define PRIx16		"x"
#define PRIX16		"X"
#define PRId32		"d"
#define PRIi32		"i"
#define PRIu32		"u"
#define PRIx32		"x"
#define PRIX32		"X"
#define PRId64		__PRI64 "d"
#define PRIi64		__PRI64 "i"
#define PRIu64		__PRI64 "u"
#define PRIx64		__PRI64 "x"
#define PRIX64		__PRI64 "X"
#define PRIdMAX		__PRI64 "d"
#define PRIiMAX		__PRI64 "i"
#define PRIuMAX		__PRI64 "u"
#define PRIxMAX		__PRI64 "x"
#define PRIXMAX		__PRI64 "X"
#define PRIdPTR		__PRIPTR "d"
#define PRIiPTR		__PRIPTR "i"
#define PRIuPTR		__PRIPTR "u"
#define PRIxPTR		__PRIPTR "x"
#define PRIXPTR		__PRIPTR "X"

#endif /* _LIBC_INTTYPES_H */
