/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <errno.h> of the kit's C library (CONFIG_LIBC_KIT). errno is set by
 * the library itself (strtol, malloc), never from a system call, so the
 * numbers are the generic ones (asm-generic/errno-base.h) on every arch.
 * One errno for the program: the kit's tasks share it.
 */
#ifndef _LIBC_ERRNO_H
#define _LIBC_ERRNO_H

extern int errno;

#define EPERM		1
#define ENOENT		2
#define EIO		5
#define EBADF		9
#define EAGAIN		11
#define ENOMEM		12
#define EACCES		13
#define EBUSY		16
#define EEXIST		17
#define ENOTDIR		20
#define EISDIR		21
#define EINVAL		22
#define EFBIG		27
#define ENOSPC		28
#define EROFS		30
#define EDOM		33
#define ERANGE		34
#define ENAMETOOLONG	36
#define ENOSYS		38
#define ENOTEMPTY	39

#endif /* _LIBC_ERRNO_H */
