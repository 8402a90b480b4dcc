/* view_traces.c - see view_traces.h. Depends on exec.h, scan.h, trace.h
 * and the views. */
#include "view_traces.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu.h"
#include "run.h"
#include "scan.h"

const float view_book_input[16] = {2, 1, 3, 1, 0, 4, 1, 2,
                                   0, 3, 1, 2, 5, 3, 1, 2};

float *view_digits(size_t n, uint64_t seed)
{
	float *v = malloc((n ? n : 1) * sizeof(*v));
	for (size_t i = 0; v && i < n; i++) {
		seed = seed * 6364136223846793005u + 1442695040888963407u;
		v[i] = (float)((seed >> 33) % 10);
	}
	return v;
}

struct trace *view_run(const char *algo, const float *input, size_t n,
                       uint32_t section)
{
	return view_run_sections(algo, NULL, input, n, section);
}

struct trace *view_run_sections(const char *algo, const char *section_kernel,
                                const float *input, size_t n, uint32_t section)
{
	struct scan_request req = {
		.algorithm = scan_algorithm_find(algo),
		.input = input,
		.n = n,
		.section = section,
		.detail = TRACE_DETAIL_FULL,
	};
	if (!req.algorithm)
		return NULL;
	req.section_kernel = req.algorithm->section_kernel;
	if (section_kernel) {
		int k = scan_section_kernel_from_name(section_kernel);
		if (k < 0)
			return NULL;
		req.section_kernel = (enum scan_kernel_id)k;
	}
	struct trace *t = NULL;
	char err[256] = "";
	if (scan_request_check(&req, err, sizeof(err)) ||
	    run_scan(&emu_executor, SCAN_SCHEDULE_ASCENDING, 1, &req, &t, err,
	             sizeof(err)) != RUN_OK) {
		fprintf(stderr, "%s on %zu elements: %s\n", algo, n, err);
		return NULL;
	}
	return t;
}

struct trace *view_hand_kogge_stone(const float *input, size_t n)
{
	struct trace *t = trace_create();
	float *xy = malloc(n * sizeof(*xy)), *next = malloc(n * sizeof(*next));
	if (!t || !xy || !next || trace_set_input(t, input, n) ||
	    trace_set_levels(t, 1) ||
	    trace_add_launch(t, "kogge_stone_scan", 0, 1, (uint32_t)n,
	                     (uint32_t)n) < 0)
		goto fail;
	trace_set_name(t->algorithm, sizeof(t->algorithm), "kogge-stone");
	trace_set_name(t->backend, sizeof(t->backend), "cpu");
	trace_set_name(t->device, sizeof(t->device), "recorded by hand");
	t->section_size = (uint32_t)n;
	t->levels[0].n = (uint32_t)n;
	t->levels[0].blocks = 1;
	memcpy(xy, input, n * sizeof(*xy));
	if (trace_begin_step(t, TRACE_PHASE_LOAD, 0, 0, 0) < 0 ||
	    trace_record_xy(t, xy, (uint32_t)n))
		goto fail;
	for (uint32_t stride = 1; stride < n; stride *= 2) {
		if (trace_begin_step(t, TRACE_PHASE_STRIDE, stride, 0, 0) < 0)
			goto fail;
		memcpy(next, xy, n * sizeof(*xy));
		for (uint32_t i = stride; i < n; i++) {
			struct trace_add a = {i,
			                      i,
			                      i - stride,
			                      xy[i],
			                      xy[i - stride],
			                      xy[i] + xy[i - stride]};
			next[i] = a.result;
			if (trace_record_add(t, &a))
				goto fail;
		}
		memcpy(xy, next, n * sizeof(*xy));
		if (trace_record_xy(t, xy, (uint32_t)n))
			goto fail;
	}
	if (trace_begin_step(t, TRACE_PHASE_STORE, 0, 0, 0) < 0 ||
	    trace_record_xy(t, xy, (uint32_t)n))
		goto fail;
	memcpy(t->output, xy, n * sizeof(*xy));
	free(xy);
	free(next);
	return t;
fail:
	free(xy);
	free(next);
	trace_destroy(t);
	return NULL;
}

const struct scene_theme *view_light(void)
{
	return scene_theme_find("light");
}

struct scene *view_scene(const struct trace *t, const struct scene_figure *f,
                         size_t step, float tt, enum scene_labels labels,
                         const struct scene_source_set *src)
{
	struct scene_view v;
	scene_view_defaults(&v, 1920, 1080);
	v.figure = f;
	v.step = step;
	v.t = tt;
	v.labels = labels;
	v.sources = src;
	struct scene *s = scene_create(1920, 1080);
	char err[256] = "";
	if (!s) {
		fprintf(stderr, "view_scene: no memory for a scene\n");
		return NULL;
	}
	if (scene_view_build(s, t, &v, view_light(), &scene_metrics_estimate,
	                     err, sizeof(err)) != 0) {
		fprintf(stderr, "view_scene at step %zu: %s\n", step, err);
		scene_destroy(s);
		return NULL;
	}
	return s;
}

float view_center_x(const struct scene_item *it)
{
	return (it->bounds.x0 + it->bounds.x1) * 0.5f;
}

const struct scene_item *view_find_text(const struct scene *s,
                                        const char *prefix)
{
	for (size_t k = 0; k < s->count; k++)
		if (s->items[k].kind == SCENE_ITEM_TEXT &&
		    strncmp(scene_text_of(s, &s->items[k]), prefix,
		            strlen(prefix)) == 0)
			return &s->items[k];
	return NULL;
}
