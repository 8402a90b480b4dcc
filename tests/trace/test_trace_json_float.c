/* test_trace_json_float.c - the writer's fast float text is exactly what
 * its definition gives (the first of printf's %.6g..%.9g that strtod reads
 * back to the same float), on random floats of every exponent and on the
 * edges of the range the integer arithmetic covers. Depends on
 * trace_json_float.h (private to the writer) and cmocka. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_json_float.h"

/* The definition, in the C locale. */
static size_t reference(float x, char *dst)
{
	char tmp[40];
	int n = 0;
	for (int digits = 6; digits <= 9; digits++) {
		n = snprintf(tmp, sizeof(tmp), "%.*g", digits, (double)x);
		if ((float)strtod(tmp, NULL) == x)
			break;
	}
	memcpy(dst, tmp, (size_t)n);
	return (size_t)n;
}

static unsigned long checked;

static void check_bits(uint32_t bits)
{
	float x;
	memcpy(&x, &bits, sizeof(x));
	if (x - x != 0) /* the writer spells non-finite values itself */
		return;
	char got[TRACE_JSON_FLOAT_MAX + 8], want[40];
	memset(got, '#', sizeof(got));
	size_t n = trace_json_float_format(x, '.', got);
	size_t m = reference(x, want);
	checked++;
	if (n != m || memcmp(got, want, n) != 0 || n > TRACE_JSON_FLOAT_MAX)
		fail_msg("0x%08lx: got \"%.*s\", want \"%.*s\"",
		         (unsigned long)bits, (int)n, got, (int)m, want);
}

static void test_random(void **state)
{
	(void)state;
	uint64_t s = 0x2545f4914f6cdd1du;
	for (int i = 0; i < 100000; i++) {
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		check_bits((uint32_t)(s >> 32));
	}
}

/* Exponent fields around the edges of the 128-bit path (2^-42 and 2^101
 * scaled by the mantissa), denormals, the top of the range, and values with
 * few significant bits, where printf's ties and trailing zeros show. */
static void test_edges(void **state)
{
	(void)state;
	static const uint32_t fields[] = {0,   1,   2,   126, 127, 128,
	                                  150, 151, 84,  85,  86,  107,
	                                  108, 250, 251, 252, 253, 254};
	for (size_t f = 0; f < sizeof(fields) / sizeof(fields[0]); f++) {
		for (uint32_t sign = 0; sign < 2; sign++) {
			uint32_t base = sign << 31 | fields[f] << 23;
			for (uint32_t m = 0; m < 1024; m++)
				check_bits(base | m);
			for (uint32_t m = 0x7fffff - 1023; m <= 0x7fffff; m++)
				check_bits(base | m);
			for (uint32_t m = 0; m < 1024; m++)
				check_bits(base |
				           m << 11); /* short mantissas */
		}
	}
	print_message("%lu floats checked\n", checked);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_edges),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
