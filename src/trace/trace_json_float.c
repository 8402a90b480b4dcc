/* trace_json_float.c - a float as the shortest of %.6g..%.9g that reads
 * back to it. printf and strtod do this exactly but slowly (a microsecond a
 * float over several tries) and a full trace holds millions of floats, so
 * where a float's exact value fits 128 bits its digits and the rounding
 * check are exact integer arithmetic here; strtod only settles the rare
 * candidates so close to the edge of x's interval that its detour through
 * a double could decide them.
 * Plain C with GCC/Clang's unsigned __int128; printf and strtod otherwise. */
#include "trace_json_float.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first and last precisions tried; 9 digits tell any two floats apart. */
#define DIGITS_MIN 6
#define DIGITS_MAX 9

/* Reads `text` back as the JSON reader does: strtod, then cast to float. */
static int reads_back(const char *text, size_t n, float x, char point)
{
	char tmp[TRACE_JSON_FLOAT_MAX + 1];
	for (size_t i = 0; i < n; i++)
		tmp[i] = text[i] == '.' ? point : text[i];
	tmp[n] = '\0';
	return (float)strtod(tmp, NULL) == x;
}

/* The definition: printf each precision in turn until one reads back. */
static size_t slow_format(float x, char point, char *dst)
{
	char tmp[40];
	int n = 0;
	for (int digits = DIGITS_MIN; digits <= DIGITS_MAX; digits++) {
		n = snprintf(tmp, sizeof(tmp), "%.*g", digits, (double)x);
		if ((float)strtod(tmp, NULL) == x)
			break;
	}
	if (n < 0 || n > TRACE_JSON_FLOAT_MAX)
		n = 0;
	for (int i = 0; i < n; i++)
		dst[i] = tmp[i] == point ? '.' : tmp[i];
	return (size_t)n;
}

/* printf's %g layout at precision p of the digits d[0..n) (no trailing
 * zeros) times 10^(exp - n + 1): scientific when exp < -4 or exp >= p. */
static size_t layout(int negative, const char *d, int n, int exp, int p,
                     char *dst)
{
	size_t k = 0;
	if (negative)
		dst[k++] = '-';
	if (exp < -4 || exp >= p) {
		dst[k++] = d[0];
		if (n > 1) {
			dst[k++] = '.';
			memcpy(dst + k, d + 1, (size_t)n - 1);
			k += (size_t)n - 1;
		}
		int a = exp < 0 ? -exp : exp; /* at most 45 for a float */
		dst[k++] = 'e';
		dst[k++] = exp < 0 ? '-' : '+';
		dst[k++] = (char)('0' + a / 10);
		dst[k++] = (char)('0' + a % 10);
	} else if (exp >= 0) {
		for (int i = 0; i <= exp; i++)
			dst[k++] = i < n ? d[i] : '0';
		if (n > exp + 1) {
			dst[k++] = '.';
			memcpy(dst + k, d + exp + 1, (size_t)(n - exp - 1));
			k += (size_t)(n - exp - 1);
		}
	} else {
		dst[k++] = '0';
		dst[k++] = '.';
		for (int i = 0; i < -exp - 1; i++)
			dst[k++] = '0';
		memcpy(dst + k, d, (size_t)n);
		k += (size_t)n;
	}
	return k;
}

#ifdef __SIZEOF_INT128__
typedef unsigned __int128 u128;

/* Exponents of 2 whose floats m * 2^e this file handles: m * 5^42 and
 * m * 2^101 (m < 2^24) and their half-gaps stay below 2^126. */
#define EXP_MIN (-42)
#define EXP_MAX 101

static const uint64_t pow5_table[28] = {UINT64_C(1),
                                        UINT64_C(5),
                                        UINT64_C(25),
                                        UINT64_C(125),
                                        UINT64_C(625),
                                        UINT64_C(3125),
                                        UINT64_C(15625),
                                        UINT64_C(78125),
                                        UINT64_C(390625),
                                        UINT64_C(1953125),
                                        UINT64_C(9765625),
                                        UINT64_C(48828125),
                                        UINT64_C(244140625),
                                        UINT64_C(1220703125),
                                        UINT64_C(6103515625),
                                        UINT64_C(30517578125),
                                        UINT64_C(152587890625),
                                        UINT64_C(762939453125),
                                        UINT64_C(3814697265625),
                                        UINT64_C(19073486328125),
                                        UINT64_C(95367431640625),
                                        UINT64_C(476837158203125),
                                        UINT64_C(2384185791015625),
                                        UINT64_C(11920928955078125),
                                        UINT64_C(59604644775390625),
                                        UINT64_C(298023223876953125),
                                        UINT64_C(1490116119384765625),
                                        UINT64_C(7450580596923828125)};
static const uint64_t pow10_table[20] = {UINT64_C(1),
                                         UINT64_C(10),
                                         UINT64_C(100),
                                         UINT64_C(1000),
                                         UINT64_C(10000),
                                         UINT64_C(100000),
                                         UINT64_C(1000000),
                                         UINT64_C(10000000),
                                         UINT64_C(100000000),
                                         UINT64_C(1000000000),
                                         UINT64_C(10000000000),
                                         UINT64_C(100000000000),
                                         UINT64_C(1000000000000),
                                         UINT64_C(10000000000000),
                                         UINT64_C(100000000000000),
                                         UINT64_C(1000000000000000),
                                         UINT64_C(10000000000000000),
                                         UINT64_C(100000000000000000),
                                         UINT64_C(1000000000000000000),
                                         UINT64_C(10000000000000000000)};

static u128 pow5(int k)
{
	return k < 28 ? pow5_table[k]
	              : (u128)pow5_table[27] * pow5_table[k - 27];
}

static u128 pow10(int k)
{
	return k < 20 ? pow10_table[k]
	              : (u128)pow10_table[19] * pow10_table[k - 19];
}

/* The decimal digits of n (no leading zeros) into d; returns how many. */
static int digits_of(u128 n, char *d)
{
	char tmp[40];
	int i = sizeof(tmp);
	const uint64_t e19 = UINT64_C(10000000000000000000);
	while (n > UINT64_MAX) {
		uint64_t chunk = (uint64_t)(n % e19);
		n /= e19;
		for (int j = 0; j < 19; j++, chunk /= 10)
			tmp[--i] = (char)('0' + chunk % 10);
	}
	uint64_t v = (uint64_t)n;
	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	memcpy(d, tmp + i, sizeof(tmp) - (size_t)i);
	return (int)sizeof(tmp) - i;
}

/* A finite float as its exact decimal digits, d[0..len) times
 * 10^(exp - len + 1), and the distances to the middles between it and its
 * neighbours (half as far below a power of two), in quarters of the unit of
 * its last digit. */
struct exact {
	char d[40];
	int len, exp;
	u128 up, down;
	int odd; /* an odd mantissa loses a tie to its neighbour */
};

/* Where a rounded candidate lies: in x's interval, outside, or so close to
 * its edge that strtod's detour through a double decides. */
enum verdict { INSIDE, OUTSIDE, NEAR_EDGE };

/* Rounds x's digits half to even to p digits, as printf does, into r
 * (trailing zeros dropped; *rexp the exponent after a carry) and returns
 * their count; *v says where the result lies. */
static int round_digits(const struct exact *x, int p, char *r, int *rexp,
                        enum verdict *v)
{
	int rn = x->len < p ? x->len : p;
	memcpy(r, x->d, (size_t)rn);
	*rexp = x->exp;
	*v = INSIDE;
	if (x->len > p) {
		u128 tail = 0, unit = pow10(x->len - p);
		for (int i = p; i < x->len; i++)
			tail = tail * 10 + (u128)(x->d[i] - '0');
		u128 half = unit / 2;
		int up = tail > half ||
		         (tail == half && (x->d[p - 1] - '0') % 2);
		u128 err = 4 * (up ? unit - tail : tail);
		u128 bound = up ? x->up : x->down;
		u128 gap = err > bound ? err - bound : bound - err;
		if (gap <= bound >> 20)
			*v = NEAR_EDGE;
		else if (err > bound || (err == bound && x->odd))
			*v = OUTSIDE;
		int i = p - 1;
		while (up && i >= 0 && r[i] == '9')
			r[i--] = '0';
		if (up && i >= 0) {
			r[i]++;
		} else if (up) {
			r[0] = '1';
			++*rexp;
		}
	}
	while (rn > 1 && r[rn - 1] == '0')
		rn--;
	return rn;
}

size_t trace_json_float_format(float x, char point, char *dst)
{
	uint32_t bits;
	memcpy(&bits, &x, sizeof(bits));
	uint32_t field = bits >> 23 & 0xff, m = bits & 0x7fffff;
	int e = field ? (int)field - 150 : -149;
	if (field)
		m |= UINT32_C(1) << 23;
	if (!m || field == 0xff || e < EXP_MIN || e > EXP_MAX)
		return slow_format(x, point, dst);

	/* x = m * 2^e = n * 10^-k exactly; the half-gap 2^(e-1) is then
	 * 5^k / 2 units of 10^-k (e < 0) or 2^(e-1) units of 1. */
	struct exact ex;
	int k = e < 0 ? -e : 0;
	u128 five_k = pow5(k);
	u128 n = e < 0 ? (u128)m * five_k : (u128)m << e;
	ex.up = e < 0 ? 2 * five_k : (u128)2 << e;
	ex.down = m == UINT32_C(1) << 23 && field > 1 ? ex.up / 2 : ex.up;
	ex.odd = m % 2;
	ex.len = digits_of(n, ex.d);
	ex.exp = ex.len - 1 - k;

	for (int p = DIGITS_MIN; p <= DIGITS_MAX; p++) {
		char r[DIGITS_MAX];
		int rexp;
		enum verdict v;
		int rn = round_digits(&ex, p, r, &rexp, &v);
		if (v == OUTSIDE)
			continue;
		size_t out = layout(bits >> 31, r, rn, rexp, p, dst);
		if (v == INSIDE || reads_back(dst, out, x, point))
			return out;
	}
	return slow_format(x, point, dst);
}
#else
size_t trace_json_float_format(float x, char point, char *dst)
{
	return slow_format(x, point, dst);
}
#endif
