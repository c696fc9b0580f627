/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IEEE 802.3 CRC-32 (reflected, as zlib's crc32()). One definition for
 * both sides of the payload: the host packer lzpack records it, the stage
 * checks it, and they must never compute it two ways.
 */
#ifndef _ARM_BOOT_COMPRESSED_CRC32_H
#define _ARM_BOOT_COMPRESSED_CRC32_H

#include <stddef.h>
#include <stdint.h>

static inline uint32_t crc32_ieee(const unsigned char *p, size_t len)
{
	uint32_t crc = 0xffffffffu;

	while (len--) {
		crc ^= *p++;
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1u));
	}
	return ~crc;
}

#endif /* _ARM_BOOT_COMPRESSED_CRC32_H */
