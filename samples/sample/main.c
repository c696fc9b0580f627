// SPDX-License-Identifier: GPL-2.0
/*
 * sample: a freestanding program that says how it was built and shows the
 * stack protector at work.
 *
 *   sample          print the banner
 *   sample guard    print the stack guard's value
 *   sample cases    list the overrun cases and the modes that must catch each
 *   sample smash CASE [BYTES]
 *                   overrun that case's buffer (cases.c)
 *   sample sweep [CASE...]
 *                   overrun each case by 1..64 bytes, a child per overrun
 *   sample tasks [N]
 *                   tasks yielding N times each from protected frames
 *   sample tasks canaries
 *                   each task reports the canary in its own protected frame
 *   sample tasks smash
 *                   task b overruns its frame with the canary task a leaked
 *   sample tasks uneven
 *                   tasks yielding 1, 2, 3 and 4 times, finishing one by one
 *   sample tasks probe
 *                   one task down a known depth, for the painted stacks
 */
#include <generated/build.h>
#include <sspkit/stackprotector.h>
#include <sspkit/stdio.h>
#include <sspkit/string.h>
#include "cases.h"
#include "tasks.h"

/*
 * The mode the audit found in this image's objects, and the configured
 * one: "strong (configured strong)"; and how many of the objects have a
 * canary at all (scripts/ssp-mode.S, linked last).
 */
extern const char ssp_mode_banner[];
extern const unsigned int ssp_objects_with_canary;

static const char *guard_seeding(void)
{
	/*
	 * A build whose mode fell back to none (a compiler that accepts the
	 * flags and emits no canary) still links the runtime, which seeds a
	 * guard that no function checks: it has no guard to speak of.
	 */
	if (!stack_guard_present() || ssp_objects_with_canary == 0)
		return "none";
	return STACK_GUARD_SOURCE;
}

/* "global", "per-task %fs:8", "per-task switched" or "none" (the same). */
extern const char ssp_guard_location[];

static int print_banner(void)
{
	printf("sspkit sample%s: arch=%s stack-protector=%s guard=%s "
	       "guard-location=%s\n", CONFIG_LOCALVERSION, SSPKIT_ARCH,
	       ssp_mode_banner, guard_seeding(), ssp_guard_location);
	return 0;
}

static int print_guard(void)
{
	if (!stack_guard_present()) {
		printf("guard: none (built without the stack-protector runtime)\n");
		return 0;
	}
	/* Every digit, so the zero byte shows where it sits. */
	printf(sizeof(uintptr_t) == 8 ? "guard: 0x%016lx\n" : "guard: 0x%08lx\n",
	       (unsigned long)stack_guard_value());
	return 0;
}

static int usage(void)
{
	dprintf(2, "usage: sample [guard | cases | smash CASE [BYTES] | sweep [CASE...] | tasks [N]]\n");
	return 2;
}

int main(int argc, char *argv[])
{
	if (argc < 2)
		return print_banner();
	if (!strcmp(argv[1], "guard"))
		return print_guard();
	if (!strcmp(argv[1], "cases"))
		return cases_list();
	if (!strcmp(argv[1], "smash") && argc >= 3 && argc <= 4)
		return cases_smash(argv[2], argc == 4 ? argv[3] : NULL);
	if (!strcmp(argv[1], "sweep"))
		return cases_sweep(argc - 2, argv + 2);
	if (!strcmp(argv[1], "tasks"))
		return tasks_sample(argc - 2, argv + 2);
	return usage();
}
