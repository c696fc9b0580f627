/* SPDX-License-Identifier: GPL-2.0 */
/* The virt board has no checkpoint fork (yet): the generic stand-ins. */
#include <asm-generic/board-fork.h>
