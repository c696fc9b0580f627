/*
 * Paths split with strspn and strcspn, names kept in malloc'd nodes, a
 * debug log through printf and an assert on each node, as littlefs does.
 */
#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pathlib.h"

#define PATHLIB_LOG(fmt, ...) printf("pathlib: " fmt "\n", __VA_ARGS__)

/* Each component of path, skipping repeated and trailing slashes. */
size_t pathlib_depth(const char *path)
{
	size_t depth = 0;

	for (;;) {
		path += strspn(path, "/");
		if (!*path)
			return depth;
		path += strcspn(path, "/");
		depth++;
	}
}

/* A node for the last component of path. */
int pathlib_add(struct pathlib_node **list, const char *path, uint32_t size)
{
	const char *base = strrchr(path, '/');
	struct pathlib_node *n;

	base = base ? base + 1 : path;
	if (!*base || strchr(base, ' '))
		return -EINVAL;
	n = malloc(sizeof(*n));
	if (!n)
		return -ENOMEM;
	n->name = malloc(strlen(base) + 1);
	if (!n->name) {
		free(n);
		return -ENOMEM;
	}
	strcpy(n->name, base);
	assert(memcmp(n->name, base, strlen(base) + 1) == 0);
	n->size = size;
	n->next = *list;
	*list = n;
	PATHLIB_LOG("add %s size %" PRIu32 " depth %zu", n->name, size,
		    pathlib_depth(path));
	return 0;
}

uint64_t pathlib_total(const struct pathlib_node *list)
{
	uint64_t total = 0;

	for (; list; list = list->next)
		total += (uint64_t)list->size << 20;
	return total;
}

void pathlib_free(struct pathlib_node *list)
{
	while (list) {
		struct pathlib_node *next = list->next;

		free(list->name);
		free(list);
		list = next;
	}
}
