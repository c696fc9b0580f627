// SPDX-License-Identifier: GPL-2.0
/*
 * svg.c: draw the --compare result as an SVG bar chart.
 *
 * Two panels side by side, because the two measures live on different
 * scales: protected functions run from 0 to 100%, text growth is a few %.
 * Written by hand (a few dozen elements), no library needed.
 */
#include <errno.h>
#include <string.h>

#include "spreport.h"

#define PANEL_WIDTH	360.0
#define PANEL_HEIGHT	220.0
#define MARGIN_TOP	50.0
#define MARGIN_LEFT	40.0
#define CHART_HEIGHT	(MARGIN_TOP + PANEL_HEIGHT + 60.0)

typedef double (*measure_fn)(const struct build *base, const struct build *b);

struct panel {
	const char *title;
	const char *colour;
	measure_fn measure;
	double x;		/* left edge of the plot area */
};

static double protected_percent(const struct build *base, const struct build *b)
{
	(void)base;
	return percent_of(b->tally.protected_functions, b->tally.functions);
}

static void xml_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		default:
			/* Control bytes are not allowed in XML 1.0 at all. */
			fputc((unsigned char)*s < 0x20 ? '?' : *s, out);
		}
	}
}

/* The value range a panel shows: always including 0, never empty. */
static void panel_range(const struct panel *p, const struct build *builds,
			int count, double *lo, double *hi)
{
	int i;

	*lo = 0.0;
	*hi = 1.0;
	for (i = 0; i < count; i++) {
		double v = p->measure(&builds[0], &builds[i]);

		if (v < *lo)
			*lo = v;
		if (v > *hi)
			*hi = v;
	}
}

static double value_y(double v, double lo, double hi)
{
	return MARGIN_TOP + (hi - v) / (hi - lo) * PANEL_HEIGHT;
}

static void draw_panel(FILE *out, const struct panel *p,
		       const struct build *builds, int count)
{
	double lo, hi, step = (PANEL_WIDTH - MARGIN_LEFT) / count;
	double bar = step * 0.6, zero;
	int i;

	panel_range(p, builds, count, &lo, &hi);
	zero = value_y(0, lo, hi);
	fprintf(out, "  <text x=\"%.1f\" y=\"30\" font-size=\"15\" "
		"text-anchor=\"middle\">%s</text>\n",
		p->x + (PANEL_WIDTH - MARGIN_LEFT) / 2, p->title);
	fprintf(out, "  <line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		"stroke=\"black\"/>\n", p->x, zero, p->x + PANEL_WIDTH - MARGIN_LEFT,
		zero);
	for (i = 0; i < count; i++) {
		double v = p->measure(&builds[0], &builds[i]);
		double x = p->x + i * step + (step - bar) / 2;
		double top = value_y(v, lo, hi);

		fprintf(out, "  <rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			"height=\"%.1f\" fill=\"%s\"/>\n", x,
			top < zero ? top : zero, bar,
			top < zero ? zero - top : top - zero, p->colour);
		fprintf(out, "  <text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" "
			"text-anchor=\"middle\">%.2f%%</text>\n",
			x + bar / 2, (top < zero ? top : zero) - 4, v);
		fprintf(out, "  <text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" "
			"text-anchor=\"middle\">", x + bar / 2,
			MARGIN_TOP + PANEL_HEIGHT + 20);
		xml_text(out, builds[i].label);
		fputs("</text>\n", out);
	}
}

int write_svg(const char *path, const struct build *builds, int count)
{
	struct panel panels[] = {
		{ "protected functions (%)", "#c0504d", protected_percent,
		  MARGIN_LEFT },
		{ "text growth vs. first build (%)", "#4f81bd", text_growth,
		  MARGIN_LEFT + PANEL_WIDTH },
	};
	FILE *out = fopen_fresh(path);
	size_t i;

	if (out == NULL) {
		report_error(path, "%s", strerror(errno));
		return -1;
	}
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
		"height=\"%.0f\" font-family=\"sans-serif\">\n",
		2 * PANEL_WIDTH + MARGIN_LEFT, CHART_HEIGHT);
	fprintf(out, "  <rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
	for (i = 0; i < sizeof(panels) / sizeof(panels[0]); i++)
		draw_panel(out, &panels[i], builds, count);
	fputs("</svg>\n", out);
	if (fclose(out) != 0) {
		report_error(path, "write failed");
		return -1;
	}
	return 0;
}
