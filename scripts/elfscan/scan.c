// SPDX-License-Identifier: GPL-2.0
/*
 * scan.c: find function bodies and stack-protector references in one ELF.
 *
 * All ELF decoding goes through libelf/gelf, so every class, byte order and
 * REL/RELA flavour looks the same here.  One object (or archive member) is
 * open at a time; what it leaves behind is a handful of counters.
 *
 * The idea: collect the function symbols, merge aliases into bodies, hang
 * NAME.cold parts on NAME, sort the byte ranges, then walk the relocations
 * once and binary-search the range of each one that reaches a failure
 * handler.  A handler defined in the object itself may be called with no
 * relocation at all: then the calls in the bodies' bytes are decoded
 * (branch.c), for the sections that hold such a handler only.
 */
#define _POSIX_C_SOURCE 200809L

#include <ar.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elfscan.h"

/*
 * The failure handlers: a function that calls or branches to one of them
 * checks a canary.  __stack_chk_guard is not here: loading the guard is
 * not checking it (see "protected" in spreport --help).
 */
static const char *const handler_symbols[] = {
	"__stack_chk_fail",
	"__stack_chk_fail_local",
};

/* An STT_FUNC symbol with a size: a body, an alias of one, or a cold part. */
struct func_sym {
	uint64_t start;
	uint64_t size;
	uint32_t section;	/* range key: see range_section() */
	uint32_t shndx;		/* the section that holds the bytes */
	uint32_t body;
	const char *name;
	unsigned rank;		/* which alias names the body: lower wins */
	bool is_cold;
	bool thumb;		/* ARM: bit 0 of the symbol was set */
};

/* One contiguous byte range of a body (its main part or a cold part). */
struct part {
	uint32_t section;
	uint32_t shndx;
	uint32_t body;
	uint64_t start;
	uint64_t end;
	bool thumb;
};

struct body {
	const char *name;
	uint64_t size;
	bool is_protected;
	bool is_discarded;
	bool is_handler;	/* a failure handler itself: never counted */
};

/* Where a failure handler defined in this object lies (range key). */
struct handler {
	uint32_t section;
	uint64_t start;
	uint64_t end;
};

struct name_entry {
	const char *name;
	uint32_t body;
};

/* Everything known about the object being scanned; freed per object. */
struct object {
	Elf *elf;
	const char *label;
	GElf_Ehdr ehdr;
	size_t shnum;
	size_t file_size;	/* of this object, not of its archive */
	bool linked;		/* ET_EXEC/ET_DYN: offsets are addresses */
	uint64_t text_bytes;
	unsigned char *is_discarded;	/* per section index */

	size_t symtab_index;	/* 0: none */
	size_t strtab_index;
	Elf_Data *syms;
	Elf_Data *sym_shndx;	/* SHT_SYMTAB_SHNDX, for > 65279 sections */
	size_t nsyms;
	unsigned char *is_handler;	/* per symbol index */
	struct handler *handlers;	/* defined here, any binding */
	size_t nhandlers;

	struct func_sym *fsyms;
	size_t nfsyms;
	struct body *bodies;
	size_t nbodies;
	struct part *parts;
	size_t nparts;
	struct name_entry *names;
	size_t nnames;
	bool has_relocs;
};

void scan_init(void)
{
	/* libelf refuses to work until told which ELF version we speak. */
	elf_version(EV_CURRENT);
}

static void free_object(struct object *o)
{
	free(o->is_discarded);
	free(o->is_handler);
	free(o->handlers);
	free(o->fsyms);
	free(o->bodies);
	free(o->parts);
	free(o->names);
}

/* Returns -1 after printing libelf's reason, so callers can just return. */
static int elf_failure(const struct object *o, const char *what)
{
	report_error(o->label, "%s: %s", what, elf_errmsg(-1));
	return -1;
}

static bool is_text_section(const GElf_Shdr *sh)
{
	const uint64_t want = SHF_ALLOC | SHF_EXECINSTR;

	return (sh->sh_flags & want) == want;
}

/* libelf reads what a section says only when asked: check it up front. */
static bool section_in_file(const struct object *o, const GElf_Shdr *sh)
{
	if (sh->sh_type == SHT_NOBITS || sh->sh_type == SHT_NULL)
		return true;
	return sh->sh_offset <= o->file_size &&
	       sh->sh_size <= o->file_size - sh->sh_offset;
}

/*
 * Sections named .discard.* are dropped by every link (the kernel's rule,
 * scripts/discard.lds here): what they hold is not part of any image, so
 * it is neither text nor a counted function. The audit's witnesses live
 * there.
 */
static bool is_discarded_section(const struct object *o, const GElf_Shdr *sh,
				 size_t shstrndx)
{
	const char *name = elf_strptr(o->elf, shstrndx, sh->sh_name);

	return !o->linked && name != NULL && strncmp(name, ".discard.", 9) == 0;
}

/* Sum the text and find .symtab (a linked image's .dynsym is not enough). */
static int read_sections(struct object *o)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	size_t shstrndx = 0;

	if (elf_getshdrstrndx(o->elf, &shstrndx) != 0)
		return elf_failure(o, "bad section name table index");
	o->is_discarded = calloc(o->shnum + 1, 1);
	if (o->is_discarded == NULL) {
		report_error(o->label, "out of memory");
		return -1;
	}
	while ((scn = elf_nextscn(o->elf, scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) == NULL)
			return elf_failure(o, "bad section header");
		if (!section_in_file(o, &sh)) {
			report_error(o->label, "truncated: section %zu ends "
				     "past the end of the file", elf_ndxscn(scn));
			return -1;
		}
		if (elf_ndxscn(scn) < o->shnum &&
		    is_discarded_section(o, &sh, shstrndx)) {
			o->is_discarded[elf_ndxscn(scn)] = 1;
			continue;
		}
		if (is_text_section(&sh) && sh.sh_type != SHT_NOBITS)
			o->text_bytes += sh.sh_size;
		if (sh.sh_type == SHT_SYMTAB && o->symtab_index == 0) {
			o->symtab_index = elf_ndxscn(scn);
			o->strtab_index = sh.sh_link;
		}
	}
	return 0;
}

/* The extended section index table belonging to .symtab, if any. */
static Elf_Data *find_sym_shndx(struct object *o)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(o->elf, scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) != NULL &&
		    sh.sh_type == SHT_SYMTAB_SHNDX &&
		    sh.sh_link == o->symtab_index)
			return elf_getdata(scn, NULL);
	}
	return NULL;
}

static const char *symbol_name(const struct object *o, const GElf_Sym *sym)
{
	const char *name = elf_strptr(o->elf, o->strtab_index, sym->st_name);

	return name ? name : "";
}

static bool is_handler_name(const char *name)
{
	size_t i;

	if (name[0] != '_')	/* cheap reject for nearly every symbol */
		return false;
	for (i = 0; i < sizeof(handler_symbols) / sizeof(handler_symbols[0]); i++)
		if (strcmp(name, handler_symbols[i]) == 0)
			return true;
	return false;
}

/*
 * Relocatable objects give offsets relative to a section, so ranges are
 * keyed by section; linked images give addresses, which are unique already
 * (and relocation sections there may not name a useful target).
 */
static uint32_t range_section(const struct object *o, size_t shndx)
{
	return o->linked ? 0 : (uint32_t)shndx;
}

/* gcc's hot/cold split: "NAME.cold" or "NAME.cold.N" belongs to NAME. */
static size_t cold_prefix_length(const char *name)
{
	const char *p = name, *hit, *rest;
	size_t prefix = 0;

	while ((hit = strstr(p, ".cold")) != NULL) {
		rest = hit + 5;
		if (*rest == '.' && rest[1] != '\0') {
			const char *d = rest + 1;

			while (*d >= '0' && *d <= '9')
				d++;
			if (*d == '\0')
				prefix = (size_t)(hit - name);
		} else if (*rest == '\0') {
			prefix = (size_t)(hit - name);
		}
		p = hit + 1;
	}
	return prefix;
}

/* Which alias names a body: global, then weak, then local symbols. */
static unsigned binding_rank(unsigned char bind)
{
	switch (bind) {
	case STB_GLOBAL: return 0;
	case STB_WEAK:   return 1;
	case STB_LOCAL:  return 2;
	default:         return 3;
	}
}

static size_t symbol_section(const struct object *o, const GElf_Sym *sym,
			     GElf_Word xndx)
{
	if (sym->st_shndx == SHN_XINDEX)
		return xndx;
	if (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= SHN_LORESERVE)
		return 0;
	return sym->st_shndx < o->shnum ? sym->st_shndx : 0;
}

/* ARM marks Thumb entry points by setting bit 0 of the address. */
static uint64_t code_address(const struct object *o, const GElf_Sym *sym)
{
	if (o->ehdr.e_machine == EM_ARM)
		return sym->st_value & ~(uint64_t)1;
	return sym->st_value;
}

/* A handler defined here: its calls may have left no relocation. */
static void add_handler(struct object *o, const GElf_Sym *sym, size_t shndx)
{
	struct handler *h = &o->handlers[o->nhandlers++];

	h->section = range_section(o, shndx);
	h->start = code_address(o, sym);
	h->end = h->start + (sym->st_size ? sym->st_size : 1);
	if (h->end < h->start)
		h->end = UINT64_MAX;
}

static void add_function_symbol(struct object *o, const GElf_Sym *sym,
				size_t shndx, const char *name)
{
	struct func_sym *f = &o->fsyms[o->nfsyms++];

	f->start = code_address(o, sym);
	f->thumb = f->start != sym->st_value;
	f->size = sym->st_size;
	f->section = range_section(o, shndx);
	f->shndx = (uint32_t)shndx;
	f->name = name;
	f->rank = binding_rank(GELF_ST_BIND(sym->st_info));
	f->is_cold = cold_prefix_length(name) > 0;
}

/* Handlers are rare (a few per image, none in most objects): grow by one. */
static int add_handler_slot(struct object *o)
{
	struct handler *h = realloc(o->handlers,
				    (o->nhandlers + 1) * sizeof(*h));

	if (h == NULL)
		return -1;
	o->handlers = h;
	return 0;
}

/* One pass over .symtab: note handler symbols and collect function symbols. */
static int read_symbols(struct object *o)
{
	Elf_Scn *scn = elf_getscn(o->elf, o->symtab_index);
	size_t entsize = gelf_fsize(o->elf, ELF_T_SYM, 1, EV_CURRENT);
	GElf_Sym sym;
	GElf_Word xndx;
	const char *name;
	size_t i, shndx;

	o->syms = scn ? elf_getdata(scn, NULL) : NULL;
	if (o->syms == NULL || entsize == 0)
		return elf_failure(o, "bad symbol table");
	o->nsyms = o->syms->d_size / entsize;
	o->sym_shndx = find_sym_shndx(o);
	o->is_handler = calloc(o->nsyms + 1, 1);
	o->fsyms = calloc(o->nsyms + 1, sizeof(*o->fsyms));
	if (o->is_handler == NULL || o->fsyms == NULL) {
		report_error(o->label, "out of memory");
		return -1;
	}
	for (i = 0; i < o->nsyms; i++) {
		xndx = 0;
		if (gelf_getsymshndx(o->syms, o->sym_shndx, (int)i, &sym,
				     &xndx) == NULL)
			continue;	/* a damaged entry is just not a function */
		name = symbol_name(o, &sym);

		o->is_handler[i] = is_handler_name(name);
		shndx = symbol_section(o, &sym, xndx);
		if (o->is_handler[i] && shndx != 0 &&
		    GELF_ST_TYPE(sym.st_info) != STT_SECTION) {
			if (add_handler_slot(o) != 0) {
				report_error(o->label, "out of memory");
				return -1;
			}
			add_handler(o, &sym, shndx);
		}
		if (GELF_ST_TYPE(sym.st_info) == STT_FUNC && sym.st_size > 0 &&
		    shndx != 0)
			add_function_symbol(o, &sym, shndx, name);
	}
	return 0;
}

/* Bodies sort by where they are, aliases of one body by naming rank. */
static int compare_by_place(const void *a, const void *b)
{
	const struct func_sym *x = a, *y = b;

	if (x->is_cold != y->is_cold)
		return x->is_cold ? 1 : -1;	/* cold parts go last */
	if (x->section != y->section)
		return x->section < y->section ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return strcmp(x->name, y->name);
}

static bool same_place(const struct func_sym *a, const struct func_sym *b)
{
	return a->section == b->section && a->start == b->start;
}

static int compare_names(const void *a, const void *b)
{
	const struct name_entry *x = a, *y = b;

	return strcmp(x->name, y->name);
}

static void add_part(struct object *o, const struct func_sym *f, uint32_t body)
{
	struct part *p = &o->parts[o->nparts++];

	p->section = f->section;
	p->shndx = f->shndx;
	p->thumb = f->thumb;
	p->body = body;
	p->start = f->start;
	p->end = f->start + f->size;
	if (p->end < p->start)		/* a corrupt size must not wrap */
		p->end = UINT64_MAX;
}

static uint32_t new_body(struct object *o, const struct func_sym *f)
{
	struct body *b = &o->bodies[o->nbodies];

	b->name = f->name;
	b->size = f->size;
	b->is_protected = false;
	b->is_discarded = f->section < o->shnum && o->is_discarded[f->section];
	b->is_handler = false;
	return (uint32_t)o->nbodies++;
}

/* Merge aliases (same section and value) into one body each. */
static void group_aliases(struct object *o, size_t nhot)
{
	size_t i;

	for (i = 0; i < nhot; i++) {
		struct func_sym *f = &o->fsyms[i];

		if (i > 0 && same_place(f, &o->fsyms[i - 1])) {
			struct body *b = &o->bodies[o->fsyms[i - 1].body];

			f->body = o->fsyms[i - 1].body;
			if (f->size > b->size)
				b->size = f->size;
		} else {
			f->body = new_body(o, f);
		}
		o->names[o->nnames].name = f->name;
		o->names[o->nnames++].body = f->body;
	}
	/* One part per body, as long as its longest alias. */
	for (i = 0; i < nhot; i++)
		if (i + 1 == nhot || !same_place(&o->fsyms[i], &o->fsyms[i + 1])) {
			struct func_sym widest = o->fsyms[i];

			widest.size = o->bodies[widest.body].size;
			add_part(o, &widest, widest.body);
		}
}

static const struct name_entry *find_name(const struct object *o,
					  const char *name, size_t len)
{
	size_t lo = 0, hi = o->nnames;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(o->names[mid].name, name, len);

		if (c == 0 && o->names[mid].name[len] != '\0')
			c = 1;	/* longer name sorts after the prefix */
		if (c == 0)
			return &o->names[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* A cold part without a parent in this object is counted as a body. */
static void attach_cold_parts(struct object *o, size_t first_cold)
{
	size_t i;

	for (i = first_cold; i < o->nfsyms; i++) {
		struct func_sym *f = &o->fsyms[i];
		const struct name_entry *parent =
			find_name(o, f->name, cold_prefix_length(f->name));

		if (parent != NULL) {
			f->body = parent->body;
			o->bodies[f->body].size += f->size;
		} else {
			f->body = new_body(o, f);
		}
		add_part(o, f, f->body);
	}
}

static int compare_parts(const void *a, const void *b)
{
	const struct part *x = a, *y = b;

	if (x->section != y->section)
		return x->section < y->section ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return 0;
}

static int build_bodies(struct object *o)
{
	size_t n = o->nfsyms, nhot;

	o->bodies = calloc(n + 1, sizeof(*o->bodies));
	o->parts = calloc(n + 1, sizeof(*o->parts));
	o->names = calloc(n + 1, sizeof(*o->names));
	if (o->bodies == NULL || o->parts == NULL || o->names == NULL) {
		report_error(o->label, "out of memory");
		return -1;
	}
	qsort(o->fsyms, n, sizeof(*o->fsyms), compare_by_place);
	for (nhot = 0; nhot < n && !o->fsyms[nhot].is_cold; nhot++)
		;
	group_aliases(o, nhot);
	qsort(o->names, o->nnames, sizeof(*o->names), compare_names);
	attach_cold_parts(o, nhot);
	qsort(o->parts, o->nparts, sizeof(*o->parts), compare_parts);
	return 0;
}

/* The body whose bytes hold (section, offset), or NULL. */
static struct body *body_at(struct object *o, uint32_t section, uint64_t off)
{
	size_t lo = 0, hi = o->nparts;
	const struct part *p;

	/* Find the last part starting at or before the offset. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		p = &o->parts[mid];
		if (p->section < section ||
		    (p->section == section && p->start <= off))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	p = &o->parts[lo - 1];
	if (p->section != section || off >= p->end)
		return NULL;
	return &o->bodies[p->body];
}

/* Does (section, address) fall in a failure handler defined here? */
static bool in_handler(const struct object *o, uint32_t section,
		       uint64_t address)
{
	size_t i;

	for (i = 0; i < o->nhandlers; i++) {
		const struct handler *h = &o->handlers[i];

		if (h->section == section && address >= h->start &&
		    address < h->end)
			return true;
	}
	return false;
}

/* One relocation: its place, and what it refers to. */
struct reloc {
	uint64_t offset;
	uint64_t info;
	int64_t addend;		/* 0 for REL */
};

/* The bytes a relocation patches, when they are in the file. */
struct field_source {
	Elf_Data *data;		/* of the section the relocations apply to */
	uint64_t base;		/* its sh_addr in a linked image, else 0 */
	bool rela;
};

/*
 * A relocation against a section symbol reaches a handler when its target
 * (the symbol's value plus the addend, explicit or kept in the field)
 * lands in one.  In a linked image the field holds the resolved value,
 * not an addend: there an absolute word is the target itself, RELA
 * addends are used as they are, and for the rest the call's bytes are
 * decoded instead (scan_direct_calls).
 */
static bool big_endian(const struct object *o)
{
	return o->ehdr.e_ident[EI_DATA] == ELFDATA2MSB;
}

static bool linked_reloc_hits(const struct object *o, const struct reloc *r,
			      const struct field_source *src,
			      const unsigned char *field, size_t avail,
			      const GElf_Sym *sym)
{
	uint32_t type = (uint32_t)GELF_R_TYPE(r->info);
	uint64_t target;
	int64_t offset;

	if (field != NULL &&
	    reloc_absolute_target(o->ehdr.e_machine, type, field, avail,
				  big_endian(o), &target))
		return in_handler(o, 0, target);
	if (!src->rela ||
	    !reloc_target_offset(o->ehdr.e_machine, type, r->addend, NULL, 0,
				 big_endian(o), &offset))
		return false;
	return in_handler(o, 0, sym->st_value + (uint64_t)offset);
}

static bool section_reloc_hits(const struct object *o, const struct reloc *r,
			       const struct field_source *src)
{
	GElf_Sym sym;
	GElf_Word xndx = 0;
	size_t shndx, symndx = GELF_R_SYM(r->info);
	const unsigned char *field = NULL;
	size_t avail = 0;
	int64_t offset;

	if (gelf_getsymshndx(o->syms, o->sym_shndx, (int)symndx, &sym,
			     &xndx) == NULL ||
	    GELF_ST_TYPE(sym.st_info) != STT_SECTION)
		return false;
	shndx = symbol_section(o, &sym, xndx);
	if (shndx == 0)
		return false;
	if (src->data != NULL && src->data->d_buf != NULL &&
	    r->offset >= src->base && r->offset - src->base < src->data->d_size) {
		field = (const unsigned char *)src->data->d_buf + (r->offset - src->base);
		avail = src->data->d_size - (r->offset - src->base);
	}
	if (o->linked)
		return linked_reloc_hits(o, r, src, field, avail, &sym);
	if (!reloc_target_offset(o->ehdr.e_machine, (uint32_t)GELF_R_TYPE(r->info),
				 r->addend, field, avail, big_endian(o), &offset))
		return false;
	return in_handler(o, range_section(o, shndx),
			  sym.st_value + (uint64_t)offset);
}

static void mark_if_handler(struct object *o, uint32_t section,
			    const struct reloc *r, const struct field_source *src)
{
	size_t symndx = GELF_R_SYM(r->info);
	struct body *b;

	if (symndx >= o->nsyms)
		return;
	if (!o->is_handler[symndx] &&
	    (o->nhandlers == 0 || !section_reloc_hits(o, r, src)))
		return;
	b = body_at(o, section, r->offset);
	if (b != NULL)
		b->is_protected = true;
}

/* The data of the section relocated by SH, for fields that hold addends. */
static struct field_source field_source_of(const struct object *o,
					   const GElf_Shdr *sh)
{
	struct field_source src = { .rela = sh->sh_type == SHT_RELA };
	Elf_Scn *target;
	GElf_Shdr tsh;

	if (o->nhandlers == 0)
		return src;	/* nothing to resolve */
	target = elf_getscn(o->elf, sh->sh_info);
	if (target != NULL && gelf_getshdr(target, &tsh) != NULL &&
	    tsh.sh_type != SHT_NOBITS) {
		src.data = elf_getdata(target, NULL);
		src.base = o->linked ? tsh.sh_addr : 0;
	}
	return src;
}

static int scan_relocations(struct object *o, Elf_Scn *scn,
			    const GElf_Shdr *sh)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	bool rela = sh->sh_type == SHT_RELA;
	size_t entsize = gelf_fsize(o->elf, rela ? ELF_T_RELA : ELF_T_REL, 1,
				    EV_CURRENT);
	uint32_t section = range_section(o, sh->sh_info);
	struct field_source src = field_source_of(o, sh);
	size_t i, count;

	if (data == NULL || entsize == 0)
		return elf_failure(o, "bad relocation section");
	count = data->d_size / entsize;
	for (i = 0; i < count; i++) {
		struct reloc r = { 0 };
		GElf_Rela ra;
		GElf_Rel rl;

		if (rela && gelf_getrela(data, (int)i, &ra) != NULL) {
			r.offset = ra.r_offset;
			r.info = ra.r_info;
			r.addend = ra.r_addend;
		} else if (!rela && gelf_getrel(data, (int)i, &rl) != NULL) {
			r.offset = rl.r_offset;
			r.info = rl.r_info;
		} else {
			return elf_failure(o, "bad relocation entry");
		}
		mark_if_handler(o, section, &r, &src);
	}
	return 0;
}

struct call_search {
	const struct object *o;
	uint32_t section;
};

static bool lands_in_handler(uint64_t target, void *ctx)
{
	const struct call_search *cs = ctx;

	return in_handler(cs->o, cs->section, target);
}

/* The bytes of part P, or false when its section does not hold them. */
static bool part_code(const struct object *o, const struct part *p,
		      struct code *c)
{
	Elf_Scn *scn = elf_getscn(o->elf, p->shndx);
	Elf_Data *data;
	GElf_Shdr sh;
	uint64_t base, off;

	if (scn == NULL || gelf_getshdr(scn, &sh) == NULL ||
	    sh.sh_type == SHT_NOBITS ||
	    (data = elf_getdata(scn, NULL)) == NULL || data->d_buf == NULL)
		return false;
	base = o->linked ? sh.sh_addr : 0;
	if (p->start < base || p->start - base >= data->d_size)
		return false;
	off = p->start - base;
	c->bytes = (const unsigned char *)data->d_buf + off;
	c->size = p->end - p->start < data->d_size - off ?
		  p->end - p->start : data->d_size - off;
	c->address = p->start;
	c->machine = o->ehdr.e_machine;
	c->big_endian = big_endian(o);
	c->is_64 = o->ehdr.e_ident[EI_CLASS] == ELFCLASS64;
	c->thumb = p->thumb;
	c->linked = o->linked;
	return true;
}

static bool section_has_handler(const struct object *o, uint32_t section)
{
	size_t i;

	for (i = 0; i < o->nhandlers; i++)
		if (o->handlers[i].section == section)
			return true;
	return false;
}

/*
 * A call the assembler (or linker) resolved leaves no relocation: look
 * for direct calls into a handler in the bytes of the parts that share a
 * section with one (in a linked image: every part).
 */
static void scan_direct_calls(struct object *o)
{
	size_t i;

	for (i = 0; i < o->nparts; i++) {
		const struct part *p = &o->parts[i];
		struct body *b = &o->bodies[p->body];
		struct call_search cs = { .o = o, .section = p->section };
		struct code c;

		if (b->is_protected || b->is_handler)
			continue;
		if (!o->linked && !section_has_handler(o, p->section))
			continue;
		if (part_code(o, p, &c) && for_each_branch(&c, lands_in_handler, &cs))
			b->is_protected = true;
	}
}

/* The handlers' own bodies: their call to each other is not a check. */
static void mark_handler_bodies(struct object *o)
{
	size_t i;
	struct body *b;

	for (i = 0; i < o->nhandlers; i++) {
		b = body_at(o, o->handlers[i].section, o->handlers[i].start);
		if (b != NULL)
			b->is_handler = true;
	}
}

/* Only relocations against .symtab: .rela.dyn indexes .dynsym instead. */
static int mark_protected(struct object *o)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	mark_handler_bodies(o);
	while ((scn = elf_nextscn(o->elf, scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) == NULL)
			return elf_failure(o, "bad section header");
		if ((sh.sh_type != SHT_REL && sh.sh_type != SHT_RELA) ||
		    sh.sh_link != o->symtab_index)
			continue;
		o->has_relocs = true;
		if (scan_relocations(o, scn, &sh) != 0)
			return -1;
	}
	if (o->nhandlers > 0)
		scan_direct_calls(o);
	return 0;
}

static void emit_bodies(const struct object *o, struct tally *t,
			function_cb cb, void *ctx)
{
	size_t i;

	for (i = 0; i < o->nbodies; i++) {
		const struct body *b = &o->bodies[i];
		struct function_info fn = {
			.file = o->label,
			.name = b->name,
			.size = b->size,
			.is_protected = b->is_protected && !b->is_handler,
			.is_discarded = b->is_discarded,
		};

		if (!b->is_discarded) {
			t->functions++;
			t->protected_functions += fn.is_protected;
		}
		if (cb)
			cb(&fn, ctx);
	}
	t->text_bytes += o->text_bytes;
	t->objects++;
}

static bool section_headers_in_file(const struct object *o)
{
	size_t entsize = gelf_fsize(o->elf, ELF_T_SHDR, 1, EV_CURRENT);
	uint64_t off = o->ehdr.e_shoff;
	/* libelf reports 0 sections when the table is cut off: use e_shnum. */
	size_t count = o->shnum > o->ehdr.e_shnum ? o->shnum : o->ehdr.e_shnum;

	if (off == 0 && count == 0)
		return true;
	return entsize != 0 && off <= o->file_size &&
	       (o->file_size - off) / entsize >= count;
}

static int check_header(struct object *o)
{
	if (gelf_getehdr(o->elf, &o->ehdr) == NULL)
		return elf_failure(o, "bad ELF header");
	if (elf_getshdrnum(o->elf, &o->shnum) != 0)
		return elf_failure(o, "bad section count");
	if (elf_rawfile(o->elf, &o->file_size) == NULL)
		return elf_failure(o, "unreadable");
	if (!section_headers_in_file(o)) {
		report_error(o->label, "truncated: section headers end past "
			     "the end of the file");
		return -1;
	}
	if (o->shnum == 0) {
		report_error(o->label, "no section headers");
		return -1;
	}
	switch (o->ehdr.e_type) {
	case ET_REL:
		return 0;
	case ET_EXEC:
	case ET_DYN:
		o->linked = true;
		return 0;
	default:
		report_error(o->label, "ELF type %u is not an object or image",
			     (unsigned)o->ehdr.e_type);
		return -1;
	}
}

/* Without these a linked image would silently count 0 protected. */
static int check_linked_image(const struct object *o)
{
	if (!o->linked)
		return 0;
	if (o->symtab_index == 0) {
		report_error(o->label, "linked image without .symtab (stripped)");
		return -1;
	}
	if (!o->has_relocs) {
		report_error(o->label,
			     "linked image without relocations (link with --emit-relocs)");
		return -1;
	}
	return 0;
}

static void scan_elf(Elf *elf, const char *label, struct tally *t,
		     function_cb cb, void *ctx)
{
	struct object o = { .elf = elf, .label = label };

	elf_errno();		/* forget errors of earlier objects */
	if (check_header(&o) == 0 && read_sections(&o) == 0 &&
	    (o.symtab_index == 0 ||
	     (read_symbols(&o) == 0 && build_bodies(&o) == 0 &&
	      mark_protected(&o) == 0)) &&
	    check_linked_image(&o) == 0)
		emit_bodies(&o, t, cb, ctx);
	else
		t->errors++;
	free_object(&o);
}

static bool is_archive_index(Elf *member)
{
	Elf_Arhdr *h = elf_getarhdr(member);

	return h != NULL && h->ar_name != NULL && h->ar_name[0] == '/';
}

static char *member_label(const char *archive, Elf *member)
{
	Elf_Arhdr *h = elf_getarhdr(member);
	const char *name = h && h->ar_name ? h->ar_name : "?";
	size_t len = strlen(archive) + strlen(name) + 3;
	char *label = malloc(len);

	char *p;

	if (label == NULL)
		return NULL;
	snprintf(label, len, "%s(%s)", archive, name);
	/* A damaged member name must not garble the terminal. */
	for (p = label + strlen(archive); *p; p++)
		if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
			*p = '?';
	return label;
}

static void scan_elf_or_archive(int fd, Elf *elf, const char *label,
				struct tally *t, function_cb cb, void *ctx);

/* One member at a time: each is opened, scanned and closed in turn. */
static void scan_archive(int fd, Elf *ar, const char *label, struct tally *t,
			 function_cb cb, void *ctx)
{
	Elf_Cmd cmd = ELF_C_READ_MMAP;
	Elf *member;
	char *name;
	size_t size = 0;

	/* "ar rc e.a" with no members writes the magic alone: 0 of 0. */
	if (elf_rawfile(ar, &size) != NULL && size <= SARMAG)
		return;
	elf_errno();
	/* elf_next() says ELF_C_NULL after the last member. */
	while (cmd != ELF_C_NULL) {
		member = elf_begin(fd, cmd, ar);
		if (member == NULL) {
			report_error(label, "bad archive: %s", elf_errmsg(-1));
			t->errors++;
			break;
		}
		name = member_label(label, member);
		if (name == NULL) {
			report_error(label, "out of memory");
			t->errors++;
		} else if (!is_archive_index(member)) {
			scan_elf_or_archive(fd, member, name, t, cb, ctx);
		}
		free(name);
		cmd = elf_next(member);
		elf_end(member);
	}
	elf_errno();		/* elf_next() flags the normal end as an error */
}

static bool is_thin_archive(Elf *elf)
{
	size_t size = 0;
	const char *raw = elf_rawfile(elf, &size);

	return raw != NULL && size >= 8 && memcmp(raw, "!<thin>\n", 8) == 0;
}

static void scan_elf_or_archive(int fd, Elf *elf, const char *label,
				struct tally *t, function_cb cb, void *ctx)
{
	switch (elf_kind(elf)) {
	case ELF_K_ELF:
		scan_elf(elf, label, t, cb, ctx);
		return;
	case ELF_K_AR:
		scan_archive(fd, elf, label, t, cb, ctx);
		return;
	default:
		if (is_thin_archive(elf))
			report_error(label, "thin archive: give its members instead");
		else
			report_error(label, "not an ELF object or archive");
		t->errors++;
	}
}

static const char *file_kind(mode_t mode)
{
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	if (S_ISDIR(mode))
		return "a directory";
	return "not a regular file";
}

/*
 * O_NONBLOCK: opening a FIFO must not wait for a writer.  Only regular
 * files are read: a FIFO or a device could block or never end.
 */
static int open_regular(const char *path)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
	struct stat st;

	if (fd < 0) {
		report_error(path, "%s", strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) != 0) {
		report_error(path, "%s", strerror(errno));
	} else if (!S_ISREG(st.st_mode)) {
		report_error(path, "%s, not read: give an object, archive "
			     "or linked image", file_kind(st.st_mode));
	} else {
		return fd;
	}
	close(fd);
	return -1;
}

void scan_file(const char *path, struct tally *t, function_cb cb, void *ctx)
{
	int fd = open_regular(path);
	Elf *elf;

	if (fd < 0) {
		t->errors++;
		return;
	}
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (elf == NULL) {
		report_error(path, "%s", elf_errmsg(-1));
		t->errors++;
	} else {
		scan_elf_or_archive(fd, elf, path, t, cb, ctx);
		elf_end(elf);
	}
	close(fd);
}
