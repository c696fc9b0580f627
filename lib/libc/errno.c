// SPDX-License-Identifier: GPL-2.0
/* <errno.h>'s errno: one for the program (the kit's tasks share it). */
#include <errno.h>

int errno;
