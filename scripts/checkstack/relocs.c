// SPDX-License-Identifier: GPL-2.0
/*
 * relocs.c: the calls the linked image's relocations show (the kit links
 * with --emit-relocs), added to the graph where gcc's .ci has none: a
 * call written in inline assembler (a naked function's) is in no call
 * graph the compiler writes. An extra edge can only raise a bound.
 *
 * A relocation is a call by its type where the machine has call types
 * (arm, aarch64, riscv), and on x86 by the opcode before its field (E8
 * call, E9 jmp): the same PC32 type also takes addresses. Its target is
 * a function symbol, or, on x86_64, a section symbol plus the addend
 * (RELA; the 4 bytes of the field come back). Other machines and REL
 * relocations against section symbols are not read: .ci alone counts.
 *
 * A function without .ci (clang's) has its calls read from its code
 * instead (decode.c): every direct call or jump to another function is
 * a call, and every indirect one is an indirect call, named by where it
 * is. The code shows a call that no relocation does (one the assembler
 * resolved within a section), so it is read whole, not just where the
 * relocations point. Data in the code (arm's literal pools) is skipped
 * by the image's mapping symbols ($d; $a, $t, $x: code).
 */
#include <elf.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "checkstack.h"

struct sym {
	GElf_Addr start, end;
	const char *name;
	bool thumb;		/* arm: a function, or code after it, in Thumb */
	GElf_Addr local;	/* ppc64 ELFv2: where a local call enters it */
};

struct image {
	Elf *elf;
	GElf_Ehdr eh;
	struct sym *funcs;
	size_t nfuncs;
	struct sym *maps;	/* mapping symbols: name "$d" is data */
	size_t nmaps;
	Elf_Data *symdata;
	size_t strndx;
};

static void add_sym(struct sym **v, size_t *n, const GElf_Sym *sym, const char *name,
		    bool thumb)
{
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[*n].start = sym->st_value & ~(GElf_Addr)1;
	(*v)[*n].end = (sym->st_value & ~(GElf_Addr)1) + sym->st_size;
	(*v)[*n].name = name;
	(*v)[*n].thumb = thumb;
	(*v)[*n].local = 0;
	(*n)++;
}

/* "$a", "$t", "$d", "$x", each maybe followed by ".N": a mapping symbol. */
static bool is_mapping(const char *name)
{
	return name != NULL && name[0] == '$' && strchr("atdx", name[1]) &&
	       name[1] != '\0' && (name[2] == '\0' || name[2] == '.');
}

static int by_start(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* The image's function symbols, by address (arm's Thumb bit cleared). */
static void read_funcs(struct image *im)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	GElf_Sym sym;
	size_t i;

	while ((scn = elf_nextscn(im->elf, scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_SYMTAB ||
		    sh.sh_entsize == 0)
			continue;
		im->symdata = elf_getdata(scn, NULL);
		im->strndx = sh.sh_link;
		for (i = 0; im->symdata && i < sh.sh_size / sh.sh_entsize; i++) {
			const char *name;

			if (gelf_getsym(im->symdata, (int)i, &sym) == NULL)
				continue;
			name = elf_strptr(im->elf, sh.sh_link, sym.st_name);
			if (GELF_ST_TYPE(sym.st_info) == STT_FUNC) {
				add_sym(&im->funcs, &im->nfuncs, &sym, name,
					im->eh.e_machine == EM_ARM && (sym.st_value & 1));
				if (im->eh.e_machine == EM_PPC64)
					im->funcs[im->nfuncs - 1].local =
						PPC64_LOCAL_ENTRY_OFFSET(sym.st_other);
			}
			else if (GELF_ST_TYPE(sym.st_info) == STT_NOTYPE && is_mapping(name))
				add_sym(&im->maps, &im->nmaps, &sym, name, name[1] == 't');
		}
	}
	/* qsort() takes no NULL, even for nothing: most images have no map. */
	if (im->nfuncs > 0)
		qsort(im->funcs, im->nfuncs, sizeof(*im->funcs), by_start);
	if (im->nmaps > 0)
		qsort(im->maps, im->nmaps, sizeof(*im->maps), by_start);
}

/* Has the graph a frame for a function named NAME? */
static bool in_graph(const char *name)
{
	struct func *f;

	return funcs_named(name, &f, 1) == 1 && f->frame >= 0;
}

/*
 * The function at A (START: that begins at A). Of several names for one
 * address (gcc's "f.localalias", a weak alias) the one the graph knows.
 */
static const struct sym *func_at(const struct image *im, GElf_Addr a, bool start)
{
	const struct sym *first = NULL;
	size_t i;

	for (i = 0; i < im->nfuncs; i++)
		if (start ? im->funcs[i].start == a :
		    (a >= im->funcs[i].start && a < im->funcs[i].end)) {
			if (in_graph(im->funcs[i].name))
				return &im->funcs[i];
			if (first == NULL)
				first = &im->funcs[i];
		}
	return first;
}

/* Is relocation TYPE at FIELD (in section DATA at SECADDR) a call? */
static bool is_call(const struct image *im, GElf_Word type, GElf_Addr field,
		    Elf_Data *text, GElf_Addr secaddr)
{
	const unsigned char *p = text ? text->d_buf : NULL;
	GElf_Addr off = field - secaddr;

	switch (im->eh.e_machine) {
	case EM_X86_64:
		if (type != R_X86_64_PLT32 && type != R_X86_64_PC32)
			return false;
		return p != NULL && off >= 1 && off <= text->d_size &&
		       (p[off - 1] == 0xe8 || p[off - 1] == 0xe9);
	case EM_386:
		if (type != R_386_PLT32 && type != R_386_PC32)
			return false;
		return p != NULL && off >= 1 && off <= text->d_size &&
		       (p[off - 1] == 0xe8 || p[off - 1] == 0xe9);
	case EM_ARM:
		return type == R_ARM_CALL || type == R_ARM_JUMP24 ||
		       type == R_ARM_THM_PC22 /* THM_CALL */ || type == R_ARM_THM_JUMP24;
	case EM_AARCH64:
		return type == R_AARCH64_CALL26 || type == R_AARCH64_JUMP26;
	case EM_RISCV:
		return type == R_RISCV_CALL || type == R_RISCV_CALL_PLT ||
		       type == R_RISCV_JAL;
	default:
		return false;
	}
}

/* Where relocation R goes: a function's start, or 0 when not known. */
static GElf_Addr target_of(const struct image *im, const GElf_Rela *r, bool rela)
{
	GElf_Sym sym;

	if (gelf_getsym(im->symdata, (int)GELF_R_SYM(r->r_info), &sym) == NULL)
		return 0;
	if (GELF_ST_TYPE(sym.st_info) == STT_FUNC)
		return sym.st_value & ~(GElf_Addr)1;
	if (GELF_ST_TYPE(sym.st_info) != STT_SECTION || !rela)
		return 0;
	return sym.st_value + (GElf_Addr)r->r_addend +
	       (im->eh.e_machine == EM_X86_64 ? 4 : 0);
}

/* Add FROM -> TO to each function named FROM that has a .ci graph. */
static void add_hidden_call(const char *from, const char *to, GElf_Addr at)
{
	struct func *fs[16], *ts[16];
	size_t nf = funcs_named(from, fs, 16), nt = funcs_named(to, ts, 16);
	size_t i, k, c;
	char site[64];

	snprintf(site, sizeof(site), "relocation at 0x%llx", (unsigned long long)at);
	for (i = 0; i < nf; i++) {
		if (fs[i]->no_graph || fs[i]->calls_annotated || fs[i]->frame < 0)
			continue;
		for (k = 0; k < nt; k++) {
			for (c = 0; c < fs[i]->ncalls; c++)
				if (fs[i]->calls[c].to != NULL &&
				    strcmp(fs[i]->calls[c].to->name, to) == 0)
					break;
			if (c == fs[i]->ncalls && ts[k] != fs[i])
				func_add_call(fs[i], ts[k], site);
		}
	}
}

static void read_section_relocs(struct image *im, Elf_Scn *scn, const GElf_Shdr *sh)
{
	Elf_Scn *target = elf_getscn(im->elf, sh->sh_info);
	Elf_Data *data = elf_getdata(scn, NULL), *text;
	bool rela = sh->sh_type == SHT_RELA;
	GElf_Shdr tsh;
	GElf_Rela r;
	GElf_Rel rel;
	size_t i;

	if (target == NULL || gelf_getshdr(target, &tsh) == NULL ||
	    !(tsh.sh_flags & SHF_EXECINSTR) || data == NULL || sh->sh_entsize == 0)
		return;
	text = elf_getdata(target, NULL);
	for (i = 0; i < sh->sh_size / sh->sh_entsize; i++) {
		const struct sym *from, *to;

		if (rela ? gelf_getrela(data, (int)i, &r) == NULL :
		    gelf_getrel(data, (int)i, &rel) == NULL)
			continue;
		if (!rela)
			r = (GElf_Rela){ .r_offset = rel.r_offset, .r_info = rel.r_info };
		if (!is_call(im, (GElf_Word)GELF_R_TYPE(r.r_info), r.r_offset, text,
			     tsh.sh_addr))
			continue;
		from = func_at(im, r.r_offset, false);
		to = func_at(im, target_of(im, &r, rela), true);
		if (from != NULL && to != NULL && from != to)
			add_hidden_call(from->name, to->name, r.r_offset);
	}
}

/* One function being decoded, for decoded_branch(). */
struct decoding {
	const struct image *im;
	const struct sym *fn;
};

/*
 * Are F's calls to be read from its code? Those of a function without
 * .ci are, but for one whose frame and calls are both annotated (a naked
 * function's asm): that is taken at its word, as an assembler one's.
 */
static bool unknown_calls(const struct func *f)
{
	return f->no_graph && !(f->frame_annotated && f->calls_annotated);
}

/* Add FROM -> TO (NULL: indirect) to each function named FROM without .ci. */
static void add_decoded_call(const char *from, struct func *to, const char *site)
{
	struct func *fs[16];
	size_t n = funcs_named(from, fs, 16), i, c;

	for (i = 0; i < n; i++) {
		if (!unknown_calls(fs[i]))
			continue;
		for (c = 0; to != NULL && c < fs[i]->ncalls; c++)
			if (fs[i]->calls[c].to == to)
				break;
		if (to == NULL || c == fs[i]->ncalls)
			func_add_call(fs[i], to, site);
	}
}

/* One branch of the function D decodes: a call, or one through a pointer. */
static void decoded_branch(const struct branch *b, void *arg)
{
	const struct decoding *d = arg;
	const struct sym *to;
	struct func *ts[16];
	char site[160];
	size_t n, k;

	snprintf(site, sizeof(site), "%s+0x%llx%s", d->fn->name,
		 b->at - (unsigned long long)d->fn->start,
		 b->kind == BR_UNDECODED ? " (code checkstack cannot decode)" : "");
	/* Within the function: a jump, or a call that pops its return
	 * address (i386's pc thunk); a call to its start (or ppc64's local
	 * entry) is a recursion. A jump to its start is a tail call to
	 * itself: its frame is gone. */
	if (b->kind == BR_DIRECT && b->target >= d->fn->start && b->target < d->fn->end &&
	    !(b->call && (b->target == d->fn->start ||
			  b->target == d->fn->start + d->fn->local)))
		return;
	to = b->kind == BR_DIRECT ? func_at(d->im, (GElf_Addr)b->target, false) : NULL;
	if (b->kind == BR_DIRECT && to == NULL) {
		snprintf(site, sizeof(site), "%s+0x%llx (a branch to 0x%llx, in no function)",
			 d->fn->name, b->at - (unsigned long long)d->fn->start, b->target);
	}
	if (to == NULL) {
		add_decoded_call(d->fn->name, NULL, site);
		return;
	}
	n = funcs_named(to->name, ts, 16);
	if (n == 0)		/* a function with no .su: it has no frame */
		ts[n++] = func_get(to->name);
	for (k = 0; k < n; k++)
		add_decoded_call(d->fn->name, ts[k], site);
}

/* Is there a function without .ci named NAME? */
static bool needs_decoding(const char *name)
{
	struct func *fs[16];
	size_t n = funcs_named(name, fs, 16), i;

	for (i = 0; i < n; i++)
		if (unknown_calls(fs[i]))
			return true;
	return false;
}

/* Decode [start, end) of FN, in section data TEXT at SECADDR. */
static bool decode_span(const struct image *im, const struct sym *fn, Elf_Data *text,
			GElf_Addr secaddr, GElf_Addr start, GElf_Addr end, bool thumb)
{
	struct decoding d = { .im = im, .fn = fn };
	struct code c = {
		.machine = im->eh.e_machine,
		.elf_class = im->eh.e_ident[EI_CLASS] == ELFCLASS64 ? 64 : 32,
		.addr = start, .thumb = thumb,
		.big = im->eh.e_ident[EI_DATA] == ELFDATA2MSB,
	};

	if (start < secaddr || end - secaddr > text->d_size || end <= start)
		return true;
	c.bytes = (const unsigned char *)text->d_buf + (start - secaddr);
	c.len = (size_t)(end - start);
	return decode_branches(&c, decoded_branch, &d);
}

/*
 * FN's code, in the section that holds it, decoded span by span: the
 * mapping symbols inside it tell its data (skipped) and, on arm, which
 * spans are Thumb.
 */
static bool decode_func(const struct image *im, const struct sym *fn)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	Elf_Data *text;
	GElf_Addr at = fn->start;
	bool thumb = fn->thumb, data = false, ok = true;
	size_t i;

	while ((scn = elf_nextscn(im->elf, scn)) != NULL)
		if (gelf_getshdr(scn, &sh) != NULL && (sh.sh_flags & SHF_EXECINSTR) &&
		    sh.sh_type == SHT_PROGBITS && fn->start >= sh.sh_addr &&
		    fn->end <= sh.sh_addr + sh.sh_size)
			break;
	if (scn == NULL || (text = elf_getdata(scn, NULL)) == NULL || text->d_buf == NULL)
		return false;
	for (i = 0; i < im->nmaps && ok; i++) {
		if (im->maps[i].start <= fn->start) {
			thumb = im->maps[i].name[1] == 't' ? true :
				im->maps[i].name[1] == 'a' ? false : thumb;
			data = im->maps[i].name[1] == 'd';
			continue;
		}
		if (im->maps[i].start >= fn->end)
			break;
		if (!data)
			ok = decode_span(im, fn, text, sh.sh_addr, at, im->maps[i].start, thumb);
		at = im->maps[i].start;
		data = im->maps[i].name[1] == 'd';
		thumb = im->maps[i].name[1] == 't' ? true :
			im->maps[i].name[1] == 'a' ? false : thumb;
	}
	if (ok && !data)
		ok = decode_span(im, fn, text, sh.sh_addr, at, fn->end, thumb);
	return ok;
}

/* Each function named NAME without .ci: its calls are now known. */
static void mark_decoded(const char *name)
{
	struct func *fs[16];
	size_t n = funcs_named(name, fs, 16), i;

	for (i = 0; i < n; i++)
		fs[i]->decoded = unknown_calls(fs[i]);
}

/*
 * The functions without .ci: their calls, from their code, on a machine
 * decode.c reads (elsewhere they stay unknown). Only once every symbol
 * of a name is read are that name's calls known.
 */
static void decode_funcs(const struct image *im)
{
	struct code probe = { .machine = im->eh.e_machine };
	struct func **fs;
	size_t i, n;
	char site[160];

	if (!decode_branches(&probe, decoded_branch, NULL))
		return;
	for (i = 0; i < im->nfuncs; i++) {
		if (!needs_decoding(im->funcs[i].name))
			continue;
		if (!decode_func(im, &im->funcs[i])) {
			snprintf(site, sizeof(site), "%s (its code is in no section "
				 "of the image)", im->funcs[i].name);
			add_decoded_call(im->funcs[i].name, NULL, site);
		}
	}
	for (i = 0; i < im->nfuncs; i++)
		mark_decoded(im->funcs[i].name);
	funcs_all(&fs, &n);
	for (i = 0; i < n; i++)
		if (fs[i]->decoded)
			fs[i]->no_graph = false;
}

void read_image_calls(const char *path)
{
	int fd = open(path, O_RDONLY);
	struct image im = { .elf = NULL };
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	im.elf = fd < 0 ? NULL : elf_begin(fd, ELF_C_READ, NULL);
	if (im.elf != NULL && gelf_getehdr(im.elf, &im.eh) != NULL) {
		read_funcs(&im);
		while (im.symdata != NULL && (scn = elf_nextscn(im.elf, scn)) != NULL)
			if (gelf_getshdr(scn, &sh) != NULL &&
			    (sh.sh_type == SHT_RELA || sh.sh_type == SHT_REL))
				read_section_relocs(&im, scn, &sh);
		decode_funcs(&im);
	}
	free(im.funcs);
	free(im.maps);
	elf_end(im.elf);
	if (fd >= 0)
		close(fd);
}
