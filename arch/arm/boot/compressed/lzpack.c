// SPDX-License-Identifier: GPL-2.0
/*
 * lzpack: compress the arm early-boot stage's payload (a host program).
 *
 * usage: lzpack INPUT OUTPUT
 *
 * The output is a 16-byte header followed by an LZSS stream, the format
 * that arch/arm/boot/compressed/decompress.c reads (see lzs.h there):
 *
 *   header, all little-endian 32-bit words:
 *     0  magic "SLZ1"
 *     4  length of the original data
 *     8  CRC-32 (IEEE 802.3, reflected, as zlib's crc32()) of the original
 *    12  length of the stream that follows
 *
 *   stream: groups of one flag byte and up to eight items. Flag bit i
 *   (least significant first) set: item i is one literal byte. Clear: a
 *   back-reference of two bytes b0 b1, or three when its length nibble
 *   is 15:
 *     distance = (b0 | (b1 >> 4) << 8) + 1          1 .. 4096
 *     length   = (b1 & 15) + 3                      3 .. 17
 *     length   = 18 + b2        if (b1 & 15) == 15  18 .. 273
 *   A back-reference may overlap the bytes it produces (a run).
 *
 * The match finder is greedy with one step of lazy evaluation, over hash
 * chains of three-byte prefixes. The stream is decoded again before it is
 * written, so a packer bug fails the build instead of the boot.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc32.h"

#define LZS_MAGIC	"SLZ1"
#define LZS_HDR_LEN	16
#define WINDOW		4096		/* largest distance */
#define MIN_MATCH	3
#define MAX_MATCH	273
#define LONG_MATCH	18		/* from here on, an extra length byte */
#define HASH_BITS	13
#define HASH_SIZE	(1u << HASH_BITS)
#define MAX_CHAIN	512		/* candidates tried per position */
#define NIL		SIZE_MAX

static const char *prog = "lzpack";

/* Report and fail; with the reason from errno when it is set. */
static void die(const char *what, const char *name)
{
	int err = errno;

	fprintf(stderr, "%s: %s%s%s%s%s\n", prog, what, name ? " " : "",
		name ? name : "", err ? ": " : "", err ? strerror(err) : "");
	exit(1);
}

static unsigned char *read_file(const char *name, size_t *len)
{
	FILE *f = fopen(name, "rb");
	unsigned char *buf = NULL;
	size_t cap = 0, n = 0;

	errno = 0;
	if (!f)
		die("cannot open", name);
	for (;;) {
		if (n == cap) {
			cap = cap ? cap * 2 : 65536;
			buf = realloc(buf, cap);
			if (!buf)
				die("out of memory reading", name);
		}
		size_t got = fread(buf + n, 1, cap - n, f);

		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f))
		die("cannot read", name);
	fclose(f);
	if (n > UINT32_MAX) {
		errno = 0;
		die("input too large:", name);
	}
	*len = n;
	return buf;
}

/* The packer's state: input, hash chains, and the growing output. */
struct packer {
	const unsigned char *in;
	size_t len;
	size_t head[HASH_SIZE];
	size_t *prev;			/* previous position with the same hash */
	unsigned char *out;
	size_t out_len, out_cap;
	size_t flag_pos;		/* where the current flag byte sits */
	unsigned int items;		/* items in the current group */
};

static unsigned int hash3(const unsigned char *p)
{
	uint32_t v = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];

	return (v * 2654435761u) >> (32 - HASH_BITS);
}

static void insert(struct packer *pk, size_t pos)
{
	if (pos + MIN_MATCH > pk->len)
		return;
	unsigned int h = hash3(pk->in + pos);

	pk->prev[pos] = pk->head[h];
	pk->head[h] = pos;
}

/* The longest earlier match for pos, at most WINDOW back: its length. */
static size_t longest(const struct packer *pk, size_t pos, size_t *dist)
{
	size_t best = 0, limit = pk->len - pos;

	if (limit > MAX_MATCH)
		limit = MAX_MATCH;
	if (limit < MIN_MATCH)
		return 0;
	size_t cand = pk->head[hash3(pk->in + pos)];

	for (int tries = 0; cand != NIL && tries < MAX_CHAIN; tries++) {
		if (pos - cand > WINDOW)
			break;
		size_t n = 0;

		while (n < limit && pk->in[cand + n] == pk->in[pos + n])
			n++;
		if (n > best) {
			best = n;
			*dist = pos - cand;
			if (n == limit)
				break;
		}
		cand = pk->prev[cand];
	}
	return best >= MIN_MATCH ? best : 0;
}

static void emit(struct packer *pk, unsigned char byte)
{
	if (pk->out_len == pk->out_cap) {
		pk->out_cap = pk->out_cap ? pk->out_cap * 2 : 65536;
		pk->out = realloc(pk->out, pk->out_cap);
		if (!pk->out) {
			errno = 0;
			die("out of memory", NULL);
		}
	}
	pk->out[pk->out_len++] = byte;
}

/* Start a new group when the current one is full; return the item's bit. */
static unsigned char next_item(struct packer *pk)
{
	if (pk->items == 8) {
		pk->flag_pos = pk->out_len;
		emit(pk, 0);
		pk->items = 0;
	}
	return (unsigned char)(1u << pk->items++);
}

static void put_literal(struct packer *pk, unsigned char byte)
{
	unsigned char bit = next_item(pk);

	pk->out[pk->flag_pos] |= bit;
	emit(pk, byte);
}

static void put_match(struct packer *pk, size_t dist, size_t len)
{
	size_t d = dist - 1;

	next_item(pk);
	emit(pk, (unsigned char)(d & 0xff));
	if (len >= LONG_MATCH) {
		emit(pk, (unsigned char)((d >> 8) << 4 | 15));
		emit(pk, (unsigned char)(len - LONG_MATCH));
	} else {
		emit(pk, (unsigned char)((d >> 8) << 4 | (len - MIN_MATCH)));
	}
}

static void compress(struct packer *pk)
{
	size_t pos = 0;

	for (size_t h = 0; h < HASH_SIZE; h++)
		pk->head[h] = NIL;
	pk->items = 8;			/* the first item opens a group */
	while (pos < pk->len) {
		size_t dist = 0, len = longest(pk, pos, &dist);

		if (len) {
			size_t dist2 = 0, len2;

			insert(pk, pos);
			/* Lazy: a longer match one byte on wins over this one. */
			len2 = pos + 1 < pk->len ? longest(pk, pos + 1, &dist2) : 0;
			if (len2 > len) {
				put_literal(pk, pk->in[pos++]);
				insert(pk, pos);
				len = len2;
				dist = dist2;
			}
			put_match(pk, dist, len);
			for (size_t i = 1; i < len; i++)
				insert(pk, pos + i);
			pos += len;
		} else {
			insert(pk, pos);
			put_literal(pk, pk->in[pos++]);
		}
	}
}

/* The reference decoder: 0 when the stream gives back exactly orig. */
static int verify(const unsigned char *s, size_t slen,
		  const unsigned char *orig, size_t olen)
{
	unsigned char *o = malloc(olen ? olen : 1);
	size_t ip = 0, op = 0;
	int ok = 1;

	if (!o)
		return -1;
	while (ok && op < olen) {
		if (ip >= slen) {
			ok = 0;
			break;
		}
		unsigned int flags = s[ip++];

		for (int i = 0; i < 8 && ok && op < olen; i++, flags >>= 1) {
			if (flags & 1) {
				if (ip >= slen)
					ok = 0;
				else
					o[op++] = s[ip++];
				continue;
			}
			if (ip + 2 > slen) {
				ok = 0;
				break;
			}
			size_t dist = (s[ip] | (size_t)(s[ip + 1] >> 4) << 8) + 1;
			size_t len = (s[ip + 1] & 15u) + MIN_MATCH;

			ip += 2;
			if (len == LONG_MATCH) {
				if (ip >= slen) {
					ok = 0;
					break;
				}
				len = LONG_MATCH + s[ip++];
			}
			if (dist > op || len > olen - op) {
				ok = 0;
				break;
			}
			for (; len; len--, op++)
				o[op] = o[op - dist];
		}
	}
	ok = ok && op == olen && ip == slen && memcmp(o, orig, olen) == 0;
	free(o);
	return ok ? 0 : -1;
}

static void put_le32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

int main(int argc, char *argv[])
{
	struct packer *pk;
	unsigned char hdr[LZS_HDR_LEN], *in;
	FILE *f;

	if (argc != 3) {
		fprintf(stderr, "usage: %s INPUT OUTPUT\n", prog);
		return 2;
	}
	pk = calloc(1, sizeof(*pk));
	if (!pk) {
		errno = 0;
		die("out of memory", NULL);
	}
	in = read_file(argv[1], &pk->len);
	pk->in = in;
	pk->prev = malloc((pk->len ? pk->len : 1) * sizeof(*pk->prev));
	if (!pk->prev) {
		errno = 0;
		die("out of memory", NULL);
	}
	compress(pk);
	if (pk->out_len > UINT32_MAX ||
	    verify(pk->out, pk->out_len, pk->in, pk->len)) {
		errno = 0;
		die("internal error: the stream does not decode to", argv[1]);
	}

	memcpy(hdr, LZS_MAGIC, 4);
	put_le32(hdr + 4, (uint32_t)pk->len);
	put_le32(hdr + 8, crc32_ieee(pk->in, pk->len));
	put_le32(hdr + 12, (uint32_t)pk->out_len);

	errno = 0;
	f = fopen(argv[2], "wb");
	if (!f)
		die("cannot create", argv[2]);
	if (fwrite(hdr, 1, sizeof(hdr), f) != sizeof(hdr) ||
	    fwrite(pk->out, 1, pk->out_len, f) != pk->out_len)
		die("cannot write", argv[2]);
	if (fclose(f))
		die("cannot write", argv[2]);
	if (getenv("LZPACK_VERBOSE"))
		fprintf(stderr, "%s: %s: %zu -> %zu bytes (+%d header)\n", prog,
			argv[1], pk->len, pk->out_len, LZS_HDR_LEN);
	free(pk->out);
	free(pk->prev);
	free(in);
	free(pk);
	return 0;
}
