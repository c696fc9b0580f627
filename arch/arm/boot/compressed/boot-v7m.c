// SPDX-License-Identifier: GPL-2.0
/*
 * The arm early-boot stage's platform glue on an ARMv7-M board: a real
 * first stage. It decompresses its payload to BOARD_PAYLOAD_BASE (the
 * board's Makefile.board: inside the memory the core boots from, above
 * the stage), where the sample was linked a second time to run
 * (samples/sample/Makefile: sample-payload), and, its CRC-32 checked,
 * boots it as the core boots an image: the vector table (VTOR) moves to
 * the payload's, the main stack pointer gets its initial value, and the
 * stage branches to its reset handler. The payload's reset then sets up
 * its own .data, .bss, MPU and guard, and reads the semihosting command
 * line itself: what is not the stage's own reaches it unchanged.
 *
 * Declared exempt in the Makefile: stage_boot() leaves the stage's stack
 * for the payload's, so no check at its end would ever run.
 */
#include "misc.h"

unsigned char *const stage_output = (unsigned char *)BOARD_PAYLOAD_BASE;
const int stage_passes_args = 1;

#define SCB_VTOR	((volatile uint32_t *)0xe000ed08)

int stage_boot(const unsigned char *image, uint32_t len)
{
	const uint32_t *vectors = (const uint32_t *)image;
	uint32_t reset = vectors[1];

	/* Its reset handler: Thumb (bit 0), inside what was decompressed. */
	if (len < 8 || !(reset & 1) || reset - (uint32_t)image >= len)
		error("zImage: the payload's reset vector is not inside it: "
		      "link it for BOARD_PAYLOAD_BASE (samples/sample/Makefile)");
	*SCB_VTOR = (uint32_t)image;
	__asm__ __volatile__ ("dsb\n\t"
			      "isb\n\t"
			      "msr	msp, %0\n\t"
			      "bx	%1"
			      : : "r" (vectors[0]), "r" (reset) : "memory");
	__builtin_unreachable();
}
