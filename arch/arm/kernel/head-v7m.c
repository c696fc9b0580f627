// SPDX-License-Identifier: GPL-2.0
/*
 * An ARMv7-M board's boot: its vector table, the reset path to
 * __sspkit_start() (lib/start.c) and the fault handlers.
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
#include <asm/semihosting.h>
#include <sspkit/compiler.h>

/* From the board's linker script. */
extern char __stack_top[];
extern uint32_t __data_start[], __data_end[], __data_load[];
extern uint32_t __bss_start[], __bss_end[];

__noreturn void __sspkit_start(long *sp);
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

/* 0: initial SP, 1: reset, 2..15: the system exceptions, all reported. */
__attribute__((section(".vectors"), used))
static void (*const v7m_vectors[16])(void) = {
	[0] = (void (*)(void))__stack_top,
	[1] = v7m_reset,
	[2 ... 15] = v7m_fault_entry,
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
	*SCB_SHCSR |= SHCSR_MEMFAULTENA | SHCSR_BUSFAULTENA | SHCSR_USGFAULTENA;
	__sspkit_start(semihosting_boot_args());
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
		 "b	v7m_fault\n");
}

/* What the exception is called, and the status the program ends with:
 * 128 + the signal Linux would have sent, as the shell says it. */
static const struct {
	const char *name;
	int signal;
} v7m_exceptions[16] = {
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
 * The report uses nothing outside this unprotected object: the fault may
 * come from the guard itself (a guard form the CPU cannot execute faults
 * in every protected function, printf's and the system-call layer's too).
 */
static char *put_str(char *p, const char *s)
{
	while (*s)
		*p++ = *s++;
	return p;
}

static char *put_hex(char *p, const char *label, uint32_t v)
{
	int i;

	p = put_str(p, label);
	for (i = 28; i >= 0; i -= 4)
		*p++ = "0123456789abcdef"[(v >> i) & 0xf];
	return p;
}

/*
 * "board: UsageFault at pc=0x... (lr=0x..., cfsr=0x..., hfsr=0x...)" on
 * standard error, then the status: never 0, never a caught smash's 134.
 */
__noreturn void v7m_fault(const uint32_t *frame)
{
	static const char tt[] = ":tt";
	long block[3] = { (long)tt, SH_OPEN_A, (long)(sizeof(tt) - 1) };
	char msg[128], *p = msg;
	uint32_t ipsr;
	unsigned int n;

	__asm__ __volatile__ ("mrs %0, ipsr" : "=r" (ipsr));
	n = ipsr & 0x1ff;
	if (n >= 16 || !v7m_exceptions[n].name)
		n = 0;
	p = put_str(p, "board: ");
	p = put_str(p, n ? v7m_exceptions[n].name : "exception");
	p = put_hex(p, " at pc=0x", frame[6]);
	p = put_hex(p, " (lr=0x", frame[5]);
	p = put_hex(p, ", cfsr=0x", *SCB_CFSR);
	p = put_hex(p, ", hfsr=0x", *SCB_HFSR);
	p = put_str(p, ")\n");

	block[0] = semihosting_call(SYS_OPEN, block);
	block[1] = (long)msg;
	block[2] = p - msg;
	semihosting_call(SYS_WRITE, block);
	block[0] = ADP_Stopped_ApplicationExit;
	block[1] = 128 + (n ? v7m_exceptions[n].signal : 11);
	semihosting_call(SYS_EXIT_EXTENDED, block);
	for (;;)
		__asm__ __volatile__ ("wfi");
}
