/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the arm early-boot stage's files share. The stage links none of
 * lib/: its string.c compiles lib/string.c into the stage's own object.
 */
#ifndef _ARM_BOOT_COMPRESSED_MISC_H
#define _ARM_BOOT_COMPRESSED_MISC_H

#include <stddef.h>
#include <stdint.h>
#include <sspkit/compiler.h>
#include <sspkit/string.h>
#include "crc32.h"

/*
 * The payload, from piggy.S: a header written by the host program lzpack
 * (arch/arm/boot/compressed/lzpack.c describes the format), then the
 * LZSS stream. Header words are little-endian.
 */
#define LZS_MAGIC	0x315a4c53u	/* "SLZ1" */
#define LZS_HDR_LEN	16

extern const unsigned char input_data[];
extern const unsigned char input_data_end[];

/*
 * The platform's glue (boot-user.c or boot-v7m.c, as arch/arm/boot/Makefile
 * picks): where the payload is decompressed (OUTPUT_MAX bytes at most),
 * whether a command line that is not the stage's own goes on to the
 * payload (else it is a usage error), and what is done with the payload
 * once its CRC-32 matched: the stage's status, or no return.
 */
#define OUTPUT_MAX	(1u << 20)
extern unsigned char *const stage_output;
extern const int stage_passes_args;
int stage_boot(const unsigned char *image, uint32_t len);

/* misc.c: report, then halt the stage with SIGABRT. */
__noreturn void error(const char *msg);

/* The stage's own stack-protector runtime and entry (early.c). */
extern uintptr_t __stack_chk_guard;
void __stack_chk_guard_setup(void);
__noreturn void __stack_chk_fail(void);

/* misc.c: the stage proper, after the guard is set. */
int stage_main(int argc, char *argv[]);

/* decompress.c */
void lzs_decompress(const unsigned char *in, size_t in_len,
		    unsigned char *out, size_t out_len);

#endif /* _ARM_BOOT_COMPRESSED_MISC_H */
