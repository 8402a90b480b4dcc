/* gpu_book_reads.c - what the printed 9.2 kernel's threads really read on
 * the GPU. It updates XY in place with one barrier per iteration, so thread
 * t's read of XY[t - stride] may see the value thread t - stride already
 * wrote in the same iteration. From the trace: a read is "stale" (what the
 * algorithm means) when it equals the snapshot before the iteration, and
 * "updated" when it equals the neighbour's own result of this iteration.
 * Inputs are 1..9, so every update changes a value and the two differ.
 *   build/tests/gpu/gpu_book_reads [N [runs]]
 * Depends on the executors (exec.h) and the GPU backend (gpu_backend.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"
#include "gpu_backend.h"

#define SHOW 12

struct tally {
	unsigned adds;
	unsigned final; /* the neighbour made no addition this iteration */
	unsigned stale; /* it did, and the read came before its write */
	unsigned updated_same_warp, updated_other_warp; /* after its write */
	unsigned neither;
};

static void count_reads(const struct trace *t, size_t k, int print,
                        struct tally *total, unsigned *shown)
{
	const struct trace_step *s = &t->steps[k];
	const float *before = trace_step_xy(t, k - 1);
	const struct trace_add *adds = trace_step_adds(t, k);
	uint32_t n = s->xy_len;
	float *updated = malloc(n * sizeof(*updated));
	unsigned char *has = calloc(n, 1);
	struct tally st = {0};
	for (uint32_t i = 0; i < s->add_count; i++) {
		updated[adds[i].dst] = adds[i].result;
		has[adds[i].dst] = 1;
	}
	for (uint32_t i = 0; i < s->add_count; i++) {
		const struct trace_add *a = &adds[i];
		float pre = before[a->src];
		st.adds++;
		if (has[a->src] && a->src_value == updated[a->src] &&
		    updated[a->src] != pre) {
			if (a->thread / 32 == a->src / 32)
				st.updated_same_warp++;
			else
				st.updated_other_warp++;
			if ((*shown)++ < SHOW)
				printf("    step %zu stride %u: thread %u read XY[%u] = %g, "
				       "already updated (%g before the iteration)\n",
				       k, s->stride, a->thread, a->src,
				       (double)a->src_value, (double)pre);
		} else if (a->src_value == pre) {
			if (has[a->src])
				st.stale++;
			else
				st.final++;
		} else {
			st.neither++;
		}
	}
	if (print) {
		const struct trace_warp *w = trace_step_warps(t, k);
		printf("  %4zu %6u %9u %6u %6u %14u %14u %8u   0x%08x\n", k,
		       s->stride, st.adds, st.final, st.stale,
		       st.updated_same_warp, st.updated_other_warp, st.neither,
		       w ? w[0].active_mask : 0);
	}
	total->adds += st.adds;
	total->final += st.final;
	total->stale += st.stale;
	total->updated_same_warp += st.updated_same_warp;
	total->updated_other_warp += st.updated_other_warp;
	total->neither += st.neither;
	free(updated);
	free(has);
}

static unsigned wrong_outputs(const struct trace *t, size_t *first)
{
	double *ref = malloc(t->n * sizeof(*ref));
	unsigned wrong = 0;
	*first = t->n;
	scan_reference(t->input, t->n, ref);
	for (size_t i = 0; i < t->n; i++)
		if ((double)t->output[i] != ref[i]) {
			if (!wrong++)
				*first = i;
		}
	free(ref);
	return wrong;
}

int main(int argc, char **argv)
{
	size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 1024;
	int runs = argc > 2 ? atoi(argv[2]) : 5;
	char err[512];
	if (gpu_executor.probe(err, sizeof(err)) != 0) {
		printf("no GPU: %s\n", err);
		return 77;
	}
	float *input = malloc(n * sizeof(*input));
	uint64_t seed = 7;
	for (size_t i = 0; i < n; i++) {
		seed = seed * 6364136223846793005u + 1442695040888963407u;
		input[i] = (float)(1 + (seed >> 33) % 9);
	}
	printf("kogge-stone-book on the GPU, n = %zu, inputs 1..9\n", n);
	for (int r = 0; r < runs; r++) {
		struct gpu_backend *b =
			gpu_backend_create(GPU_TRACE_DEVICE, err, sizeof(err));
		struct trace *t = trace_create();
		struct scan_request req = {
			.algorithm = scan_algorithm_find("kogge-stone-book"),
			.input = input,
			.n = n,
			.detail = TRACE_DETAIL_FULL,
		};
		if (!b || !t || scan_request_check(&req, err, sizeof(err)) ||
		    scan_run(&gpu_executor, b, &req, t, err, sizeof(err))) {
			fprintf(stderr, "gpu_book_reads: %s\n", err);
			return 1;
		}
		int print = r == 0;
		if (print)
			printf("\nrun 1, per step (warp 0's mask shows threads that left "
			       "the loop):\n"
			       "  step stride additions  final  stale  updated(warp) "
			       "updated(other)  neither   warp 0 mask\n"
			       "  (final: the neighbour made no addition in the step; stale: "
			       "it did, after this read)\n");
		struct tally total = {0};
		unsigned shown = print ? 0 : SHOW;
		for (size_t k = 1; k < t->step_count; k++)
			count_reads(t, k, print, &total, &shown);
		size_t first;
		unsigned wrong = wrong_outputs(t, &first);
		printf("run %d: %u additions: %u read a final value, %u the value "
		       "before the iteration, %u an already updated one (%u within the "
		       "reader's warp, %u from another warp), %u neither; %u of %zu "
		       "outputs wrong",
		       r + 1, total.adds, total.final, total.stale,
		       total.updated_same_warp + total.updated_other_warp,
		       total.updated_same_warp, total.updated_other_warp,
		       total.neither, wrong, n);
		if (wrong)
			printf(" (first at %zu)", first);
		printf("; %llu snapshot elements filled from the step before\n",
		       (unsigned long long)gpu_backend_stats(b)->filled);
		trace_destroy(t);
		gpu_backend_destroy(b);
	}
	free(input);
	return 0;
}
