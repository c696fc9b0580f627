/* SPDX-License-Identifier: GPL-2.0 */
/*
 * elfscan: the ELF reading spreport and spaudit share, a host library
 * linked into both (scripts/elfscan/Makefile).
 *
 * scan.c finds the function bodies of an object, archive or linked image
 * and which of them call a stack-protector failure handler; branch.c
 * decodes the calls scan.c needs; output.c holds the few output helpers
 * both programs print with, and report_error(), through which the
 * library, and each program, reports a file it cannot read.
 */
#ifndef ELFSCAN_H
#define ELFSCAN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* One function body, handed to the caller while its object is still open. */
struct function_info {
	const char *file;	/* "dir/a.o" or "lib.a(a.o)" */
	const char *name;
	uint64_t size;		/* bytes, cold part included */
	bool is_protected;
	bool is_discarded;	/* in a .discard.* section: no link keeps it */
};

/* Called for every body, discarded ones too: those are not counted. */
typedef void (*function_cb)(const struct function_info *fn, void *ctx);

/*
 * Only counters survive an object: memory stays proportional to the
 * largest single object, not to the build.
 */
struct tally {
	uint64_t functions;
	uint64_t protected_functions;
	uint64_t text_bytes;
	uint64_t objects;
	unsigned errors;	/* inputs that could not be read */
};

/* scan.c */
void scan_init(void);
/* Scan one file (object, linked image or archive); errors are printed. */
void scan_file(const char *path, struct tally *t, function_cb cb, void *ctx);

/* branch.c */
/* The bytes of one function (or part of one) and how to read them. */
struct code {
	const unsigned char *bytes;
	size_t size;
	uint64_t address;	/* of bytes[0]: a section offset, or an address */
	uint16_t machine;	/* EM_* */
	bool big_endian;
	bool is_64;
	bool thumb;		/* ARM: Thumb code (bit 0 of the symbol) */
	bool linked;		/* ET_EXEC/ET_DYN: fields are resolved */
};

/* Returns true to stop the walk. */
typedef bool (*target_fn)(uint64_t target, void *ctx);

/* Calls fn with the target of every direct call or branch; true if fn did. */
bool for_each_branch(const struct code *c, target_fn fn, void *ctx);
/* What a relocation of TYPE against a section symbol points at, past it. */
bool reloc_target_offset(uint16_t machine, uint32_t type, int64_t addend,
			 const unsigned char *field, size_t avail,
			 bool big_endian, int64_t *offset);
/* In a linked image: the address an absolute relocation's field holds. */
bool reloc_absolute_target(uint16_t machine, uint32_t type,
			   const unsigned char *field, size_t avail,
			   bool big_endian, uint64_t *target);

/* output.c */
double percent_of(uint64_t part, uint64_t whole);
void format_share(char *buf, size_t size, uint64_t part, uint64_t whole);
/* S as a JSON string, quotes included. */
void json_string(FILE *out, const char *s);
FILE *fopen_fresh(const char *path);

/* The program's name, for messages: its main() sets it. */
extern const char *elfscan_program;
/* "PROGRAM: FILE: message" on stderr, after what stdout holds. */
void report_error(const char *file, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif /* ELFSCAN_H */
