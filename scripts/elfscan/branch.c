// SPDX-License-Identifier: GPL-2.0
/*
 * branch.c: the instruction encodings the scanner needs to find a call to a
 * stack-protector failure handler that left no relocation behind.
 *
 * When __stack_chk_fail is defined in the same section as its caller (a
 * static handler, or any handler in a linked image), the assembler or the
 * linker resolves the PC-relative call and nothing in the relocation
 * tables names it.  What is left is the instruction itself.  Only direct
 * calls and branches are decoded, one short function per machine, and
 * only for the machines whose compilers emit them for the canary check:
 *
 *   x86-64, i386  E8 (call) / E9 (jmp) rel32, at every byte offset: the
 *                 instruction stream is not decoded, so a stray E8 whose
 *                 rel32 happens to land in the handler would count too
 *   aarch64       BL / B imm26
 *   arm           ARM BL / B / BLX imm24; Thumb-2 BL / BLX / B.W
 *   ppc64         b / bl (I-form, not absolute)
 *   m68k          bsr / bra (8-, 16- and 32-bit), jsr / jmp (d16,pc)
 *   riscv         jal, and auipc + jalr through the same register (clang's
 *                 assembler resolves a local call when it does not relax)
 *   mips          j / jal, in linked images only: in an object their
 *                 field is a section offset or 0 under a relocation, and
 *                 the relocation says where the call goes
 *
 * sh loads the handler's address from a literal pool word that keeps a
 * relocation (also in a linked image, with --emit-relocs); scan.c reads
 * those, as every relocation, and reloc_target_offset() below supplies the
 * addends that REL sections (and SH's in-place RELA) keep in the code.
 */
#include <elf.h>

#include "elfscan.h"

static uint32_t read32(const unsigned char *p, bool big_endian)
{
	if (big_endian)
		return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
		       (uint32_t)p[2] << 8 | p[3];
	return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[1] << 8 | p[0];
}

static uint16_t read16(const unsigned char *p, bool big_endian)
{
	return big_endian ? (uint16_t)(p[0] << 8 | p[1])
			  : (uint16_t)(p[1] << 8 | p[0]);
}

/* The low BITS bits of V as a signed number. */
static int64_t sign_extend(uint64_t v, unsigned bits)
{
	uint64_t m = (uint64_t)1 << (bits - 1);

	v &= (m << 1) - 1;
	return (int64_t)((v ^ m) - m);
}

/* Addresses wrap at 32 bits in a 32-bit ELF. */
static uint64_t wrap(const struct code *c, uint64_t a)
{
	return c->is_64 ? a : (uint32_t)a;
}

static bool x86_branches(const struct code *c, target_fn fn, void *ctx)
{
	size_t i;

	for (i = 0; i + 5 <= c->size; i++) {
		const unsigned char *p = c->bytes + i;

		if ((p[0] == 0xe8 || p[0] == 0xe9) &&
		    fn(wrap(c, c->address + i + 5 +
			    (uint64_t)sign_extend(read32(p + 1, false), 32)), ctx))
			return true;
	}
	return false;
}

static bool aarch64_branches(const struct code *c, target_fn fn, void *ctx)
{
	size_t i;

	for (i = 0; i + 4 <= c->size; i += 4) {
		uint32_t insn = read32(c->bytes + i, c->big_endian);

		/* B is 000101, BL 100101: bit 31 is the link bit. */
		if ((insn & 0x7c000000) == 0x14000000 &&
		    fn(c->address + i + (uint64_t)(sign_extend(insn, 26) * 4), ctx))
			return true;
	}
	return false;
}

static bool arm_branches(const struct code *c, target_fn fn, void *ctx)
{
	size_t i;

	for (i = 0; i + 4 <= c->size; i += 4) {
		uint32_t insn = read32(c->bytes + i, c->big_endian);
		uint64_t pc = c->address + i + 8;

		/* B/BL with any condition: cccc 101L imm24. */
		if ((insn & 0x0e000000) == 0x0a000000 && (insn >> 28) != 0xf &&
		    fn(wrap(c, pc + (uint64_t)(sign_extend(insn, 24) * 4)), ctx))
			return true;
		/* BLX imm24:H, to Thumb code. */
		if ((insn >> 25) == 0x7d &&
		    fn(wrap(c, pc + (uint64_t)(sign_extend(insn, 24) * 4) +
			    ((insn >> 23) & 2)), ctx))
			return true;
	}
	return false;
}

/* Thumb-2 BL (11 J1 1 J2), BLX (11 J1 0 J2) and B.W T4 (10 J1 1 J2). */
static bool is_thumb_branch(uint16_t hi, uint16_t lo)
{
	uint16_t kind = lo & 0xd000;

	return (hi & 0xf800) == 0xf000 &&
	       (kind == 0xd000 || kind == 0xc000 || kind == 0x9000);
}

/* First halfword 11110 S imm10; the target is PC + S:I1:I2:imm10:imm11:0. */
static bool thumb_branches(const struct code *c, target_fn fn, void *ctx)
{
	size_t i;

	for (i = 0; i + 4 <= c->size; i += 2) {
		uint16_t hi = read16(c->bytes + i, c->big_endian);
		uint16_t lo = read16(c->bytes + i + 2, c->big_endian);
		uint32_t s, j1, j2, imm;
		uint64_t pc = c->address + i + 4;

		if (!is_thumb_branch(hi, lo))
			continue;
		s = (hi >> 10) & 1;
		j1 = (lo >> 13) & 1;
		j2 = (lo >> 11) & 1;
		imm = s << 24 | (!(j1 ^ s)) << 23 | (!(j2 ^ s)) << 22 |
		      (uint32_t)(hi & 0x3ff) << 12 | (uint32_t)(lo & 0x7ff) << 1;
		if ((lo & 0xd000) == 0xc000)	/* BLX: to ARM code */
			pc &= ~(uint64_t)3;
		if (fn(wrap(c, pc + (uint64_t)sign_extend(imm, 25)), ctx))
			return true;
	}
	return false;
}

static bool ppc_branches(const struct code *c, target_fn fn, void *ctx)
{
	size_t i;

	for (i = 0; i + 4 <= c->size; i += 4) {
		uint32_t insn = read32(c->bytes + i, c->big_endian);

		/* Opcode 18 with AA (bit 1) clear: b or bl, PC-relative. */
		if ((insn >> 26) == 18 && !(insn & 2) &&
		    fn(wrap(c, c->address + i +
			    (uint64_t)sign_extend(insn & 0x03fffffc, 26)), ctx))
			return true;
	}
	return false;
}

static bool m68k_branches(const struct code *c, target_fn fn, void *ctx)
{
	size_t i;

	for (i = 0; i + 2 <= c->size; i += 2) {
		uint16_t op = read16(c->bytes + i, true);
		uint64_t pc = c->address + i + 2;
		int64_t disp;

		if (op == 0x4eba || op == 0x4efa) {		/* jsr/jmp (d16,pc) */
			if (i + 4 > c->size)
				break;
			disp = sign_extend(read16(c->bytes + i + 2, true), 16);
		} else if ((op & 0xfe00) == 0x6000) {		/* bra/bsr */
			if ((op & 0xff) == 0) {
				if (i + 4 > c->size)
					break;
				disp = sign_extend(read16(c->bytes + i + 2, true), 16);
			} else if ((op & 0xff) == 0xff) {
				if (i + 6 > c->size)
					break;
				disp = sign_extend(read32(c->bytes + i + 2, true), 32);
			} else {
				disp = sign_extend(op, 8);
			}
		} else {
			continue;
		}
		if (fn(wrap(c, pc + (uint64_t)disp), ctx))
			return true;
	}
	return false;
}

static bool mips_branches(const struct code *c, target_fn fn, void *ctx)
{
	size_t i;

	if (!c->linked)
		return false;
	for (i = 0; i + 4 <= c->size; i += 4) {
		uint32_t insn = read32(c->bytes + i, c->big_endian);
		uint64_t region = (c->address + i + 4) & ~(uint64_t)0x0fffffff;

		/* j is opcode 2, jal 3: a 26-bit word index in the 256 MB region. */
		if (((insn >> 26) == 2 || (insn >> 26) == 3) &&
		    fn(wrap(c, region | (uint64_t)(insn & 0x03ffffff) << 2), ctx))
			return true;
	}
	return false;
}

/* The J-type immediate: imm[20|10:1|11|19:12] in bits 31..12. */
static int64_t riscv_jal_offset(uint32_t insn)
{
	uint32_t imm = ((insn >> 31) & 1) << 20 | ((insn >> 21) & 0x3ff) << 1 |
		       ((insn >> 20) & 1) << 11 | ((insn >> 12) & 0xff) << 12;

	return sign_extend(imm, 21);
}

/* jal, and the auipc + jalr pair of a call the assembler resolved. */
static bool riscv_branches(const struct code *c, target_fn fn, void *ctx)
{
	size_t i;

	for (i = 0; i + 4 <= c->size; i += 2) {
		uint32_t insn = read32(c->bytes + i, false), next;
		uint64_t pc = c->address + i;
		unsigned rd = (insn >> 7) & 0x1f;

		if ((insn & 3) != 3)
			continue;	/* a compressed instruction */
		if ((insn & 0x7f) == 0x6f &&
		    fn(wrap(c, pc + (uint64_t)riscv_jal_offset(insn)), ctx))
			return true;
		if ((insn & 0x7f) != 0x17 || i + 8 > c->size)
			continue;
		next = read32(c->bytes + i + 4, false);
		/* jalr (funct3 0) through the register auipc wrote */
		if ((next & 0x707f) == 0x67 && ((next >> 15) & 0x1f) == rd &&
		    fn(wrap(c, pc + (uint64_t)sign_extend(insn & 0xfffff000, 32) +
			    (uint64_t)sign_extend(next >> 20, 12)), ctx))
			return true;
	}
	return false;
}

bool for_each_branch(const struct code *c, target_fn fn, void *ctx)
{
	switch (c->machine) {
	case EM_X86_64:
	case EM_386:
		return x86_branches(c, fn, ctx);
	case EM_AARCH64:
		return aarch64_branches(c, fn, ctx);
	case EM_ARM:
		return c->thumb ? thumb_branches(c, fn, ctx)
				: arm_branches(c, fn, ctx);
	case EM_PPC64:
		return ppc_branches(c, fn, ctx);
	case EM_68K:
		return m68k_branches(c, fn, ctx);
	case EM_MIPS:
		return mips_branches(c, fn, ctx);
	case EM_RISCV:
		return riscv_branches(c, fn, ctx);
	default:
		return false;
	}
}

/*
 * Where a relocation against a section symbol points, relative to that
 * symbol: the explicit addend, plus what REL (and SH's in-place RELA)
 * keep in the field, plus the distance from the field to the end of a
 * PC-relative x86 call (gcc writes "sym - 4": the call goes to sym).
 * FIELD is NULL when the bytes are not available or, in a linked image,
 * hold the resolved value.  Returns false for a relocation whose field is
 * not decoded here.
 */
bool reloc_target_offset(uint16_t machine, uint32_t type, int64_t addend,
			 const unsigned char *field, size_t avail,
			 bool big_endian, int64_t *offset)
{
	int64_t inplace = 0;

	switch (machine) {
	case EM_X86_64:
		if (type == R_X86_64_PC32 || type == R_X86_64_PLT32)
			addend += 4;
		break;
	case EM_386:		/* REL: the addend is the field */
		if (field == NULL || avail < 4)
			return false;
		inplace = sign_extend(read32(field, big_endian), 32);
		if (type == R_386_PC32 || type == R_386_PLT32)
			inplace += 4;
		else if (type != R_386_32)
			return false;
		break;
	case EM_MIPS:		/* REL */
		if (field == NULL || avail < 4)
			return false;
		if (type == R_MIPS_26)
			inplace = (int64_t)(read32(field, big_endian) & 0x03ffffff) << 2;
		else if (type == R_MIPS_32)
			inplace = sign_extend(read32(field, big_endian), 32);
		else
			return false;
		break;
	case EM_SH:		/* RELA, but gas also leaves the addend in place */
		if (type != R_SH_DIR32)
			return false;
		if (field != NULL && avail >= 4)
			inplace = sign_extend(read32(field, big_endian), 32);
		break;
	default:
		break;
	}
	*offset = addend + inplace;
	return true;
}

/* In a linked image, an absolute address word is its own target (sh). */
bool reloc_absolute_target(uint16_t machine, uint32_t type,
			   const unsigned char *field, size_t avail,
			   bool big_endian, uint64_t *target)
{
	if (machine != EM_SH || type != R_SH_DIR32 || avail < 4)
		return false;
	*target = read32(field, big_endian);
	return true;
}
