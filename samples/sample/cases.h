/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What each stack-protector mode catches (samples/sample/cases.c):
 *
 *   sample cases              the cases and the modes that must catch each
 *   sample smash CASE [N]     overrun that case's buffer by N bytes (64)
 *   sample sweep [CASE...]    overrun each by 1..64 bytes, a child per run
 */
#ifndef _SAMPLE_CASES_H
#define _SAMPLE_CASES_H

int cases_list(void);
int cases_smash(const char *name, const char *bytes);
int cases_sweep(int argc, char *argv[]);

#endif /* _SAMPLE_CASES_H */
