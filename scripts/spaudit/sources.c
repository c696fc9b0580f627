// SPDX-License-Identifier: GPL-2.0
/*
 * spaudit sources: the opt-out scan of files read as a .c file.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <string.h>

#include "optout.h"
#include "spaudit.h"

/* What the source scan finds in files read as a translation unit's own
 * .c file: every site, kept or not, for tests and for a look by hand. */
int cmd_sources(char **files, int count)
{
	struct optout_list sites = { 0 };
	const struct optout_site *site;
	int i, status = 0;
	size_t k;

	for (i = 0; i < count; i++) {
		if (optout_scan_file(files[i], false, &sites) != 0) {
			failure("%s: %s", files[i], strerror(errno));
			status = 2;
			continue;
		}
		for (k = 0; k < sites.count; k++) {
			site = &sites.sites[k];
			printf("%s:%u: %s: %s%s\n", site->file, site->line,
			       site->function, site->declared ? "declared " : "",
			       site->how);
		}
		optout_free(&sites);
	}
	return status;
}
