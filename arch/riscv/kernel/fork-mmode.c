// SPDX-License-Identifier: GPL-2.0
/*
 * The machine-mode RISC-V board's part of the checkpoint fork (QEMU's
 * virt, RV32 and RV64; lib/board-fork.c has the state machine and the
 * reasoning): the frame fork() pushes (ra, s0-s11 and tp, the task
 * control block the per-task guard reads, so that the parent has its
 * own again) and the return into it, the stack the child's end runs on,
 * the mret from a trap into that end, and the child's alarm (the CLINT's
 * mtimecmp). The object is exempt from stack protection (Makefile).
 */
#include <stdint.h>
#include <asm/fork-mmode.h>
#include <sspkit/board-fork.h>
#include <mach/board.h>

/* From the board's linker script. */
extern uintptr_t __bss_end[];

#define SIGALRM		14

#define __noinit	__attribute__((__section__(".noinit")))

/*
 * The csr instructions: binutils 2.40 wants zicsr asked for (not in
 * -march: gcc 12.2 would link another multilib's libgcc), clang 14 has
 * them in its base ISA (head-mmode.S does the same).
 */
#ifdef __clang__
#define ZICSR(insns)	insns
#else
#define ZICSR(insns)	".option push\n\t.option arch, +zicsr\n\t" insns \
			"\n\t.option pop\n\t"
#endif

/* Where the child's end runs. */
static uint64_t fork_stack[256] __noinit __used __attribute__((__aligned__(16)));

/* The board's CLINT (<mach/board.h>), as SiFive laid it out: hart 0's
 * mtimecmp and mtime, at BOARD_MTIME_HZ. */
#define CLINT_MTIMECMP	(BOARD_CLINT_BASE + 0x4000ul)
#define CLINT_MTIME	(BOARD_CLINT_BASE + 0xbff8ul)
#define MTIME_HZ	BOARD_MTIME_HZ
#define MIE_MTIE	(1u << 7)
#define MSTATUS_MIE	(1u << 3)
#define CAUSE_MTI	(((uintptr_t)1 << (8 * sizeof(uintptr_t) - 1)) | 7)

static uint64_t mtime_read(void)
{
	volatile uint32_t *t = (volatile uint32_t *)CLINT_MTIME;
	uint32_t hi, lo;

	do {
		hi = t[1];
		lo = t[0];
	} while (hi != t[1]);
	return (uint64_t)hi << 32 | lo;
}

static void mtimecmp_write(uint64_t v)
{
	volatile uint32_t *c = (volatile uint32_t *)CLINT_MTIMECMP;

	c[1] = 0xffffffffu;	/* no interrupt between the halves */
	c[0] = (uint32_t)v;
	c[1] = (uint32_t)(v >> 32);
}

void arch_fork_alarm_stop(void)
{
	__asm__ __volatile__ (ZICSR("csrc mie, %0\n\tcsrc mstatus, %1")
			      : : "r" (MIE_MTIE), "r" (MSTATUS_MIE) : "memory");
	mtimecmp_write(~(uint64_t)0);
}

/* Below the trap stack and above .bss: the main stack, the one saved. */
int arch_fork_on_main_stack(const uintptr_t *sp)
{
	return sp >= __bss_end && sp <= __fork_save_end;
}

#if __riscv_xlen == 64
#define REG_S	"sd"
#define REG_L	"ld"
#define SZ(n)	#n "*8"
#define FORK_FRAME	"112"
#else
#define REG_S	"sw"
#define REG_L	"lw"
#define SZ(n)	#n "*4"
#define FORK_FRAME	"64"
#endif
/* FORK_FRAME: ra, s0-s11, tp, 14 registers, sp kept 16-byte aligned. */
#define FORK_REGS(op) \
	op " ra, " SZ(0) "(sp)\n\t" op " s0, " SZ(1) "(sp)\n\t" \
	op " s1, " SZ(2) "(sp)\n\t" op " s2, " SZ(3) "(sp)\n\t" \
	op " s3, " SZ(4) "(sp)\n\t" op " s4, " SZ(5) "(sp)\n\t" \
	op " s5, " SZ(6) "(sp)\n\t" op " s6, " SZ(7) "(sp)\n\t" \
	op " s7, " SZ(8) "(sp)\n\t" op " s8, " SZ(9) "(sp)\n\t" \
	op " s9, " SZ(10) "(sp)\n\t" op " s10, " SZ(11) "(sp)\n\t" \
	op " s11, " SZ(12) "(sp)\n\t" op " tp, " SZ(13) "(sp)\n\t"

/*
 * board_fork: push the callee-saved registers and tp, save; the child
 * returns 0 through that frame, the parent returns through the same
 * frame, restored, from arch_fork_resume(sp, pid), which loads it back.
 * board_child_exit: interrupts off (no alarm on the way), then the
 * child's end on fork_stack.
 */
__asm__ (".text\n\t"
	 ".globl board_fork\n\t"
	 ".type board_fork, @function\n"
	 "board_fork:\n\t"
	 "addi sp, sp, -" FORK_FRAME "\n\t"
	 FORK_REGS(REG_S)
	 "mv a0, sp\n\t"
	 "call board_fork_save\n"
	 "board_fork_return:\n\t"
	 FORK_REGS(REG_L)
	 "addi sp, sp, " FORK_FRAME "\n\t"
	 "ret\n\t"
	 ".size board_fork, . - board_fork\n\t"
	 ".globl arch_fork_resume\n\t"
	 ".type arch_fork_resume, @function\n"
	 "arch_fork_resume:\n\t"
	 "mv sp, a0\n\t"
	 "mv a0, a1\n\t"
	 "j board_fork_return\n\t"
	 ".size arch_fork_resume, . - arch_fork_resume\n\t"
	 ".globl board_child_exit\n\t"
	 ".type board_child_exit, @function\n"
	 "board_child_exit:\n\t"
	 ZICSR("csrci mstatus, 8") "\n\t"	/* MIE: no alarm on the way */
	 "la sp, fork_stack + 256*8\n\t"
	 "j board_child_end\n\t"
	 ".size board_child_exit, . - board_child_exit\n");

/*
 * From the trap report: mret into board_child_end(status) on fork_stack,
 * in machine mode with interrupts off; the stack that trapped (perhaps a
 * bad sp) is left alone.
 */
void mmode_child_fault(int status)
{
	uintptr_t mpp = 3u << 11, mpie = 1u << 7;

	if (!board_in_child())
		return;
#ifdef MMODE_FORK_STANDIN_NO_RESUME
	/* tests/board/virt-sweep.t's stand-in: the trap ends the program. */
	return;
#endif
	__asm__ __volatile__ (ZICSR("csrw mepc, %0\n\t"
				    "csrs mstatus, %1\n\t"
				    "csrc mstatus, %2\n\t"
				    "mv a0, %3\n\t"
				    "mv sp, %4\n\t"
				    "mret")
			      : : "r" (board_child_end), "r" (mpp), "r" (mpie),
				"r" ((long)status), "r" (&fork_stack[256])
			      : "a0", "memory");
	__builtin_unreachable();
}

void arch_fork_alarm_start(long seconds)
{
	mtimecmp_write(mtime_read() + (uint64_t)seconds * MTIME_HZ);
	__asm__ __volatile__ (ZICSR("csrs mie, %0\n\tcsrs mstatus, %1")
			      : : "r" (MIE_MTIE), "r" (MSTATUS_MIE) : "memory");
}

int mmode_timer(uintptr_t cause)
{
	if (cause != CAUSE_MTI)
		return 0;
	arch_fork_alarm_stop();
	mmode_child_fault(SIGALRM);
	return 1;	/* no child: a stale alarm, stopped */
}
