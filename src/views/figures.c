/* figures.c - the views' table: one row per figure (its name, key, default
 * algorithm, the traces it is for, its builder and counts) and the lookups
 * over it. Pure C; depends on view_internal.h. */
#include "view_internal.h"

#include <stdio.h>
#include <string.h>

#define FAMILY(f) (1u << (f))

static const struct scene_figure figures[] = {
	{
		.name = "9.1",
		.key = '1',
		.algorithm = "kogge-stone",
		.families = FAMILY(TRACE_FAMILY_SINGLE_BLOCK),
		.build = scene_view_rows_build,
		.block_count = scene_view_grid_blocks,
	},
	{
		/* the work-efficient scan of section 9.4 draws its trees as
		 * Figure 9.5 */
		.name = "9.5",
		.key = '2',
		.algorithm = "brent-kung",
		.families = FAMILY(TRACE_FAMILY_SINGLE_BLOCK),
		.book_section = "9.4",
		.build = scene_view_trees_build,
		.block_count = scene_view_grid_blocks,
	},
	{
		.name = "9.10",
		.key = '3',
		.algorithm = "hierarchical",
		.families = FAMILY(TRACE_FAMILY_HIERARCHICAL),
		.build = scene_view_hier_build,
		.level_count = scene_view_hier_levels,
		.block_count = scene_view_hier_blocks,
		.default_section = scene_figure_section,
	},
	{
		/* the application: flags, their scan, the scatter */
		.name = "compaction",
		.key = '4',
		.algorithm = "stream-compaction",
		.families = FAMILY(TRACE_FAMILY_COMPACTION),
		.build = scene_view_compaction_build,
		.block_count = scene_view_grid_blocks,
		.legend = SCENE_LEGEND_COMPACTION,
	},
	{
		/* the single-pass scan: each block's flag and the flags of
		 * its predecessors its look-back read */
		.name = "look-back",
		.key = '5',
		.algorithm = "single-pass",
		.families = FAMILY(TRACE_FAMILY_SINGLE_PASS),
		.build = scene_view_look_back_build,
		.block_count = scene_view_grid_blocks,
		.default_section = scene_figure_section,
		.legend = SCENE_LEGEND_LOOK_BACK,
	},
	{
		/* any trace: its lanes by warp (algorithm NULL: the figure
		 * keeps the run shown, whatever it is) */
		.name = "warps",
		.key = 'w',
		.build = scene_view_warps_build,
		.block_count = scene_view_warp_blocks,
		.legend = SCENE_LEGEND_LANES,
	},
	{
		/* any trace with XY: its shared-memory banks per warp */
		.name = "banks",
		.key = 'b',
		.build = scene_view_banks_build,
		.block_count = scene_view_warp_blocks,
		.legend = SCENE_LEGEND_BANKS,
	},
};

#define FIGURE_COUNT (sizeof(figures) / sizeof(figures[0]))

size_t scene_figure_count(void)
{
	return FIGURE_COUNT;
}

const struct scene_figure *scene_figure_at(size_t i)
{
	return i < FIGURE_COUNT ? &figures[i] : NULL;
}

const struct scene_figure *scene_figure_find(const char *name)
{
	for (size_t i = 0; name && i < FIGURE_COUNT; i++)
		if (strcmp(figures[i].name, name) == 0)
			return &figures[i];
	return NULL;
}

const struct scene_figure *scene_figure_for_key(char key)
{
	for (size_t i = 0; i < FIGURE_COUNT; i++)
		if (figures[i].key == key)
			return &figures[i];
	return NULL;
}

const struct scene_figure *scene_figure_match(enum trace_family family,
                                              const char *section)
{
	const struct scene_figure *by_family = NULL;
	for (size_t i = 0; i < FIGURE_COUNT; i++) {
		const struct scene_figure *f = &figures[i];
		if (!(f->families & FAMILY(family)))
			continue;
		if (!f->book_section) {
			if (!by_family)
				by_family = f;
		} else if (section && strcmp(f->book_section, section) == 0) {
			return f;
		}
	}
	return by_family ? by_family : &figures[0];
}

const struct scene_figure *scene_figure_for(const struct trace *t)
{
	/* a trace of several levels is a hierarchy whatever it says */
	return scene_figure_match(t->level_count > 1 ? TRACE_FAMILY_HIERARCHICAL
	                                             : t->family,
	                          t->book_section);
}

void scene_figure_names(const char *sep, char *buf, size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < FIGURE_COUNT && used < size; i++) {
		int k = snprintf(buf + used, size - used, "%s%s", i ? sep : "",
		                 figures[i].name);
		if (k < 0)
			return;
		used += (size_t)k;
	}
}

uint32_t scene_figure_section(size_t n, uint32_t max_section)
{
	/* Figure 9.10 of the book: 16 values in four sections of 4; the
	 * look-back figure takes the same, so that blocks look back. */
	uint32_t s = 2;
	while ((size_t)s * 4 < n && s * 2 <= max_section)
		s *= 2;
	return s;
}
