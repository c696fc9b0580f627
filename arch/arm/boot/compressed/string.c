// SPDX-License-Identifier: GPL-2.0
/*
 * The stage links no lib/ archive, which is built for the program it
 * carries, so it compiles lib/'s string helpers into an object of its own,
 * as Linux's decompressors include lib/ sources. The compiler may emit
 * calls to memcpy and memset by itself, so they must exist here too.
 */
#include "../../../../lib/string.c"
