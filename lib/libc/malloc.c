// SPDX-License-Identifier: GPL-2.0
/*
 * malloc and its kin over a static heap of LIBC_KIT_HEAP_SIZE bytes
 * (lib/libc/Kconfig): blocks lie end to end, each after a header giving
 * its size and whether it is in use. malloc takes the first free block
 * that fits, merging free neighbours as it walks, and splits off what it
 * does not need; past the last block, it carves a new one. Small and
 * predictable, for the few allocations an embedded library makes; not
 * for thousands.
 */
#include <errno.h>
#include <stdalign.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ALIGN		alignof(max_align_t)
#define ROUND(n)	(((n) + ALIGN - 1) / ALIGN * ALIGN)

struct block {
	size_t size;		/* bytes after the header, a multiple of ALIGN */
	bool used;
};

#define HEADER		ROUND(sizeof(struct block))

static alignas(max_align_t) unsigned char heap[ROUND(LIBC_KIT_HEAP_SIZE)];
static size_t heap_top;		/* bytes of heap[] carved into blocks */

static struct block *at(size_t offset)
{
	return (struct block *)(void *)&heap[offset];
}

static size_t next_of(size_t offset)
{
	return offset + HEADER + at(offset)->size;
}

/* Merges the free blocks that follow the free block at offset into it. */
static void merge_free(size_t offset)
{
	size_t next;

	while ((next = next_of(offset)) < heap_top && !at(next)->used)
		at(offset)->size += HEADER + at(next)->size;
}

/* Leaves size bytes in the block at offset, the rest a free block. */
static void split(size_t offset, size_t size)
{
	struct block *b = at(offset);

	if (b->size >= size + HEADER + ALIGN) {
		struct block *rest = at(offset + HEADER + size);

		rest->size = b->size - size - HEADER;
		rest->used = false;
		b->size = size;
	}
}

static void *take(size_t offset, size_t size)
{
	split(offset, size);
	at(offset)->used = true;
	return &heap[offset + HEADER];
}

void *malloc(size_t size)
{
	size_t need, offset;

	if (size > sizeof(heap))
		goto full;
	need = ROUND(size ? size : 1);
	for (offset = 0; offset < heap_top; offset = next_of(offset)) {
		if (at(offset)->used)
			continue;
		merge_free(offset);
		if (at(offset)->size >= need)
			return take(offset, need);
	}
	if (sizeof(heap) - heap_top >= HEADER + need) {
		offset = heap_top;
		at(offset)->size = need;
		heap_top += HEADER + need;
		return take(offset, need);
	}
full:
	errno = ENOMEM;
	return NULL;
}

static size_t offset_of(void *p)
{
	return (size_t)((unsigned char *)p - heap) - HEADER;
}

void free(void *p)
{
	if (p)
		at(offset_of(p))->used = false;
}

void *calloc(size_t n, size_t size)
{
	void *p;

	if (size && n > SIZE_MAX / size) {
		errno = ENOMEM;
		return NULL;
	}
	p = malloc(n * size);
	if (p)
		memset(p, 0, n * size);
	return p;
}

/* In place when the block, with the free ones after it, is big enough. */
void *realloc(void *p, size_t size)
{
	size_t offset, need;
	void *q;

	if (!p)
		return malloc(size);
	if (size > sizeof(heap)) {
		errno = ENOMEM;
		return NULL;
	}
	offset = offset_of(p);
	need = ROUND(size ? size : 1);
	at(offset)->used = false;
	merge_free(offset);
	if (at(offset)->size >= need)
		return take(offset, need);
	at(offset)->used = true;
	q = malloc(size);
	if (q) {
		memcpy(q, p, at(offset)->size);
		free(p);
	}
	return q;
}
