// SPDX-License-Identifier: GPL-2.0
/*
 * fork() on a machine-mode RISC-V board (QEMU's virt, RV32 and RV64): a
 * checkpoint, not a second address space, as arch/arm/kernel/fork-v7m.c
 * is on the MPS2.
 *
 * fork() saves .data, .bss and the live stack (from fork()'s own frame
 * to the end of RAM, past the stack's top and over the trap stack, where
 * an overrun may reach), with ra, s0-s11 and tp pushed in that frame,
 * and returns 0: the child runs on the same stack. However the child
 * ends, the end runs on a stack of its own (fork_stack), copies the
 * saved RAM back and returns from fork() a second time, with the child's
 * pid, through the restored frame: tp (the task control block the
 * per-task guard reads) is the parent's again. wait4() gives the
 * child's status in the word Linux uses:
 *   exit_group(N)       exit N                  (N << 8)
 *   kill(itself, SIG)   killed by SIG: __stack_chk_fail's SIGABRT
 *   a trap              killed by the signal Linux would send; the trap
 *                       report (trap-mmode.c) prints it first, then
 *                       mret's into the child's end
 *   alarm(S) expired    killed by SIGALRM (the CLINT's mtimecmp)
 * so the sweep is one start of qemu-system.
 *
 * The saved copy, the fork's state and fork_stack live in .noinit
 * (virt.lds), outside what is saved and restored; "check" and "sum" tell
 * a state or copy the child rewrote, and then the program ends with
 * "board: fork: ..." (status 70), never as a catch. Only one child at a
 * time. The object is exempt from stack protection (Makefile).
 */
#include <stddef.h>
#include <stdint.h>
#include <asm/fork-mmode.h>
#include <asm/semihosting.h>

/* From the board's linker script. */
extern uintptr_t __data_start[], __bss_end[], __trap_stack_top[];

#define ECHILD		10
#define EAGAIN		11
#define ENOMEM		12
#define ENOSYS		38
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

/* Room for a copy of .data, .bss and the stack in use: 1 MiB of 4. */
#define FORK_SAVE_WORDS	((1024 * 1024) / sizeof(uintptr_t))
static uintptr_t fork_save[FORK_SAVE_WORDS] __noinit;
/* Where the child's end runs. */
static uint64_t fork_stack[256] __noinit __used __attribute__((__aligned__(16)));

static struct {
	uintptr_t *sp;		/* the parent's, in mmode_fork()'s frame */
	size_t ram_words;	/* .data and .bss */
	size_t stack_words;	/* sp to the end of RAM */
	long child;		/* the running child's pid, 0 if none */
	uintptr_t check;	/* of the four above */
	uintptr_t sum;		/* of the saved copy */
	long ended;		/* the pid of an ended child not waited for */
	int status;		/* its wait4() status */
} fork_state __noinit;

static uintptr_t fork_check(void)
{
	return ((uintptr_t)fork_state.sp ^ (uintptr_t)0x5a17c0deu) +
		(uintptr_t)fork_state.ram_words * 3 +
		(uintptr_t)fork_state.stack_words * 5 + (uintptr_t)fork_state.child;
}

void mmode_fork_init(void)
{
	fork_state.sp = NULL;
	fork_state.ram_words = fork_state.stack_words = 0;
	fork_state.child = fork_state.ended = 0;
	fork_state.status = 0;
	fork_state.check = fork_check();
}

/* The CLINT of QEMU's virt: hart 0's mtimecmp, and mtime at 10 MHz. */
#define CLINT_MTIMECMP	0x02004000ul
#define CLINT_MTIME	0x0200bff8ul
#define MTIME_HZ	10000000u
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

static void alarm_stop(void)
{
	__asm__ __volatile__ (ZICSR("csrc mie, %0\n\tcsrc mstatus, %1")
			      : : "r" (MIE_MTIE), "r" (MSTATUS_MIE) : "memory");
	mtimecmp_write(~(uint64_t)0);
}

static void copy_words(uintptr_t *dst, const uintptr_t *src, size_t n)
{
	volatile uintptr_t *d = dst;	/* no memcpy() call */

	while (n--)
		*d++ = *src++;
}

static uintptr_t sum_words(const uintptr_t *p, size_t n)
{
	uintptr_t sum = 0;

	while (n--)
		sum = (sum << 1 | sum >> (8 * sizeof(sum) - 1)) ^ *p++;
	return sum;
}

/* Called by mmode_fork() with the frame it pushed: save, then be the child. */
__used long mmode_fork_save(uintptr_t *sp);
__used long mmode_fork_save(uintptr_t *sp)
{
	size_t ram = (size_t)(__bss_end - __data_start);
	size_t stack = (size_t)(__trap_stack_top - sp);

	if (fork_state.child)
		return -EAGAIN;
	if (sp < __bss_end || sp > __trap_stack_top)
		return -ENOSYS;	/* not the main stack */
	if (ram + stack > FORK_SAVE_WORDS)
		return -ENOMEM;
	fork_state.sp = sp;
	fork_state.ram_words = ram;
	fork_state.stack_words = stack;
	fork_state.ended = 0;
	copy_words(fork_save, __data_start, ram);
	copy_words(fork_save + ram, sp, stack);
	fork_state.sum = sum_words(fork_save, ram + stack);
	fork_state.child = MMODE_CHILD_PID;
	fork_state.check = fork_check();
	return 0;
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
 * mmode_fork: push the callee-saved registers and tp, save; the child
 * returns 0 through that frame, the parent returns through the same
 * frame, restored, from mmode_fork_resume. mmode_fork_resume(sp, pid):
 * back into the restored frame.
 */
__asm__ (".text\n\t"
	 ".globl mmode_fork\n\t"
	 ".type mmode_fork, @function\n"
	 "mmode_fork:\n\t"
	 "addi sp, sp, -" FORK_FRAME "\n\t"
	 FORK_REGS(REG_S)
	 "mv a0, sp\n\t"
	 "call mmode_fork_save\n"
	 "mmode_fork_return:\n\t"
	 FORK_REGS(REG_L)
	 "addi sp, sp, " FORK_FRAME "\n\t"
	 "ret\n\t"
	 ".size mmode_fork, . - mmode_fork\n\t"
	 ".type mmode_fork_resume, @function\n"
	 "mmode_fork_resume:\n\t"
	 "mv sp, a0\n\t"
	 "mv a0, a1\n\t"
	 "j mmode_fork_return\n\t"
	 ".size mmode_fork_resume, . - mmode_fork_resume\n\t"
	 ".globl mmode_child_exit\n\t"
	 ".type mmode_child_exit, @function\n"
	 "mmode_child_exit:\n\t"
	 ZICSR("csrci mstatus, 8") "\n\t"	/* MIE: no alarm on the way */
	 "la sp, fork_stack + 256*8\n\t"
	 "j mmode_child_end\n\t"
	 ".size mmode_child_exit, . - mmode_child_exit\n");

__noreturn void mmode_fork_resume(uintptr_t *sp, long pid);

/* The fork's state was rewritten: say so and end the program (70). */
static __noreturn void fork_state_lost(void)
{
	static const char msg[] =
		"board: fork: the child rewrote the fork's own state or its copy\n";
	static const char tt[] = ":tt";
	long block[3] = { (long)tt, SH_OPEN_A, (long)(sizeof(tt) - 1) };

	block[0] = semihosting_call(SYS_OPEN, block);
	block[1] = (long)msg;
	block[2] = sizeof(msg) - 1;
	semihosting_call(SYS_WRITE, block);
	block[0] = ADP_Stopped_ApplicationExit;
	block[1] = 70;	/* EX_SOFTWARE */
	for (;;)
		semihosting_call(SYS_EXIT_EXTENDED, block);
}

/* On fork_stack: the child's RAM is undone, the parent resumes. */
__used __noreturn void mmode_child_end(int status);
__used __noreturn void mmode_child_end(int status)
{
	uintptr_t *sp = fork_state.sp;
	size_t ram = fork_state.ram_words;
	size_t stack = fork_state.stack_words;
	long pid = fork_state.child;

	alarm_stop();
	if (!pid || fork_state.check != fork_check() ||
	    ram != (size_t)(__bss_end - __data_start) ||
	    stack != (size_t)(__trap_stack_top - sp) ||
	    fork_state.sum != sum_words(fork_save, ram + stack))
		fork_state_lost();
	copy_words(__data_start, fork_save, ram);
	copy_words(sp, fork_save + ram, stack);
	fork_state.child = 0;
	fork_state.check = fork_check();
	fork_state.ended = pid;
	fork_state.status = status;
	mmode_fork_resume(sp, pid);
}

/*
 * From the trap report: mret into mmode_child_end(status) on fork_stack,
 * in machine mode with interrupts off; the stack that trapped (perhaps a
 * bad sp) is left alone.
 */
void mmode_child_fault(int status)
{
	uintptr_t mpp = 3u << 11, mpie = 1u << 7;

	if (!fork_state.child)
		return;
#ifdef MMODE_FORK_STANDIN_NO_RESUME
	/* tests/board/riscv-sweep.t's stand-in: the trap ends the program. */
	return;
#endif
	__asm__ __volatile__ (ZICSR("csrw mepc, %0\n\t"
				    "csrs mstatus, %1\n\t"
				    "csrc mstatus, %2\n\t"
				    "mv a0, %3\n\t"
				    "mv sp, %4\n\t"
				    "mret")
			      : : "r" (mmode_child_end), "r" (mpp), "r" (mpie),
				"r" ((long)status), "r" (&fork_stack[256])
			      : "a0", "memory");
	__builtin_unreachable();
}

long mmode_wait4(long pid, int *status)
{
	long ended = fork_state.ended;

	if (!ended || (pid != -1 && pid != ended))
		return -ECHILD;
	if (status)
		*status = fork_state.status;
	fork_state.ended = 0;
	return ended;
}

long mmode_getpid(void)
{
	return fork_state.child ? fork_state.child : MMODE_PARENT_PID;
}

int mmode_in_child(void)
{
	return fork_state.child != 0;
}

long mmode_alarm(long seconds)
{
	if (!fork_state.child)
		return -ENOSYS;	/* only a child's run is timed */
	alarm_stop();
	if (seconds <= 0)
		return 0;
	mtimecmp_write(mtime_read() + (uint64_t)seconds * MTIME_HZ);
	__asm__ __volatile__ (ZICSR("csrs mie, %0\n\tcsrs mstatus, %1")
			      : : "r" (MIE_MTIE), "r" (MSTATUS_MIE) : "memory");
	return 0;
}

int mmode_timer(uintptr_t cause)
{
	if (cause != CAUSE_MTI)
		return 0;
	alarm_stop();
	mmode_child_fault(SIGALRM);
	return 1;	/* no child: a stale alarm, stopped */
}
