/* SPDX-License-Identifier: GPL-2.0 */
/*
 * checkstack: the worst-case stack depth of every root of a linked image,
 * from the compiler's frames (.su), gcc's call graph (.ci) and the
 * annotations of Documentation/stack-depth.md (stack-annotations).
 *
 * input.c reads those files into the graph, relocs.c adds the calls the
 * image's relocations show, bound.c computes the depths, checkstack.c
 * reads the image and prints.
 */
#ifndef CHECKSTACK_H
#define CHECKSTACK_H

#include <stdbool.h>
#include <stddef.h>

/* A call from one function: to a function, or through a pointer. */
struct call {
	struct func *to;	/* NULL: an indirect call */
	char *site;		/* file:line:col, when the compiler gave one */
	char *type;		/* an indirect one's pointer type (types.c) */
};

struct func {
	char *key;		/* "name", or "file.c:name" for a static one */
	char *name;		/* as written in an annotation */
	long frame;		/* bytes; -1 until a .su line or annotation */
	bool dynamic;		/* .su: a VLA or alloca, and no annotation */
	bool frame_annotated;
	bool no_graph;		/* a .su frame but no .ci: calls unknown */
	bool decoded;		/* no .ci: its calls read from its code */
	bool calls_annotated;	/* "calls": its indirect calls go there */
	char *type;		/* its prototype, when gcc's dump gave it */
	long recursion;		/* "recursion" depth, 0 when none */
	struct call *calls;
	size_t ncalls, calls_cap;
	struct func *hash_next;
	struct func *name_next;	/* the next of the same name's hash */
	/* bound.c's state */
	int index, lowlink, scc;
	bool on_stack;
};

/* One function whose depth is known, or why it is not. */
struct depth {
	bool done;
	long bytes;		/* valid when why == NULL */
	char *why;		/* what makes it unbounded */
	struct func *next;	/* the callee on the deepest path */
	long cycle;		/* >0: this SCC counts as a recursion */
};

/* input.c */
struct func *func_get(const char *key);
struct func *func_find(const char *key);
void func_add_call(struct func *f, struct func *to, const char *site);
/* Every function whose plain name is NAME (a static one in each file). */
size_t funcs_named(const char *name, struct func **out, size_t max);
void funcs_all(struct func ***out, size_t *n);
bool read_object(const char *object);
/* The function the object being read defines by that symbol name. */
struct func *object_func(const char *name);
bool read_annotations(const char *path);
void resolve_annotated_calls(void);
char *xstrdup(const char *s);
void *xrealloc(void *p, size_t n);

/*
 * A root an annotation declares: a task ("task"), code on a stack of its
 * own ("stack": a fault or trap handler that moves to it), or an
 * interrupt handler that runs on whatever stack it interrupts, after the
 * hardware pushed PUSHED bytes there ("interrupt").
 */
enum root_kind { ROOT_TASK, ROOT_STACK, ROOT_INTERRUPT };
struct task_root {
	enum root_kind kind;
	char *entry;
	long size;		/* -1: given at run time */
	long pushed;		/* ROOT_INTERRUPT: the hardware's bytes */
	char *where;		/* file:line of the annotation */
};
extern struct task_root *task_roots;
extern size_t ntask_roots;
extern char *task_start;	/* "task-start": where every task begins */
extern long task_push;		/* "task-push": below it, on a new stack */
/* The objects given: "switch_64.o: frame ..." applies when one is there. */
extern char **object_names;
extern size_t nobject_names;
extern int image_class;		/* 32 or 64: the image's ELF class */

/*
 * relocs.c: the calls the image's relocations show that .ci lacks, and
 * the calls of a function without .ci, from its code (decode.c).
 */
void read_image_calls(const char *path);

/* decode.c: the branches out of one function's code. */
enum branch_kind { BR_DIRECT, BR_INDIRECT, BR_UNDECODED };
struct branch {
	enum branch_kind kind;
	bool call;			/* pushes or links a return address */
	unsigned long long at, target;	/* target: BR_DIRECT's */
};
typedef void branch_fn(const struct branch *b, void *arg);
struct code {
	int machine, elf_class;		/* e_machine; 32 or 64 */
	unsigned long long addr;	/* of bytes[0] */
	const unsigned char *bytes;
	size_t len;
	bool thumb;			/* arm: Thumb code, not A32 */
	bool big;			/* big-endian words (mips) */
};
/* false: the machine is not one decode.c reads. */
bool decode_branches(const struct code *c, branch_fn *fn, void *arg);

/* types.c: indirect calls resolved by their pointer's type (gcc). */
void read_type_dumps(const char *object);
void resolve_typed_calls(void);

/* bound.c */
void bound_all(void);
const struct depth *depth_of(struct func *f);
/* The depth of a task started in task_start with its pointer at ENTRY. */
struct depth task_depth(struct func *start, struct func *entry);

#endif /* CHECKSTACK_H */
