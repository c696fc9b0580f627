/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Included in every target compile (LINUXINCLUDE): the configuration as
 * macros, and IS_ENABLED() so code can test a bool symbol in C.
 * Objects do not depend on autoconf.h itself; fixdep gives each one a
 * dependency per CONFIG_ symbol it mentions.
 */
#ifndef _SSPKIT_KCONFIG_H
#define _SSPKIT_KCONFIG_H

#include <generated/autoconf.h>

/* IS_ENABLED(option): 1 when the option is defined to 1, else 0. */
#define __ARG_PLACEHOLDER_1 0,
#define __take_second_arg(__ignored, val, ...) val
#define __is_defined(x)			___is_defined(x)
#define ___is_defined(val)		____is_defined(__ARG_PLACEHOLDER_##val)
#define ____is_defined(arg1_or_junk)	__take_second_arg(arg1_or_junk 1, 0)
#define IS_ENABLED(option)		__is_defined(option)

#endif /* _SSPKIT_KCONFIG_H */
