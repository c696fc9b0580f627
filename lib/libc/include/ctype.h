/* SPDX-License-Identifier: GPL-2.0 */
/* <ctype.h> of the kit's C library (CONFIG_LIBC_KIT): ASCII, the C locale. */
#ifndef _LIBC_CTYPE_H
#define _LIBC_CTYPE_H

int isalnum(int c);
int isalpha(int c);
int iscntrl(int c);
int isdigit(int c);
int isgraph(int c);
int islower(int c);
int isprint(int c);
int ispunct(int c);
int isspace(int c);
int isupper(int c);
int isxdigit(int c);
int tolower(int c);
int toupper(int c);

#endif /* _LIBC_CTYPE_H */
