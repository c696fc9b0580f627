// SPDX-License-Identifier: GPL-2.0
/*
 * The arm early-boot stage's platform glue on Linux user space: the stage
 * is a program under qemu-arm. It decompresses its payload, the sample
 * program's file, into a buffer of its own, and once the CRC-32 matched
 * it is done: there is no payload to run at a fixed address. A command
 * line other than its own is a usage error.
 */
#include "misc.h"

/* Where the image goes: the kernel's decompressor has a fixed region too. */
static unsigned char output[OUTPUT_MAX];

unsigned char *const stage_output = output;
const int stage_passes_args = 0;

int stage_boot(const unsigned char *image, uint32_t len)
{
	(void)image;
	(void)len;
	return 0;
}
