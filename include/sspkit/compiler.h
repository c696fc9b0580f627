/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Compiler feature detection, in one place: call sites use these macros
 * and need no #ifdef of their own.
 */
#ifndef _SSPKIT_COMPILER_H
#define _SSPKIT_COMPILER_H

#ifndef __has_attribute
#define __has_attribute(x) 0
#endif

#define __noreturn	__attribute__((__noreturn__))
/* A C library's <sys/cdefs.h> (picolibc's) may have these, spelled
 * otherwise: the user's code includes both. */
#ifndef __noinline
#define __noinline	__attribute__((__noinline__))
#endif
#ifndef __used
#define __used		__attribute__((__used__))
#endif
#define __weak		__attribute__((__weak__))

/*
 * Code that runs before the guard is set, or that sets it, must carry no
 * canary: its epilogue would compare against a different guard value
 * than its prologue stored. gcc >= 11 and clang >= 14 have the attribute.
 */
#if __has_attribute(__no_stack_protector__)
#define __no_stack_protector	__attribute__((__no_stack_protector__))
#else
#error "the compiler lacks __attribute__((no_stack_protector)): use gcc >= 11 or clang >= 14"
#endif

/* Asks for a canary under -fstack-protector-explicit (gcc only). */
#if __has_attribute(__stack_protect__)
#define __stack_protect		__attribute__((__stack_protect__))
#else
#define __stack_protect
#endif

#endif /* _SSPKIT_COMPILER_H */
