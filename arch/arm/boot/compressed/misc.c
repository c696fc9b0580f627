// SPDX-License-Identifier: GPL-2.0
/*
 * The arm early-boot stage, after Linux 3.14's
 * arch/arm/boot/compressed/misc.c: it decompresses the sample image
 * embedded in it (piggy.S) and checks it against the CRC-32 recorded at
 * build time. It is compiled with the build's KBUILD_CFLAGS, so its
 * functions carry canaries as the configured stack-protector mode says,
 * and it brings its own guard and handler (early.c), as 3.14's misc.c did.
 *
 *   zImage          decompress, check, print "... ok, done", then what the
 *                   platform's glue does with it (stage_boot(): on Linux
 *                   user space exit 0, on a board boot it)
 *   zImage guard    print the stage's stack guard
 *   zImage smash    overrun a protected char[16] (tests the handler)
 *   zImage corrupt  flip a byte of the output before the check (tests it)
 *   zImage ARGS...  on a board, any other command line is the payload's
 *                   (stage_passes_args); on Linux user space, usage
 */
#include <sspkit/stackprotector.h>
#include <sspkit/sys.h>
#include "misc.h"

static void putstr(int fd, const char *s)
{
	sys_write(fd, s, strlen(s));
}

/*
 * Fatal: report on stderr with a raw write, then halt the stage. In a
 * kernel decompressor that is a loop with interrupts off; the stage runs
 * as a program under qemu-arm, so it dies of SIGABRT (status 134).
 * Never protected: it runs for __stack_chk_fail, with a corrupted stack.
 */
__noreturn __no_stack_protector void error(const char *msg)
{
	putstr(2, msg);
	putstr(2, "\n");
	sys_kill(sys_getpid(), SIGABRT);
	sys_exit_group(128 + SIGABRT);
}

/* Formatting without division (the stage links no libgcc): end of text. */
static char *put_text(char *p, const char *s)
{
	while (*s)
		*p++ = *s++;
	*p = '\0';
	return p;
}

static char *put_hex(char *p, uint32_t v)
{
	static const char digits[] = "0123456789abcdef";

	*p++ = '0';
	*p++ = 'x';
	for (int shift = 28; shift >= 0; shift -= 4)
		*p++ = digits[(v >> shift) & 15];
	*p = '\0';
	return p;
}

static char *put_dec(char *p, uint32_t v)
{
	static const uint32_t pow10[] = {
		1000000000, 100000000, 10000000, 1000000, 100000,
		10000, 1000, 100, 10, 1,
	};
	int started = 0;

	for (size_t i = 0; i < sizeof(pow10) / sizeof(pow10[0]); i++) {
		char d = '0';

		while (v >= pow10[i]) {
			v -= pow10[i];
			d++;
		}
		if (d != '0' || started || pow10[i] == 1) {
			*p++ = d;
			started = 1;
		}
	}
	*p = '\0';
	return p;
}

static uint32_t get_le32(const unsigned char *p)
{
	return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* Decompress and check the payload into stage_output; its length. */
static uint32_t decompress_kernel(int corrupt)
{
	size_t total = (size_t)(input_data_end - input_data);
	uint32_t len, crc, got;
	char line[96], *p;

	if (total < LZS_HDR_LEN || get_le32(input_data) != LZS_MAGIC)
		error("zImage: payload header missing or bad");
	len = get_le32(input_data + 4);
	crc = get_le32(input_data + 8);
	if (get_le32(input_data + 12) != total - LZS_HDR_LEN)
		error("zImage: payload length does not match its header");
	if (len > OUTPUT_MAX)
		error("zImage: payload too large for the output buffer");

	lzs_decompress(input_data + LZS_HDR_LEN, total - LZS_HDR_LEN, stage_output, len);
	/* Test only: damage the output as a bad decompressor would. */
	if (corrupt && len)
		stage_output[len / 2] ^= 0x20;

	got = crc32_ieee(stage_output, len);
	if (got != crc) {
		p = put_text(line, "zImage: checksum mismatch: crc32 ");
		p = put_hex(p, got);
		p = put_text(p, ", expected ");
		p = put_hex(p, crc);
		put_text(p, ", image corrupt");
		error(line);
	}

	p = put_text(line, "zImage: decompressed ");
	p = put_dec(p, len);
	p = put_text(p, " bytes, crc32 ");
	p = put_hex(p, got);
	put_text(p, ", ok, done\n");
	putstr(1, line);
	return len;
}

/*
 * Overrun a local char[16] far enough to pass the canary, the saved
 * registers and the return address. __stack_protect: a canary even under
 * -fstack-protector-explicit. The length is read through a volatile so
 * that no compiler sees the overrun coming, and the bytes are 0xde: with
 * no canary to stop it the function returns to 0xdededede, in the
 * kernel's half of a 32-bit arm address space, and faults (SIGSEGV)
 * instead of running on.
 */
static volatile size_t smash_len = 16 + 64;

static __noinline __stack_protect void smash(void)
{
	char buf[16];

	memset(buf, 0xde, smash_len);
}

static int print_guard(void)
{
	char line[40];

	put_text(put_hex(put_text(line, "zImage: guard "), __stack_chk_guard), "\n");
	putstr(1, line);
	return 0;
}

static int usage(void)
{
	putstr(2, "usage: zImage [guard|smash|corrupt]\n");
	return 2;
}

/* Protected per mode; called by the unprotected entry in early.c. */
int stage_main(int argc, char *argv[])
{
	if (argc == 2 && !strcmp(argv[1], "guard"))
		return print_guard();
	if (argc == 2 && !strcmp(argv[1], "smash")) {
		smash();
		putstr(2, "zImage: overran a char[16] and returned: not caught\n");
		return 1;
	}
	if (argc == 2 && !strcmp(argv[1], "corrupt")) {
		decompress_kernel(1);
		return 0;
	}
	if (argc > 1 && !stage_passes_args)
		return usage();
	return stage_boot(stage_output, decompress_kernel(0));
}
