/* jsonread_text.c - what cJSON lets through and RFC 8259 does not, checked
 * on the raw text before parsing: bytes that are not UTF-8, raw control
 * characters and \u0000 inside strings, numbers with a leading zero.
 * Depends on jsonread.h only (no cJSON call). */
#include "jsonread.h"

#include <stdbool.h>
#include <stdint.h>

/* Length of the well-formed UTF-8 sequence at s (at most n bytes), or 0:
 * no overlong forms, no surrogates, nothing past U+10FFFF. */
static size_t utf8_length(const unsigned char *s, size_t n)
{
	unsigned char b = s[0];
	size_t len;
	uint32_t cp;
	if (b < 0x80)
		return 1;
	if (b >= 0xc2 && b <= 0xdf) {
		len = 2;
		cp = b & 0x1f;
	} else if (b >= 0xe0 && b <= 0xef) {
		len = 3;
		cp = b & 0x0f;
	} else if (b >= 0xf0 && b <= 0xf4) {
		len = 4;
		cp = b & 0x07;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	for (size_t k = 1; k < len; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[k] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

static bool is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/* True when c continues a number token (so a digit after it does not
 * start a number). */
static bool in_number(unsigned char c)
{
	return is_digit(c) || c == '.' || c == 'e' || c == 'E' || c == '+' ||
	       c == '-';
}

const char *jsonread_check_text(const char *text, size_t len, size_t *at)
{
	const unsigned char *s = (const unsigned char *)text;
	bool in_string = false;
	size_t k = 0;
	if (len >= 3 && s[0] == 0xef && s[1] == 0xbb && s[2] == 0xbf)
		k = 3; /* a byte-order mark, which cJSON skips too */
	while (k < len) {
		unsigned char c = s[k];
		*at = k;
		if (c >= 0x80) {
			size_t n = utf8_length(s + k, len - k);
			if (!n)
				return "a byte that is not UTF-8";
			k += n;
			continue;
		}
		if (in_string) {
			if (c == '"') {
				in_string = false;
			} else if (c < 0x20) {
				return "a control character inside a string "
				       "(JSON writes it as \\uXXXX)";
			} else if (c == '\\' && k + 1 < len) {
				if (s[k + 1] == 'u' && k + 5 < len &&
				    s[k + 2] == '0' && s[k + 3] == '0' &&
				    s[k + 4] == '0' && s[k + 5] == '0')
					return "a NUL character (\\u0000) in a "
					       "string";
				k++; /* the escaped character */
			}
			k++;
			continue;
		}
		if (c == '"') {
			in_string = true;
		} else if (c == '\0') {
			return "a NUL byte";
		} else if ((c == '-' || is_digit(c)) &&
		           (k == 0 || !in_number(s[k - 1]))) {
			size_t d = c == '-' ? k + 1 : k;
			if (d + 1 < len && s[d] == '0' && is_digit(s[d + 1]))
				return "a number with a leading zero";
		}
		k++;
	}
	return NULL;
}
