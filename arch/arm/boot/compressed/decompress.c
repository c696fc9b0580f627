// SPDX-License-Identifier: GPL-2.0
/*
 * The stage's decompressor: LZSS as written by the host program lzpack
 * (lzpack.c has the format); crc32.h checks its result.
 *
 * The stream comes from the build, but it is decoded as if it could be
 * anything: every read stays inside the input, every write inside the
 * output, and a back-reference never reaches before the output's start.
 * A stream that breaks a rule goes to error().
 */
#include "misc.h"

#define MIN_MATCH	3
#define LONG_MATCH	18	/* length nibble 15: a length byte follows */

void lzs_decompress(const unsigned char *in, size_t in_len,
		    unsigned char *out, size_t out_len)
{
	size_t ip = 0, op = 0;

	while (op < out_len) {
		unsigned int flags;

		if (ip >= in_len)
			error("zImage: compressed stream truncated");
		flags = in[ip++];
		for (int i = 0; i < 8 && op < out_len; i++, flags >>= 1) {
			size_t dist, len;

			if (flags & 1) {
				if (ip >= in_len)
					error("zImage: compressed stream truncated");
				out[op++] = in[ip++];
				continue;
			}
			if (in_len - ip < 2)
				error("zImage: compressed stream truncated");
			dist = (in[ip] | (size_t)(in[ip + 1] >> 4) << 8) + 1;
			len = (in[ip + 1] & 15u) + MIN_MATCH;
			ip += 2;
			if (len == LONG_MATCH) {
				if (ip >= in_len)
					error("zImage: compressed stream truncated");
				len += in[ip++];
			}
			if (dist > op || len > out_len - op)
				error("zImage: compressed stream corrupt");
			/* Byte by byte: a reference may overlap its own output. */
			for (; len; len--, op++)
				out[op] = out[op - dist];
		}
	}
	if (ip != in_len)
		error("zImage: compressed stream has trailing data");
}
