/* look_back.h - the state the look-back figure shares between working out
 * what to show (view_look_back.c: the launch, the window of rows, the
 * layout) and drawing it (view_look_back_draw.c: the rows, their flags,
 * the reads' arrows). Internal to src/views. Depends on view_internal.h. */
#ifndef SCANVIZ_LOOK_BACK_H
#define SCANVIZ_LOOK_BACK_H

#include "view_internal.h"

/* What the window shows of one block. */
struct lb_row {
	long xy;      /* its latest step with XY at or before the one shown */
	long prev_xy; /* the one before that; -1 none */
	long first;   /* its first step; -1 none */
	long look;    /* its look-back step; -1 none */
};

struct lb_frame {
	struct view_ctx *c;
	const struct trace *t;
	size_t first_step, end_step; /* the launch's steps */
	uint32_t blocks, section;
	uint32_t cur;  /* the block of the step shown */
	bool at_look;  /* the step shown is cur's look-back */
	bool at_store; /* ... or cur's store */
	const struct trace_lookback *reads; /* cur's, at its look-back */
	uint32_t nreads;
	float exclusive; /* what cur's reads sum to */
	uint32_t row0, rows;
	struct lb_row *row;
	/* the trace's widest values, so the columns stay put step to step */
	float vmax_abs;
	uint64_t polls_max, wait_max, wait_block_max;
	uint32_t reads_max;
	bool waits;                 /* some read was polled (a GPU trace) */
	bool show_reads, show_wait; /* the per-block columns drawn */
	/* the layout */
	float cap_x, cap_w, sec_x0, sec_x1, flag_x0, flag_x1, lane0;
	float read_x0, read_x1, read_w, reads_x0, reads_x1, wait_x0, wait_x1;
	float lanes_w, flag_w;
	float rows_top, h, pitch;
	float cap_size, flag_size, cell_size;
};

/* Text width at `size` in `font`, as the scene's metrics measure it. */
float lb_text_w(const struct view_ctx *c, enum scene_font font, float size,
                const char *text);
/* "3 polls, 1,250 ticks" (or "3 polls" where no ticks were recorded). */
void lb_format_wait(uint32_t polls, uint64_t wait, char *buf, size_t size);

/* Drawing, in this order: the columns' names above the rows, the rows (a
 * caption, the section, its flag and the per-block columns; `compact`: the
 * sections as heat strips), the current block's reads, its own line. */
void lb_draw_header(struct lb_frame *f, float top);
void lb_draw_rows(struct lb_frame *f, bool compact);
void lb_draw_reads(struct lb_frame *f);
void lb_draw_own(struct lb_frame *f);

#endif
