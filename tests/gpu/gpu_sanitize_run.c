/* gpu_sanitize_run.c - runs one scan on the GPU for tests/gpu/sanitize.sh,
 * which runs it under compute-sanitizer: the traced build at full or
 * summary detail, or the untraced build (the code of kernels/ as shown).
 *   gpu_sanitize_run full|summary|untraced ALGO N [SECTION [SECTION_KERNEL]]
 * Prints one line (the launches and the first wrong output, if any);
 * exits 0 when the run completed, whatever the printed kernels computed.
 * Depends on the scan layer and the GPU backend (gpu_backend.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "gpu_backend.h"

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr,
		        "usage: gpu_sanitize_run full|summary|untraced ALGO N "
		        "[SECTION [SECTION_KERNEL]]\n");
		return 2;
	}
	const char *mode = argv[1];
	struct scan_request req = {
		.algorithm = scan_algorithm_find(argv[2]),
		.n = strtoul(argv[3], NULL, 10),
		.section = argc > 4 ? (uint32_t)strtoul(argv[4], NULL, 10) : 0,
		.detail = strcmp(mode, "full") == 0 ? TRACE_DETAIL_FULL
	                                            : TRACE_DETAIL_SUMMARY,
	};
	if (argc > 5)
		req.section_kernel =
			(enum scan_kernel_id)scan_section_kernel_from_name(
				argv[5]);
	enum gpu_trace_memory memory = strcmp(mode, "untraced") == 0
	                                       ? GPU_TRACE_OFF
	                                       : GPU_TRACE_DEVICE;
	char err[512];
	if (gpu_probe(err, sizeof(err)) != GPU_OK) {
		printf("no GPU: %s\n", err);
		return 77;
	}
	float *input = malloc((req.n ? req.n : 1) * sizeof(*input));
	for (size_t i = 0; input && i < req.n; i++)
		input[i] = (float)(1 + i % 7);
	req.input = input;

	struct gpu_backend *b = gpu_backend_create(memory, err, sizeof(err));
	struct trace *t = trace_create();
	int rc = 1;
	if (!input || !b || !t || scan_request_check(&req, err, sizeof(err)) ||
	    scan_run(&gpu_executor, b, &req, t, err, sizeof(err))) {
		fprintf(stderr, "gpu_sanitize_run: %s\n", err);
		goto out;
	}
	double sum = 0.0;
	size_t wrong = t->n;
	for (size_t i = 0; i < t->n; i++) {
		sum += input[i];
		if (wrong == t->n && (double)t->output[i] != sum)
			wrong = i;
	}
	printf("%s %s n=%zu section=%u: %zu launches, %zu steps, %llu additions, %s",
	       mode, argv[2], req.n, req.section, t->launch_count,
	       t->step_count, (unsigned long long)t->counts.additions,
	       wrong == t->n ? "output right" : "output wrong from ");
	if (wrong != t->n)
		printf("%zu", wrong);
	printf("\n");
	rc = 0;
out:
	trace_destroy(t);
	gpu_backend_destroy(b);
	free(input);
	return rc;
}
