/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Entry of the arm early-boot stage (arch/arm/boot/zImage).
 *
 * The stage is a program of its own and does not link the sample's
 * kernel/start.c, but it enters the way the sample does, so it assembles the
 * same _start (arch/arm/kernel/head.S has the reasoning) with its own C
 * entry in place of __sspkit_start.
 *
 * zimage_entry() sets the stage's stack guard first of all, so it and
 * everything before it must carry no canary: _start has none, and the
 * C entry is __no_stack_protector.
 */
#define ENTRY_C	zimage_entry
#include "../../kernel/head.S"
