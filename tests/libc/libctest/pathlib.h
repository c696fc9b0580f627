/* A path list in the manner of a flash file system's: what libctest tests. */
#ifndef PATHLIB_H
#define PATHLIB_H

#include <stddef.h>
#include <stdint.h>

struct pathlib_node {
	char *name;
	uint32_t size;
	struct pathlib_node *next;
};

int pathlib_add(struct pathlib_node **list, const char *path, uint32_t size);
size_t pathlib_depth(const char *path);
uint64_t pathlib_total(const struct pathlib_node *list);
void pathlib_free(struct pathlib_node *list);

#endif
