// SPDX-License-Identifier: GPL-2.0
/*
 * An ARMv7-M board's boot: its vector table, the reset path to
 * __sspkit_start() (kernel/start.c) and the fault handlers.
 *
 * The core reads the initial stack pointer and the reset handler from the
 * first two words of the vector table, at address 0 (the board's linker
 * script puts .vectors there). Reset copies .data from where the image
 * was loaded, zeroes .bss, enables the configurable faults so that each
 * reports as itself, and hands the semihosting command line (qemu's
 * -semihosting-config arg=...) to the C entry as the argc/argv block a
 * Linux kernel would have left on the stack.
 *
 * The whole object is declared exempt from stack protection
 * (arch/arm/kernel/Makefile): reset runs before .data, where the guard's
 * initial value lives, and .bss are in place, and a fault handler runs on
 * a stack that may be the one that was overrun.
 */
#include <stddef.h>
#include <stdint.h>
#include <asm/fork-v7m.h>
#include <asm/semihosting.h>
#include <sspkit/board-fork.h>
#include <sspkit/board-report.h>
#include <sspkit/board-stack.h>
#include <sspkit/compiler.h>

/*
 * ENTRY_C names the C function reset calls; the board's early-boot stage
 * (arch/arm/boot/compressed/head-v7m.c) includes this file with its own,
 * as its Linux-user head.S does arch/arm/kernel/head.S.
 */
#ifndef ENTRY_C
#define ENTRY_C	__sspkit_start
#endif

/* From the board's linker script. */
extern char __stack_top[];
extern uint32_t __data_start[], __data_end[], __data_load[];
extern uint32_t __bss_start[], __bss_end[];

__noreturn void ENTRY_C(long *sp);
__noreturn void v7m_reset(void);
void v7m_fault_entry(void);
__noreturn void v7m_fault(const uint32_t *frame);

/* System control block registers. */
#define SCB_SHCSR	((volatile uint32_t *)0xe000ed24)
#define SCB_CFSR	((volatile uint32_t *)0xe000ed28)
#define SCB_HFSR	((volatile uint32_t *)0xe000ed2c)
#define SHCSR_MEMFAULTENA	(1u << 16)
#define SHCSR_BUSFAULTENA	(1u << 17)
#define SHCSR_USGFAULTENA	(1u << 18)

/*
 * The MPU: what is not the board's memory faults. QEMU's mps2-an385
 * answers outside it: zeros to execute (movs r0, r0, on and on: a jump
 * to 0x00a5a5a4 runs for seconds) and ssram23 again at 0x20400000, where
 * an overrun past the stack's top would rewrite .data from its start.
 * The architecture's Code and SRAM regions (512 MiB each) are no access
 * but for the board's two memories (mps2.lds), the second never
 * executable; the rest (the peripherals, the system space) keeps the
 * default map (PRIVDEFENA).
 */
#define MPU_CTRL	((volatile uint32_t *)0xe000ed94)
#define MPU_RNR		((volatile uint32_t *)0xe000ed98)
#define MPU_RBAR	((volatile uint32_t *)0xe000ed9c)
#define MPU_RASR	((volatile uint32_t *)0xe000eda0)
#define MPU_ENABLE	(1u << 0)
#define MPU_PRIVDEFENA	(1u << 2)
#define RASR_XN		(1u << 28)
#define RASR_AP_NONE	(0u << 24)
#define RASR_AP_RW	(3u << 24)
#define RASR_SIZE(log2)	(((log2) - 1u) << 1)
#define RASR_ENABLE	(1u << 0)

extern char __code_mem_start[], __code_mem_end[];
extern char __ram_start[], __ram_end[];

/* A power of two (the board's linker script ASSERTs it): its log2. */
static uint32_t log2_of(uintptr_t size)
{
	uint32_t n = 0;

	while ((1u << n) < size)
		n++;
	return n;
}

static void mpu_region(uint32_t n, uintptr_t base, uint32_t size_log2, uint32_t attr)
{
	*MPU_RNR = n;
	*MPU_RBAR = (uint32_t)base;
	*MPU_RASR = attr | RASR_SIZE(size_log2) | RASR_ENABLE;
}

static void mpu_init(void)
{
	/* Higher-numbered regions win where they overlap. */
	mpu_region(0, 0x00000000, 29, RASR_XN | RASR_AP_NONE);
	mpu_region(1, 0x20000000, 29, RASR_XN | RASR_AP_NONE);
	mpu_region(2, (uintptr_t)__code_mem_start,
		   log2_of((uintptr_t)(__code_mem_end - __code_mem_start)), RASR_AP_RW);
	mpu_region(3, (uintptr_t)__ram_start,
		   log2_of((uintptr_t)(__ram_end - __ram_start)), RASR_XN | RASR_AP_RW);
	*MPU_CTRL = MPU_PRIVDEFENA | MPU_ENABLE;
	__asm__ __volatile__ ("dsb\n\tisb" : : : "memory");
}

/*
 * 0: initial SP, 1: reset, 2..14: the system exceptions, all reported;
 * 15: SysTick, the alarm of a child of the board's fork (fork-v7m.c).
 */
__attribute__((section(".vectors"), used))
static void (*const v7m_vectors[16])(void) = {
	[0] = (void (*)(void))__stack_top,
	[1] = v7m_reset,
	[2 ... 14] = v7m_fault_entry,
	[15] = v7m_systick,
};

/*
 * Where the fault handler runs: not on the stack that faulted, which may
 * be the one that was overrun, its sp rewritten (a fault while the core
 * stacked the frame, and the handler's own first push would lock up).
 * In .noinit: a child's end (lib/board-fork.c) does not restore it.
 */
__attribute__((section(".noinit"), used))
uint64_t v7m_fault_stack[128];

/* CONFIG_STACK_PAINT's name for it (<sspkit/board-stack.h>). */
const struct board_stack board_exception_stack = {
	"fault", (unsigned char *)v7m_fault_stack,
	(unsigned char *)v7m_fault_stack + sizeof(v7m_fault_stack),
};

__noreturn void v7m_reset(void)
{
	volatile uint32_t *dst = __data_start;
	const volatile uint32_t *src = __data_load;

	/* volatile: no loop turned into a memcpy()/memset() call this early */
	while (dst < __data_end)
		*dst++ = *src++;
	for (dst = __bss_start; dst < __bss_end; dst++)
		*dst = 0;
	board_fork_init();
	*SCB_SHCSR |= SHCSR_MEMFAULTENA | SHCSR_BUSFAULTENA | SHCSR_USGFAULTENA;
	mpu_init();
	board_stacks_paint();
	ENTRY_C(semihosting_boot_args());
}

/*
 * Every system exception: pass the stacked frame (r0-r3, r12, lr, pc,
 * xPSR) of the code that faulted, from whichever stack it ran on.
 */
__attribute__((naked)) void v7m_fault_entry(void)
{
	__asm__ ("tst	lr, #4\n\t"
		 "ite	eq\n\t"
		 "mrseq	r0, msp\n\t"
		 "mrsne	r0, psp\n\t"
		 "movw	r1, #:lower16:v7m_fault_stack + 1024\n\t"
		 "movt	r1, #:upper16:v7m_fault_stack + 1024\n\t"
		 "mov	sp, r1\n\t"
		 "b	v7m_fault\n");
}

/* The exceptions by number (IPSR), as the report names them. */
static const struct board_exception v7m_exceptions[16] = {
	[2] = { "NMI", 6 },
	[3] = { "HardFault", 11 },
	[4] = { "MemManage", 11 },
	[5] = { "BusFault", 7 },
	[6] = { "UsageFault", 4 },
	[11] = { "SVCall", 5 },
	[12] = { "DebugMonitor", 5 },
	[14] = { "PendSV", 5 },
	[15] = { "SysTick", 14 },
};

/*
 * Whether the core stacked a frame where the handler can read it: in
 * RAM, the stack's (a stacking fault leaves sp pointing anywhere), or
 * pc and lr are reported as 0.
 */
static int frame_ok(const uint32_t *frame)
{
	uintptr_t a = (uintptr_t)frame;

	return !(a & 3) && a >= (uintptr_t)__data_start &&
		a <= (uintptr_t)__ram_end - 8 * sizeof(*frame);
}

/*
 * "board: UsageFault at pc=0x... (lr=0x..., cfsr=0x..., hfsr=0x...)" on
 * standard error (lib/board-report.c, unprotected and trusting no static
 * data: the fault may come from the guard itself, or from an overrun
 * that rewrote .bss), then the status: never 0, never a caught smash's
 * 134. In a child of the board's fork, the child ends with the signal's
 * status instead, and the program goes on.
 */
__noreturn void v7m_fault(const uint32_t *frame)
{
	static const char *const labels[] = { "pc", "lr", "cfsr", "hfsr" };
	uintptr_t words[4];
	uint32_t ipsr;
	unsigned int n;
	int signal;

	__asm__ __volatile__ ("mrs %0, ipsr" : "=r" (ipsr));
	n = ipsr & 0x1ff;
	if (n >= 16 || !v7m_exceptions[n].name)
		n = 0;
	signal = n ? v7m_exceptions[n].signal : 11;
	words[0] = frame_ok(frame) ? frame[6] : 0;
	words[1] = frame_ok(frame) ? frame[5] : 0;
	words[2] = *SCB_CFSR;
	words[3] = *SCB_HFSR;
	board_report(n ? v7m_exceptions[n].name : "exception", labels, words, 4);
	/*
	 * A child of the board's fork: it ends, its parent goes on. (Not in
	 * tests/board/mps2-sweep.t's stand-in of a handler that does not.)
	 */
#ifndef V7M_FORK_STANDIN_NO_RESUME
	v7m_child_fault(signal);
#endif
	board_end(128 + signal);
}
