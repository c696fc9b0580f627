// SPDX-License-Identifier: GPL-2.0
/*
 * Sanity probe for the stack protector (scripts/Makefile.stackprotector).
 * Compiled with the chosen mode's flags: each mode must protect at least
 * one of these functions, so output without a __stack_chk_ reference
 * means the compiler took the flag and ignored it.
 */
void ssp_probe_sink(char *buf);

/* Protected by Regular (a char array of 64 bytes), Strong and All. */
void ssp_probe_chars(void)
{
	char buf[64];

	ssp_probe_sink(buf);
}

/* Protected by Explicit, and by every other mode through its array. */
__attribute__((stack_protect)) void ssp_probe_marked(void)
{
	char buf[64];

	ssp_probe_sink(buf);
}
