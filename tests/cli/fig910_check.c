/* fig910_check.c - the book's Figure 9.10 numbers, read from the JSON that
 * `scanviz dump --algo hierarchical --section 4 --format json` writes for
 * the default input: each level-0 array of the figure, and the output.
 * Depends on cJSON only (it reads the dump as any script would).
 * usage: fig910_check SCANVIZ */
#define _POSIX_C_SOURCE 200809L

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void check_array(const cJSON *obj, const char *key, const double *want,
                        int n)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != n) {
		printf("FAIL %s: not an array of %d numbers\n", key, n);
		failures++;
		return;
	}
	for (int i = 0; i < n; i++) {
		const cJSON *v = cJSON_GetArrayItem(a, i);
		if (!cJSON_IsNumber(v) || v->valuedouble != want[i]) {
			printf("FAIL %s[%d] = %g, expected %g\n", key, i,
			       cJSON_IsNumber(v) ? v->valuedouble : -1.0,
			       want[i]);
			failures++;
			return;
		}
	}
	printf("ok   %s\n", key);
}

int main(int argc, char **argv)
{
	static const double input[] = {2, 1, 3, 1, 0, 4, 1, 2,
	                               0, 3, 1, 2, 5, 3, 1, 2};
	static const double scans[] = {2, 3, 6, 7, 0, 4, 5, 7,
	                               0, 3, 4, 6, 5, 8, 9, 11};
	static const double sums[] = {7, 7, 6, 11};
	static const double scanned[] = {7, 14, 20, 31};
	static const double output[] = {2,  3,  6,  7,  7,  11, 12, 14,
	                                14, 17, 18, 20, 25, 28, 29, 31};
	if (argc != 2) {
		fprintf(stderr, "usage: fig910_check SCANVIZ\n");
		return 2;
	}
	char cmd[4096];
	snprintf(cmd, sizeof(cmd),
	         "'%s' dump --backend cpu --algo hierarchical --section 4 "
	         "--format json",
	         argv[1]);
	FILE *p = popen(cmd, "r");
	if (!p) {
		perror("popen");
		return 1;
	}
	size_t cap = 1 << 16, len = 0, got;
	char *text = malloc(cap + 1);
	while (text && (got = fread(text + len, 1, cap - len, p)) > 0) {
		len += got;
		if (len == cap) {
			char *q = realloc(text, 2 * cap + 1);
			if (!q)
				break;
			text = q;
			cap *= 2;
		}
	}
	int rc = pclose(p);
	if (!text || rc != 0) {
		printf("FAIL %s exited with %d\n", cmd, rc);
		free(text);
		return 1;
	}
	text[len] = '\0';
	cJSON *root = cJSON_Parse(text);
	free(text);
	if (!root) {
		printf("FAIL the dump is not JSON\n");
		return 1;
	}
	const cJSON *format = cJSON_GetObjectItemCaseSensitive(root, "format");
	if (!cJSON_IsString(format) ||
	    strcmp(format->valuestring, "scanviz-trace") != 0) {
		printf("FAIL format is not \"scanviz-trace\"\n");
		failures++;
	}
	const cJSON *levels = cJSON_GetObjectItemCaseSensitive(root, "levels");
	const cJSON *level0 = cJSON_GetArrayItem(levels, 0);
	if (!cJSON_IsObject(level0)) {
		printf("FAIL no levels[0]\n");
		failures++;
	} else {
		check_array(level0, "input", input, 16);
		check_array(level0, "section_scans", scans, 16);
		check_array(level0, "block_sums", sums, 4);
		check_array(level0, "block_sums_scanned", scanned, 4);
		check_array(level0, "output", output, 16);
	}
	check_array(root, "output", output, 16);
	const cJSON *hazards =
		cJSON_GetObjectItemCaseSensitive(root, "hazards");
	if (!cJSON_IsArray(hazards) || cJSON_GetArraySize(hazards) != 0) {
		printf("FAIL hazards is not an empty array\n");
		failures++;
	}
	cJSON_Delete(root);
	return failures ? 1 : 0;
}
