/* trace_v1.c - the facts a version 1 trace did not carry (the algorithm's
 * family, book section and description; each launch's source file, role
 * and race), derived once, when such a trace is read, from the names of
 * the algorithms and kernels that version had. The table is frozen: newer
 * algorithms write their facts into the trace. Depends on trace.h. */
#include "trace.h"

#include <string.h>

struct v1_algorithm {
	const char *name;
	enum trace_family family;
	const char *book_section;
	const char *description;
};

static const struct v1_algorithm algorithms[] = {
	{"kogge-stone-book", TRACE_FAMILY_SINGLE_BLOCK, "9.2",
         "the simple scan exactly as printed: in place, racy"},
	{"kogge-stone", TRACE_FAMILY_SINGLE_BLOCK, "9.2",
         "the simple scan, race-free (Figure 9.1)"},
	{"brent-kung", TRACE_FAMILY_SINGLE_BLOCK, "9.4",
         "the work-efficient scan: reduction and reverse trees (Figure 9.5)"},
	{"hierarchical", TRACE_FAMILY_HIERARCHICAL, "9.5",
         "any length: section scans, block sums S, add-back (Figure 9.10)"},
	{"hierarchical-book", TRACE_FAMILY_HIERARCHICAL, "9.5",
         "the hierarchical scan's kernels as printed: wrong on purpose"},
	{"hierarchical-book-bk", TRACE_FAMILY_HIERARCHICAL, "9.5",
         "kernel 1 as printed around the work-efficient scan: S never "
         "written"},
};

struct v1_kernel {
	const char *function;
	const char *source;
	enum trace_launch_role role;
	bool racy;
};

static const struct v1_kernel kernels[] = {
	{"kogge_stone_book_scan", "kogge_stone.cu", TRACE_ROLE_SECTION_SCAN,
         true},
	{"kogge_stone_scan", "kogge_stone.cu", TRACE_ROLE_SECTION_SCAN, false},
	{"brent_kung_scan", "brent_kung.cu", TRACE_ROLE_SECTION_SCAN, false},
	{"hierarchical_add_back", "hierarchical.cu", TRACE_ROLE_ADD_BACK,
         false},
	{"hierarchical_book_scan", "hierarchical_book.cu",
         TRACE_ROLE_SECTION_SCAN, true},
	{"hierarchical_book_add_back", "hierarchical_book.cu",
         TRACE_ROLE_ADD_BACK, true},
	{"hierarchical_book_bk_scan", "hierarchical_book_bk.cu",
         TRACE_ROLE_SECTION_SCAN, true},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

void trace_derive_v1_facts(struct trace *t)
{
	for (size_t i = 0; i < COUNT(algorithms); i++) {
		const struct v1_algorithm *a = &algorithms[i];
		if (strcmp(a->name, t->algorithm) != 0)
			continue;
		t->family = a->family;
		trace_set_name(t->book_section, sizeof(t->book_section),
		               a->book_section);
		trace_set_name(t->description, sizeof(t->description),
		               a->description);
	}
	for (size_t l = 0; l < t->launch_count; l++) {
		struct trace_launch *launch = &t->launches[l];
		for (size_t k = 0; k < COUNT(kernels); k++) {
			if (strcmp(kernels[k].function, launch->kernel) != 0)
				continue;
			trace_set_name(launch->source, sizeof(launch->source),
			               kernels[k].source);
			launch->role = kernels[k].role;
			launch->racy = kernels[k].racy;
		}
	}
}
