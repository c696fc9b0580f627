/* SPDX-License-Identifier: GPL-2.0 */
/* sample tasks (samples/sample/tasks.c): tasks with protected frames. */
#ifndef _SAMPLE_TASKS_H
#define _SAMPLE_TASKS_H

int tasks_sample(int argc, char *argv[]);

#endif /* _SAMPLE_TASKS_H */
