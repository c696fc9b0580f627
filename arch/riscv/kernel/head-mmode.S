/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A machine-mode board's reset path and trap entry (CONFIG_RISCV_M_MODE),
 * for RV32 and RV64.
 *
 * qemu-system-riscv32/64 -bios none starts the hart at the image's entry
 * in machine mode, with nothing set up. Before any C code runs, reset:
 *   - sets gp to __global_pointer$ (the linker relaxes gp-relative
 *     accesses against it; the load itself must not be relaxed);
 *   - points mtvec at mmode_trap_entry, so that a fault is reported,
 *     never a silent loop until the time limit;
 *   - sets sp to the top of the board's stack (virt.lds), 16-byte aligned;
 *   - copies .data from where it was loaded and zeroes .bss, word by word;
 *   - points tp at the boot task (kernel/task.c's current, in .data), or
 *     with CONFIG_LIBC_PICOLIBC at the boot task's TLS block, where
 *     picolibc keeps errno, made from the template (virt.lds): the block
 *     begins with the task's canary. With
 *     STACKPROTECTOR_PER_TASK in tp, gcc's canary code reads the guard at
 *     tp + TASK_STACK_CANARY, and the first protected function runs before
 *     task_guard_init() (semihosting_boot_args(), for one): with tp zero it
 *     would load from address TASK_STACK_CANARY and fault;
 *   - resets the checkpoint fork's state (lib/board-fork.c, in .noinit,
 *     which reset neither loads nor zeroes);
 * then calls mmode_start() (arch/riscv/kernel/trap-mmode.c) with s0 and
 * ra zero, the end of the frame chain.
 *
 * Assembly: no function of it can carry a canary, and no C runs before
 * .data (the guard's initial value) and .bss are in place.
 *
 * Assembled without linker relaxation: ld.lld 14 rejects the
 * R_RISCV_ALIGN that an alignment would otherwise emit, and mtvec needs
 * its target 4-byte aligned. binutils 2.40 wants zicsr for csr
 * instructions, asked for here rather than in -march (gcc 12.2 would
 * then link another multilib's libgcc); clang 14 has them in its base
 * ISA and no ".option arch".
 */
	.option	norelax
#ifndef __clang__
	.option	arch, +zicsr
#endif

	.section .text.reset, "ax", @progbits
	.globl	mmode_reset
	.type	mmode_reset, @function
mmode_reset:
	la	gp, __global_pointer$	/* gp for linker-relaxed accesses */
	la	t0, mmode_trap_entry
	csrw	mtvec, t0		/* direct mode: every trap there */
	la	sp, __stack_top
	la	t0, __data_start	/* .data from its load address */
	la	t1, __data_end
	la	t2, __data_load
1:	bgeu	t0, t1, 2f
	lw	t3, 0(t2)
	sw	t3, 0(t0)
	addi	t0, t0, 4
	addi	t2, t2, 4
	j	1b
2:	la	t0, __bss_start		/* .bss zeroed */
	la	t1, __bss_end
3:	bgeu	t0, t1, 4f
	sw	zero, 0(t0)
	addi	t0, t0, 4
	j	3b
4:	la	t0, current		/* tp = current, the boot task */
#if __riscv_xlen == 64
	ld	tp, 0(t0)
#else
	lw	tp, 0(t0)
#endif
#ifdef CONFIG_LIBC_PICOLIBC
	la	t0, __tls_base		/* or the boot task's TLS block: the */
	la	t1, __tdata_end		/* template's .tdata copied, its .tbss */
	la	tp, __tls_boot		/* left as .bss was zeroed (virt.lds) */
	mv	t2, tp
6:	bgeu	t0, t1, 7f
	lw	t3, 0(t0)
	sw	t3, 0(t2)
	addi	t0, t0, 4
	addi	t2, t2, 4
	j	6b
7:
#endif
	call	board_fork_init		/* the fork's state (.noinit), exempt */
	li	s0, 0			/* outermost frame: fp = 0 */
	li	ra, 0			/* and ra = 0 */
	call	mmode_start		/* never returns */
5:	wfi
	j	5b
	.size	mmode_reset, . - mmode_reset

#ifdef CONFIG_LIBC_PICOLIBC
/*
 * The first 16 bytes of every TLS block: the canary of the task it is
 * (STACKPROTECTOR_PER_TASK: the guard at tp + 0), first in the template
 * (virt.lds). A TLS section of its own, so that the linker counts it in
 * the thread-pointer offsets of picolibc's variables, which then start
 * past it: bytes the linker script added alone would not be, and errno
 * would be the canary.
 */
	.section .tdata.canary, "awT", @progbits
	.balign	16
	.zero	16
#endif

/*
 * Every trap: an exception (an illegal instruction, a misaligned or
 * faulting access, an ebreak without a debugger) or an interrupt, none of
 * which the kit enables. It runs on its own stack, since sp may be what
 * an overrun left, and hands mcause, mepc, mtval and the sp it found to
 * mmode_trap(), which reports and exits.
 */
	.text
	.balign	4
	.globl	mmode_trap_entry
	.type	mmode_trap_entry, @function
mmode_trap_entry:
	mv	a3, sp
	la	sp, __trap_stack_top
	csrr	a0, mcause
	csrr	a1, mepc
	csrr	a2, mtval
	li	s0, 0
	call	mmode_trap		/* never returns */
	j	mmode_trap_entry
	.size	mmode_trap_entry, . - mmode_trap_entry

	.section .note.GNU-stack, "", @progbits
