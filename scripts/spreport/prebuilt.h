/* SPDX-License-Identifier: GPL-2.0 */
/* spaudit prebuilt (prebuilt.c): what an image links from archives. */
#ifndef PREBUILT_H
#define PREBUILT_H

/* argv: the options and archives after "prebuilt"; returns the exit status. */
int cmd_prebuilt(int argc, char **argv);

#endif /* PREBUILT_H */
