/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stack-protector witnesses, forced into every target C translation unit
 * (-include, see LINUXINCLUDE in the top-level Makefile).
 *
 * The build cannot trust what it told the compiler: a per-file flag, a
 * wrapper or a compiler that ignores an option can all change what an
 * object really got. So each object carries five tiny functions whose
 * protection the modes define exactly (the GCC manual's rules, checked
 * against gcc 12 and clang 14):
 *
 *   witness           what it holds              protected by
 *   plain             nothing                    all
 *   array             int[4]                     strong, all
 *   chars_threshold   char[BUFFER_SIZE]          regular, strong, all
 *   chars_large       char[64]                   regular at any threshold
 *                                                up to 64, strong, all
 *   marked            nothing, stack_protect     explicit, regular,
 *                                                strong, all (gcc)
 *
 * spaudit (scripts/spaudit) reads which of them carry a canary and so
 * what the object was built as. They live in a section every image's
 * link discards (scripts/discard.lds), so they cost the image nothing,
 * and spreport leaves them out of its counts. The buffers escape into an
 * empty asm so that no optimiser can delete them, and so their canaries.
 *
 * They are compiled unoptimised (clang's optnone, gcc's optimize("O0")):
 * the optimisers have nothing to win on five empty functions, and with
 * them every compile paid about 5.6 ms more (perf stat on a 10-line file
 * at -O2, gcc 12); unoptimised it is about 2 ms. Neither attribute
 * touches -fstack-protector*, so each witness keeps its mode's canary.
 */
#ifndef _SSPKIT_SSP_WITNESS_H
#define _SSPKIT_SSP_WITNESS_H

#if !defined(__ASSEMBLY__)

#ifdef CONFIG_CC_STACKPROTECTOR_BUFFER_SIZE
#define __SSP_WITNESS_THRESHOLD	CONFIG_CC_STACKPROTECTOR_BUFFER_SIZE
#else
#define __SSP_WITNESS_THRESHOLD	8	/* gcc's default ssp-buffer-size */
#endif

#if __has_attribute(__optnone__)
#define __ssp_witness_unoptimised	__optnone__
#else
#define __ssp_witness_unoptimised	__optimize__("O0")
#endif

#define __ssp_witness(name)						\
	__attribute__((__used__, __noinline__,				\
		       __ssp_witness_unoptimised,			\
		       __section__(".discard.ssp_witness")))		\
	static void __ssp_witness_##name(void)
#define __ssp_witness_escape(p)	__asm__ __volatile__("" : : "r"(p) : "memory")

__ssp_witness(plain)
{
	__asm__ __volatile__("");
}

__ssp_witness(array)
{
	int a[4];

	__ssp_witness_escape(a);
}

__ssp_witness(chars_threshold)
{
	char c[__SSP_WITNESS_THRESHOLD];

	__ssp_witness_escape(c);
}

__ssp_witness(chars_large)
{
	char c[64];

	__ssp_witness_escape(c);
}

#if __has_attribute(__stack_protect__)
__attribute__((__stack_protect__))
#endif
__ssp_witness(marked)
{
	__asm__ __volatile__("");
}

#undef __ssp_witness
#undef __ssp_witness_escape
#undef __ssp_witness_unoptimised

#endif /* !__ASSEMBLY__ */
#endif /* _SSPKIT_SSP_WITNESS_H */
