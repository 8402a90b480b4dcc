/* bench_results_read.c - reads a results file of `scanviz bench --json`
 * back (docs/bench.md), strictly: a plot shown to a class must be exactly
 * what was measured, so anything missing, unknown, out of range or
 * inconsistent is one clear error. Depends on bench_results.h,
 * bench_report.h (the format's version) and cJSON. */
#include "bench_results.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_json_reader.h"
#include "bench_options.h"
#include "bench_report.h"

/* The writer prints every number with 6 significant digits (%.6g), so two
 * figures derived from each other agree to about 1e-5: 1e-4 allows for
 * that and still catches a figure that was changed by hand. */
#define AGREE 1e-4

static bool agree(double a, double b)
{
	return fabs(a - b) <= AGREE * fmax(fabs(a), fabs(b));
}

static const char *const kernel_list =
	"a kernel (copy, cub, single-pass, hier-brent-kung, hier-kogge-stone)";

static int read_kernel(struct jsonread *r, const cJSON *item,
                       enum bench_kernel *out)
{
	jsonread_push_key(r, "kernel");
	int k = cJSON_IsString(item) ? bench_kernel_from_name(item->valuestring)
	                             : -1;
	if (k < 0)
		return jsonread_expected(r, item, kernel_list);
	*out = (enum bench_kernel)k;
	jsonread_pop(r);
	return 0;
}

/* N as the bench takes it: a power of two from 2^BENCH_MIN_LOG2 to
 * 2^BENCH_MAX_LOG2. */
static int read_n(struct jsonread *r, const cJSON *item, struct bench_result *f)
{
	uint64_t n;
	if (bench_jr_uint(r, "n", item, (uint64_t)1 << BENCH_MIN_LOG2,
	                  (uint64_t)1 << BENCH_MAX_LOG2, &n))
		return -1;
	if (n & (n - 1)) {
		jsonread_push_key(r, "n");
		return jsonread_fail(
			r,
			"%llu is not a power of two, and the bench times only "
			"those" BENCH_JR_HINT,
			(unsigned long long)n);
	}
	f->n = (size_t)n;
	f->log2_n = 0;
	while (((uint64_t)1 << f->log2_n) < n)
		f->log2_n++;
	return 0;
}

/* One figure that passed its check. */
static int read_figure(struct jsonread *r, const cJSON *item,
                       const struct bench_results *res, struct bench_result *f)
{
	static const char *const keys[] = {
		"n",
		"log2_n",
		"kernel",
		"runs",
		"median_ms",
		"min_ms",
		"max_ms",
		"gb_per_s",
		"percent_of_copy",
		"ratio_to_cub",
		"max_relative_error",
	};
	const cJSON *v[11];
	uint64_t log2_n, runs;
	memset(f, 0, sizeof(*f));
	f->passed = true;
	if (jsonread_fields(r, item, keys, 11, 0, v) || read_n(r, v[0], f) ||
	    bench_jr_uint(r, "log2_n", v[1], BENCH_MIN_LOG2, BENCH_MAX_LOG2,
	                  &log2_n) ||
	    read_kernel(r, v[2], &f->kernel) ||
	    bench_jr_uint(r, "runs", v[3], 1, 100000, &runs) ||
	    bench_jr_number(r, "median_ms", v[4], false, &f->median_ms) ||
	    bench_jr_number(r, "min_ms", v[5], false, &f->min_ms) ||
	    bench_jr_number(r, "max_ms", v[6], false, &f->max_ms) ||
	    bench_jr_number(r, "gb_per_s", v[7], false, &f->gbps) ||
	    bench_jr_number(r, "percent_of_copy", v[8], true,
	                    &f->percent_of_copy) ||
	    bench_jr_number(r, "ratio_to_cub", v[9], true, &f->ratio_to_cub) ||
	    bench_jr_number(r, "max_relative_error", v[10], false,
	                    &f->max_rel_error))
		return -1;
	f->runs = (unsigned int)runs;
	if (log2_n != f->log2_n) {
		jsonread_push_key(r, "log2_n");
		return jsonread_fail(r,
		                     "%llu is not log2 of n (%u)" BENCH_JR_HINT,
		                     (unsigned long long)log2_n, f->log2_n);
	}
	if (f->runs != res->runs) {
		jsonread_push_key(r, "runs");
		return jsonread_fail(
			r, "%u is not the run's \"runs\" (%u)" BENCH_JR_HINT,
			f->runs, res->runs);
	}
	if (!(f->median_ms > 0 && f->min_ms <= f->median_ms &&
	      f->median_ms <= f->max_ms)) {
		jsonread_push_key(r, "median_ms");
		return jsonread_fail(
			r,
			"%g is not a time between min_ms (%g) and max_ms (%g), "
			"above 0" BENCH_JR_HINT,
			f->median_ms, f->min_ms, f->max_ms);
	}
	/* GB/s is N x 8 bytes over the median: the one figure the plot shows
	 * must follow from the two the run measured. */
	double gbps = (double)f->n * BENCH_BYTES_PER_ELEMENT /
	              (f->median_ms * 1e-3) / 1e9;
	if (!agree(f->gbps, gbps)) {
		jsonread_push_key(r, "gb_per_s");
		return jsonread_fail(r,
		                     "%g is not n x %g bytes / median_ms "
		                     "(%.6g)" BENCH_JR_HINT,
		                     f->gbps, BENCH_BYTES_PER_ELEMENT, gbps);
	}
	return 0;
}

/* A check that failed: which kernel, at which N, and why. */
static int read_failure(struct jsonread *r, const cJSON *item,
                        struct bench_result *f)
{
	static const char *const keys[] = {"n", "kernel", "message"};
	const cJSON *v[3];
	memset(f, 0, sizeof(*f));
	f->passed = false;
	f->median_ms = f->min_ms = f->max_ms = f->gbps = NAN;
	f->percent_of_copy = f->ratio_to_cub = f->max_rel_error = NAN;
	if (jsonread_fields(r, item, keys, 3, 0, v) || read_n(r, v[0], f) ||
	    read_kernel(r, v[1], &f->kernel) ||
	    bench_jr_string(r, "message", v[2], f->failure, sizeof(f->failure)))
		return -1;
	return 0;
}

/* The index of the figure of kernel k at n among figs[0..count), or -1. */
static long find(const struct bench_result *figs, size_t count,
                 enum bench_kernel k, size_t n)
{
	for (size_t i = 0; i < count; i++)
		if (figs[i].kernel == k && figs[i].n == n)
			return (long)i;
	return -1;
}

/* Reads the array `key` into res->results from res->count on. */
static int read_list(struct jsonread *r, const char *key, const cJSON *item,
                     struct bench_results *res, bool passed)
{
	jsonread_push_key(r, key);
	if (!cJSON_IsArray(item))
		return jsonread_expected(r, item, "an array");
	size_t len = (size_t)cJSON_GetArraySize(item);
	struct bench_result *more =
		realloc(res->results, (res->count + len + 1) * sizeof(*more));
	if (!more)
		return jsonread_fail(r, "out of memory");
	res->results = more;
	size_t i = 0;
	for (const cJSON *c = item->child; c; c = c->next, i++) {
		struct bench_result *f = &res->results[res->count];
		jsonread_push_index(r, i);
		if (passed ? read_figure(r, c, res, f) : read_failure(r, c, f))
			return -1;
		long twin = find(res->results, res->count, f->kernel, f->n);
		if (twin >= 0) {
			/* figures come first, so a twin past them is a failure */
			bool in_results = passed || (size_t)twin < res->passed;
			return jsonread_fail(
				r,
				"%s at N = %zu is already in %s[%zu]; a run "
				"times each figure once" BENCH_JR_HINT,
				bench_kernel_info(f->kernel)->name, f->n,
				in_results ? "results" : "failures",
				in_results ? (size_t)twin
					   : (size_t)twin - res->passed);
		}
		res->count++;
		jsonread_pop(r);
	}
	if (passed)
		res->passed = res->count;
	jsonread_pop(r);
	return 0;
}

/* percent_of_copy and ratio_to_cub are the figure's GB/s over copy's and
 * CUB's at the same N when those passed, and null when they did not. */
static int check_ratio(struct jsonread *r, struct bench_results *res, size_t i,
                       enum bench_kernel ref, const char *key, double scale)
{
	const struct bench_result *f = &res->results[i];
	long j = find(res->results, res->passed, ref, f->n);
	double got =
		ref == BENCH_KERNEL_COPY ? f->percent_of_copy : f->ratio_to_cub;
	const char *name = bench_kernel_info(ref)->name;
	jsonread_push_key(r, "results");
	jsonread_push_index(r, i);
	jsonread_push_key(r, key);
	if (j < 0 && !isnan(got))
		return jsonread_fail(
			r,
			"%g, but no %s figure at N = %zu passed, so "
			"it must be null" BENCH_JR_HINT,
			got, name, f->n);
	if (j >= 0) {
		double want = scale * f->gbps / res->results[j].gbps;
		if (isnan(got))
			return jsonread_fail(
				r,
				"is null, but %s passed at N = %zu, so "
				"it must be %.6g" BENCH_JR_HINT,
				name, f->n, want);
		if (!agree(got, want))
			return jsonread_fail(
				r,
				"%g is not %sgb_per_s / %s's gb_per_s "
				"at N = %zu (%.6g)" BENCH_JR_HINT,
				got, scale == 100.0 ? "100 x " : "", name, f->n,
				want);
	}
	jsonread_pop(r);
	jsonread_pop(r);
	jsonread_pop(r);
	return 0;
}

/* "9.0": the compute capability as major.minor. */
static int read_capability(struct jsonread *r, const cJSON *item,
                           struct bench_device_info *d)
{
	char text[16], end;
	if (bench_jr_string(r, "compute_capability", item, text, sizeof(text)))
		return -1;
	if (sscanf(text, "%d.%d%c", &d->major, &d->minor, &end) != 2 ||
	    d->major < 1 || d->major > 99 || d->minor < 0 || d->minor > 9) {
		jsonread_push_key(r, "compute_capability");
		return jsonread_expected(
			r, item, "a compute capability such as \"9.0\"");
	}
	return 0;
}

static int read_device(struct jsonread *r, const cJSON *item,
                       struct bench_device_info *d)
{
	static const char *const keys[] = {
		"name",
		"compute_capability",
		"multiprocessors",
		"l2_bytes",
		"memory_bytes",
		"driver_version",
		"runtime_version",
	};
	const cJSON *v[7];
	uint64_t sms, l2, mem, driver, runtime;
	const uint64_t exact = (uint64_t)1 << 53;
	jsonread_push_key(r, "device");
	if (jsonread_fields(r, item, keys, 7, 0, v) ||
	    bench_jr_string(r, "name", v[0], d->name, sizeof(d->name)) ||
	    read_capability(r, v[1], d) ||
	    bench_jr_uint(r, "multiprocessors", v[2], 0, 1u << 20, &sms) ||
	    bench_jr_uint(r, "l2_bytes", v[3], 0, exact, &l2) ||
	    bench_jr_uint(r, "memory_bytes", v[4], 0, exact, &mem) ||
	    bench_jr_uint(r, "driver_version", v[5], 0, 1u << 30, &driver) ||
	    bench_jr_uint(r, "runtime_version", v[6], 0, 1u << 30, &runtime))
		return -1;
	d->multiprocessors = (int)sms;
	d->l2_bytes = (size_t)l2;
	d->memory_bytes = (size_t)mem;
	d->driver_version = (int)driver;
	d->runtime_version = (int)runtime;
	jsonread_pop(r);
	return 0;
}

static int check_header(struct jsonread *r, const cJSON *root)
{
	if (!cJSON_IsObject(root))
		return jsonread_fail(
			r, "the top level is not a JSON object, so this is not "
			   "a results file; give one written by 'scanviz bench "
			   "--json FILE'");
	const cJSON *format = cJSON_GetObjectItemCaseSensitive(root, "format");
	const cJSON *version =
		cJSON_GetObjectItemCaseSensitive(root, "version");
	jsonread_push_key(r, "format");
	if (cJSON_IsString(format) &&
	    strcmp(format->valuestring, "scanviz-trace") == 0)
		return jsonread_fail(
			r, "\"scanviz-trace\": this is a trace, not bench "
			   "results; replay it with 'scanviz --trace FILE'");
	if (!cJSON_IsString(format) ||
	    strcmp(format->valuestring, BENCH_JSON_FORMAT) != 0)
		return jsonread_fail(
			r,
			"missing or not \"" BENCH_JSON_FORMAT "\", so this is "
			"not a results file; give one written by 'scanviz "
			"bench --json FILE'");
	jsonread_pop(r);
	if (!version)
		return jsonread_fail(
			r, "the key \"version\" is missing" BENCH_JR_HINT);
	jsonread_push_key(r, "version");
	if (!cJSON_IsNumber(version) ||
	    version->valuedouble != BENCH_JSON_VERSION) {
		char buf[64];
		return jsonread_fail(
			r,
			"%s is not a version this scanviz reads (it reads "
			"version %d); write the file again with this scanviz",
			jsonread_found(version, buf, sizeof(buf)),
			BENCH_JSON_VERSION);
	}
	jsonread_pop(r);
	return 0;
}

static int read_results(struct jsonread *r, const cJSON *root,
                        struct bench_results *res)
{
	static const char *const keys[] = {
		"format", "version", "device",  "element",  "bytes_per_element",
		"runs",   "warmup",  "results", "failures",
	};
	const cJSON *v[9];
	uint64_t runs, warmup, bytes;
	if (check_header(r, root) || jsonread_fields(r, root, keys, 9, 0, v) ||
	    read_device(r, v[2], &res->device))
		return -1;
	jsonread_push_key(r, "element");
	if (!cJSON_IsString(v[3]) || strcmp(v[3]->valuestring, "float32"))
		return jsonread_expected(r, v[3], "\"float32\"");
	jsonread_pop(r);
	if (bench_jr_uint(r, "bytes_per_element", v[4], 0, 1u << 20, &bytes))
		return -1;
	if ((double)bytes != BENCH_BYTES_PER_ELEMENT) {
		jsonread_push_key(r, "bytes_per_element");
		return jsonread_fail(
			r,
			"%llu, but every figure counts %g bytes per "
			"element" BENCH_JR_HINT,
			(unsigned long long)bytes, BENCH_BYTES_PER_ELEMENT);
	}
	if (bench_jr_uint(r, "runs", v[5], 1, 100000, &runs) ||
	    bench_jr_uint(r, "warmup", v[6], 0, 10000, &warmup))
		return -1;
	res->runs = (unsigned int)runs;
	res->warmup = (unsigned int)warmup;
	if (read_list(r, "results", v[7], res, true) ||
	    read_list(r, "failures", v[8], res, false))
		return -1;
	for (size_t i = 0; i < res->passed; i++)
		if (check_ratio(r, res, i, BENCH_KERNEL_COPY, "percent_of_copy",
		                100.0) ||
		    check_ratio(r, res, i, BENCH_KERNEL_CUB, "ratio_to_cub",
		                1.0))
			return -1;
	return 0;
}

/* 1-based line and column of byte `offset` of text. */
static void line_col(const char *text, size_t offset, size_t *line, size_t *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < offset; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

struct bench_results *bench_results_read(const char *text, size_t len,
                                         const char *name, char *err,
                                         size_t err_size)
{
	struct jsonread r = {.name = name ? name : "results",
	                     .err = err,
	                     .err_size = err_size,
	                     .hint = BENCH_JR_HINT,
	                     .format =
	                             "results format version 1 (docs/bench.md)",
	                     .key_word = "the key"};
	if (len == 0) {
		jsonread_fail(&r, "the file is empty; give a results file "
		                  "written by 'scanviz bench --json FILE'");
		return NULL;
	}
	const char *end = NULL;
	cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
	size_t at = end && end >= text && end <= text + len
	                    ? (size_t)(end - text)
	                    : 0;
	if (root)
		while (at < len && text[at] && strchr(" \t\r\n", text[at]))
			at++;
	if (!root || at < len) {
		size_t line, col;
		line_col(text, at, &line, &col);
		if (err && err_size)
			snprintf(err, err_size,
			         "%s:%zu:%zu: %s; the file is damaged or cut "
			         "short: write it again with 'scanviz bench "
			         "--json FILE'",
			         r.name, line, col,
			         root ? "unexpected text after the end of the "
			                "JSON value"
			              : "JSON syntax error near here");
		cJSON_Delete(root);
		return NULL;
	}
	struct bench_results *res = calloc(1, sizeof(*res));
	if (!res)
		jsonread_fail(&r, "out of memory");
	else if (read_results(&r, root, res)) {
		bench_results_destroy(res);
		res = NULL;
	}
	cJSON_Delete(root);
	return res;
}

struct bench_results *bench_results_read_file(const char *path, char *err,
                                              size_t err_size)
{
	bool is_stdin = strcmp(path, "-") == 0;
	const char *name = is_stdin ? "standard input" : path;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	if (!f) {
		snprintf(err, err_size, "%s: cannot open: %s; check the path",
		         path, strerror(errno));
		return NULL;
	}
	/* One byte more than the limit tells a file at the limit from a
	 * larger one. */
	size_t cap = BENCH_RESULTS_MAX_BYTES + 1, len = 0;
	char *text = malloc(cap);
	int saved = ENOMEM;
	if (text) {
		len = fread(text, 1, cap, f);
		saved = ferror(f) ? errno : 0;
	}
	if (!is_stdin)
		fclose(f);
	struct bench_results *res = NULL;
	if (!text || saved)
		snprintf(err, err_size, "%s: cannot read: %s; check the file",
		         name, strerror(saved));
	else if (len == cap)
		snprintf(
			err, err_size,
			"%s: larger than %u MiB, far more than a results file "
			"holds; give one written by 'scanviz bench --json FILE'",
			name, BENCH_RESULTS_MAX_BYTES >> 20);
	else
		res = bench_results_read(text, len, name, err, err_size);
	free(text);
	return res;
}

void bench_results_destroy(struct bench_results *r)
{
	if (!r)
		return;
	free(r->results);
	free(r);
}
