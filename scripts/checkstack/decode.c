// SPDX-License-Identifier: GPL-2.0
/*
 * decode.c: the branches in one function's machine code, for a function
 * whose object has no call graph (clang writes no .ci). Every branch
 * that can leave the function is reported: a direct one with its target
 * (a call, or a jump that is a tail call when the target is another
 * function), an indirect one (a call or jump through a register or
 * memory: its target is not in the code), and any byte the decoder
 * cannot read (reported as indirect: nothing it hides may be lost).
 * A return is not a branch out.
 *
 * x86 and arm are decoded with capstone; aarch64, riscv, mips and
 * powerpc, whose branches are few fixed encodings, here (capstone 4
 * stops early in clang's mips code). Data in the code (arm's
 * literal pools) is left out by the caller, by the mapping symbols.
 */
#include <capstone/capstone.h>
#include <elf.h>
#include <stdint.h>
#include <string.h>

#include "checkstack.h"

static void report(enum branch_kind kind, bool call, uint64_t at, uint64_t target,
		   branch_fn *fn, void *arg)
{
	struct branch b = { .kind = kind, .call = call, .at = at, .target = target };

	fn(&b, arg);
}

/* x86: a call or jump with an immediate is direct; any other is not. */
static void x86_branch(csh h, const cs_insn *in,
		     branch_fn *fn, void *arg)
{
	const cs_x86 *x = &in->detail->x86;

	bool call = cs_insn_group(h, in, CS_GRP_CALL);

	if (!call && !cs_insn_group(h, in, CS_GRP_JUMP))
		return;
	if (x->op_count == 1 && x->operands[0].type == X86_OP_IMM)
		report(BR_DIRECT, call, in->address, (uint64_t)x->operands[0].imm, fn, arg);
	else
		report(BR_INDIRECT, call, in->address, 0, fn, arg);
}

/* arm: does IN return (bx lr, pop/ldm from sp with pc, ldr pc, [sp])? */
static bool arm_returns(const cs_insn *in)
{
	const cs_arm *a = &in->detail->arm;

	switch (in->id) {
	case ARM_INS_BX:
		return a->op_count == 1 && a->operands[0].type == ARM_OP_REG &&
		       a->operands[0].reg == ARM_REG_LR;
	case ARM_INS_POP:
		return true;
	case ARM_INS_LDM:
		return a->op_count > 0 && a->operands[0].type == ARM_OP_REG &&
		       a->operands[0].reg == ARM_REG_SP;
	case ARM_INS_LDR:
		return a->op_count == 2 && a->operands[1].type == ARM_OP_MEM &&
		       a->operands[1].mem.base == ARM_REG_SP;
	default:
		return false;
	}
}

/*
 * arm: any instruction that writes pc, or that capstone calls a jump or
 * a call, branches. One with an immediate
 * (b, bl, blx, cbz) is direct; a return is none; any other (blx rN,
 * bx rN, mov pc, ldr pc, tbb) goes where a register says.
 */
static void arm_branch(csh h, const cs_insn *in,
		     branch_fn *fn, void *arg)
{
	const cs_arm *a = &in->detail->arm;
	bool call = in->id == ARM_INS_BL || in->id == ARM_INS_BLX;
	cs_regs rd, wr;
	uint8_t nrd, nwr, i;
	bool pc = false;

	if (cs_regs_access(h, in, rd, &nrd, wr, &nwr) != CS_ERR_OK) {
		report(BR_UNDECODED, true, in->address, 0, fn, arg);
		return;
	}
	/* capstone 4 leaves pc out of b.w's registers written: its group. */
	pc = cs_insn_group(h, in, CS_GRP_JUMP) || cs_insn_group(h, in, CS_GRP_CALL);
	for (i = 0; i < nwr; i++)
		pc |= wr[i] == ARM_REG_PC;
	if (!pc || arm_returns(in))
		return;
	for (i = 0; i < a->op_count; i++)
		if (a->operands[i].type == ARM_OP_IMM &&
		    in->id != ARM_INS_LDR && in->id != ARM_INS_MOV) {
			report(BR_DIRECT, call, in->address,
			       (uint32_t)a->operands[i].imm, fn, arg);
			return;
		}
	report(BR_INDIRECT, call, in->address, 0, fn, arg);
}

/*
 * Thumb is read as the A and R profiles have it, and what they do not
 * have (an M profile's mrs and msr of msp, psp, control) as M has it.
 */
static bool decode_capstone(const struct code *c, branch_fn *fn, void *arg)
{
	cs_arch arch = c->machine == EM_X86_64 || c->machine == EM_386 ?
		       CS_ARCH_X86 : CS_ARCH_ARM;
	cs_mode mode = c->machine == EM_X86_64 ? CS_MODE_64 :
		       c->machine == EM_386 ? CS_MODE_32 :
		       c->thumb ? CS_MODE_THUMB : CS_MODE_ARM;
	csh h[2];
	int nh = 0, k;
	cs_insn *in;
	const uint8_t *p = c->bytes;
	size_t left = c->len;
	uint64_t at = c->addr;

	if (cs_open(arch, mode, &h[nh]) == CS_ERR_OK)
		nh++;
	if (nh == 1 && c->thumb &&
	    cs_open(arch, mode | CS_MODE_MCLASS, &h[nh]) == CS_ERR_OK)
		nh++;
	if (nh == 0)
		return false;
	for (k = 0; k < nh; k++)
		cs_option(h[k], CS_OPT_DETAIL, CS_OPT_ON);
	in = cs_malloc(h[0]);
	while (left > 0) {
		for (k = 0; k < nh && !cs_disasm_iter(h[k], &p, &left, &at, in); k++)
			;
		if (k == nh) {
			report(BR_UNDECODED, true, at, 0, fn, arg);
			break;
		}
		if (arch == CS_ARCH_X86)
			x86_branch(h[k], in, fn, arg);
		else
			arm_branch(h[k], in, fn, arg);
	}
	cs_free(in, 1);
	for (k = 0; k < nh; k++)
		cs_close(&h[k]);
	return true;
}

static int64_t sext(uint64_t v, unsigned bits)
{
	uint64_t m = 1ull << (bits - 1);

	v &= (m << 1) - 1;
	return (int64_t)((v ^ m) - m);
}

static uint32_t le32(const uint8_t *p)
{
	return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/*
 * aarch64: b, bl (imm26), b.cond, cbz/cbnz (imm19), tbz/tbnz (imm14) are
 * direct; the branch-register class is indirect but for ret and eret.
 */
static bool decode_aarch64(const struct code *c, branch_fn *fn, void *arg)
{
	size_t off;

	for (off = 0; off + 4 <= c->len; off += 4) {
		uint32_t w = le32(c->bytes + off);
		uint64_t at = c->addr + off;
		unsigned opc = (w >> 21) & 0xf;

		if ((w & 0x7c000000) == 0x14000000)
			report(BR_DIRECT, w >> 31, at, at + (uint64_t)(sext(w, 26) * 4), fn, arg);
		else if ((w & 0xff000010) == 0x54000000 || (w & 0x7e000000) == 0x34000000)
			report(BR_DIRECT, false, at, at + (uint64_t)(sext(w >> 5, 19) * 4), fn, arg);
		else if ((w & 0x7e000000) == 0x36000000)
			report(BR_DIRECT, false, at, at + (uint64_t)(sext(w >> 5, 14) * 4), fn, arg);
		else if ((w & 0xfe000000) == 0xd6000000 && opc != 2 && opc != 4 && opc != 5)
			report(BR_INDIRECT, opc & 1, at, 0, fn, arg);
	}
	return true;
}

/* riscv: the J-type offset of jal. */
static int64_t rv_jal_imm(uint32_t w)
{
	return sext(((w >> 31) & 1) << 20 | ((w >> 12) & 0xff) << 12 |
		    ((w >> 20) & 1) << 11 | ((w >> 21) & 0x3ff) << 1, 21);
}

/* riscv: the B-type offset of beq and the others. */
static int64_t rv_branch_imm(uint32_t w)
{
	return sext(((w >> 31) & 1) << 12 | ((w >> 7) & 1) << 11 |
		    ((w >> 25) & 0x3f) << 5 | ((w >> 8) & 0xf) << 1, 13);
}

/* riscv: the offset of c.j (and rv32's c.jal). */
static int64_t rv_cj_imm(uint32_t h)
{
	return sext(((h >> 12) & 1) << 11 | ((h >> 11) & 1) << 4 |
		    ((h >> 9) & 3) << 8 | ((h >> 8) & 1) << 10 |
		    ((h >> 7) & 1) << 6 | ((h >> 6) & 1) << 7 |
		    ((h >> 3) & 7) << 1 | ((h >> 2) & 1) << 5, 12);
}

/* riscv: the offset of c.beqz and c.bnez. */
static int64_t rv_cb_imm(uint32_t h)
{
	return sext(((h >> 12) & 1) << 8 | ((h >> 10) & 3) << 3 |
		    ((h >> 5) & 3) << 6 | ((h >> 3) & 3) << 1 |
		    ((h >> 2) & 1) << 5, 9);
}

/* riscv, 16 bits: c.j, c.jal, c.beqz, c.bnez; c.jr and c.jalr. */
static void rv_compressed(const struct code *c, uint32_t h, uint64_t at,
			  branch_fn *fn, void *arg)
{
	unsigned f3 = h >> 13, rs1 = (h >> 7) & 31;

	if ((h & 3) == 1 && (f3 == 5 || (f3 == 1 && c->elf_class == 32)))
		report(BR_DIRECT, f3 == 1, at, at + (uint64_t)rv_cj_imm(h), fn, arg);
	else if ((h & 3) == 1 && (f3 == 6 || f3 == 7))
		report(BR_DIRECT, false, at, at + (uint64_t)rv_cb_imm(h), fn, arg);
	else if ((h & 0xf07f) == 0x8002 && rs1 != 0 && rs1 != 1)
		report(BR_INDIRECT, false, at, 0, fn, arg);	/* c.jr, not ret */
	else if ((h & 0xf07f) == 0x9002 && rs1 != 0)
		report(BR_INDIRECT, true, at, 0, fn, arg);	/* c.jalr */
}

/*
 * riscv: jal and the branches are direct; jalr is direct when the
 * instruction before it is the auipc that sets its base (a call or tail
 * call the linker did not relax), a return when it is "jalr x0, 0(ra)",
 * and indirect otherwise.
 */
static bool decode_riscv(const struct code *c, branch_fn *fn, void *arg)
{
	uint32_t prev = 0;
	size_t off = 0;

	while (off + 2 <= c->len) {
		uint32_t w = c->bytes[off] | (uint32_t)c->bytes[off + 1] << 8;
		uint64_t at = c->addr + off;
		unsigned rd, rs1;

		if ((w & 3) != 3) {
			rv_compressed(c, w, at, fn, arg);
			prev = 0;
			off += 2;
			continue;
		}
		if (off + 4 > c->len || (w & 0x1f) == 0x1f) {
			report(BR_UNDECODED, true, at, 0, fn, arg);
			return true;
		}
		w = le32(c->bytes + off);
		rd = (w >> 7) & 31;
		rs1 = (w >> 15) & 31;
		if ((w & 0x7f) == 0x6f)
			report(BR_DIRECT, rd != 0, at, at + (uint64_t)rv_jal_imm(w), fn, arg);
		else if ((w & 0x7f) == 0x63)
			report(BR_DIRECT, false, at, at + (uint64_t)rv_branch_imm(w), fn, arg);
		else if ((w & 0x707f) == 0x67 && (prev & 0x7f) == 0x17 &&
			 ((prev >> 7) & 31) == rs1 && rs1 != 0)
			report(BR_DIRECT, rd != 0, at, at - 4 + (uint64_t)sext(prev & 0xfffff000, 32) +
			       (uint64_t)sext(w >> 20, 12), fn, arg);
		else if ((w & 0x707f) == 0x67 && !(rd == 0 && rs1 == 1 && (w >> 20) == 0))
			report(BR_INDIRECT, rd != 0, at, 0, fn, arg);
		prev = w;
		off += 4;
	}
	if (off < c->len)
		report(BR_UNDECODED, true, c->addr + off, 0, fn, arg);
	return true;
}

/*
 * mips (MIPS32/MIPS64 before release 6, either byte order): j and jal
 * are direct within the 256 MB region of their delay slot; the
 * PC-relative branches (beq..bgtzl, regimm's bltz..bgezall, whose "al"
 * ones link, and the coprocessor ones) are direct; jr is a return when
 * its register is ra, and jr and jalr through any other register are
 * indirect. jalx, which switches to another instruction set, is read as
 * indirect: what follows it is not decoded here.
 */
static void mips_word(uint32_t w, uint64_t at, branch_fn *fn, void *arg)
{
	unsigned op = w >> 26, rs = (w >> 21) & 31, rt = (w >> 16) & 31;
	uint64_t rel = at + 4 + (uint64_t)(sext(w & 0xffff, 16) * 4);

	if (op == 2 || op == 3)
		report(BR_DIRECT, op == 3, at, ((at + 4) & ~0xfffffffull) |
		       (uint64_t)(w & 0x3ffffff) << 2, fn, arg);
	else if (op == 0x1d)
		report(BR_INDIRECT, true, at, 0, fn, arg);
	else if (op == 0 && (w & 0x3e) == 8 && !((w & 1) == 0 && rs == 31))
		report(BR_INDIRECT, w & 1, at, 0, fn, arg);	/* jr, jalr */
	else if ((op >= 4 && op <= 7) || (op >= 0x14 && op <= 0x17))
		report(BR_DIRECT, false, at, rel, fn, arg);
	else if (op == 1 && (rt & 0x0c) == 0)			/* bltz..bgezl */
		report(BR_DIRECT, false, at, rel, fn, arg);
	else if (op == 1 && (rt & 0x1c) == 0x10)		/* bltzal..bgezall */
		report(BR_DIRECT, true, at, rel, fn, arg);
	else if (op >= 0x10 && op <= 0x13 && rs >= 8 && rs <= 10)	/* bc1f.. */
		report(BR_DIRECT, false, at, rel, fn, arg);
}

/*
 * powerpc (64-bit, either byte order): b and bl (I-form) and bc (B-form,
 * "bcl" links) are direct, absolute when AA is set; bclr is a return
 * unless it links, and bclrl, bcctr and bctar, with or without the link,
 * are indirect.
 */
static void ppc_word(uint32_t w, uint64_t at, branch_fn *fn, void *arg)
{
	unsigned op = w >> 26, xo = (w >> 1) & 0x3ff;
	bool link = w & 1;
	uint64_t base = (w & 2) ? 0 : at;

	if (op == 18)
		report(BR_DIRECT, link, at, base + (uint64_t)sext(w & 0x3fffffc, 26), fn, arg);
	else if (op == 16)
		report(BR_DIRECT, link, at, base + (uint64_t)sext(w & 0xfffc, 16), fn, arg);
	else if (op == 19 && ((xo == 16 && link) || xo == 528 || xo == 560))
		report(BR_INDIRECT, link, at, 0, fn, arg);
}

/* One 32-bit word at P, in the code's byte order. */
static uint32_t word32(const struct code *c, const uint8_t *p)
{
	return c->big ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
		(uint32_t)p[2] << 8 | p[3] : le32(p);
}

/* mips and powerpc: fixed 32-bit words, read by WORD. */
static bool decode_words(const struct code *c, void (*word)(uint32_t w, uint64_t at,
			 branch_fn *fn, void *arg), branch_fn *fn, void *arg)
{
	size_t off;

	for (off = 0; off + 4 <= c->len; off += 4)
		word(word32(c, c->bytes + off), c->addr + off, fn, arg);
	if (off < c->len)
		report(BR_UNDECODED, true, c->addr + off, 0, fn, arg);
	return true;
}

bool decode_branches(const struct code *c, branch_fn *fn, void *arg)
{
	switch (c->machine) {
	case EM_X86_64:
	case EM_386:
	case EM_ARM:
		return decode_capstone(c, fn, arg);
	case EM_AARCH64:
		return decode_aarch64(c, fn, arg);
	case EM_RISCV:
		return decode_riscv(c, fn, arg);
	case EM_MIPS:
		return decode_words(c, mips_word, fn, arg);
	case EM_PPC64:
		return decode_words(c, ppc_word, fn, arg);
	default:
		return false;
	}
}
