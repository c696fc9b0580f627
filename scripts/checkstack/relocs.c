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
};

struct image {
	Elf *elf;
	GElf_Ehdr eh;
	struct sym *funcs;
	size_t nfuncs;
	Elf_Data *symdata;
	size_t strndx;
};

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
			if (gelf_getsym(im->symdata, (int)i, &sym) == NULL ||
			    GELF_ST_TYPE(sym.st_info) != STT_FUNC)
				continue;
			im->funcs = xrealloc(im->funcs, (im->nfuncs + 1) * sizeof(*im->funcs));
			im->funcs[im->nfuncs].start = sym.st_value & ~(GElf_Addr)1;
			im->funcs[im->nfuncs].end = (sym.st_value & ~(GElf_Addr)1) + sym.st_size;
			im->funcs[im->nfuncs].name = elf_strptr(im->elf, sh.sh_link, sym.st_name);
			im->nfuncs++;
		}
	}
	qsort(im->funcs, im->nfuncs, sizeof(*im->funcs), by_start);
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
	}
	free(im.funcs);
	elf_end(im.elf);
	if (fd >= 0)
		close(fd);
}
