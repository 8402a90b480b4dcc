/* text_quote.c - quoting user text for one-line messages (text_quote.h).
 * Plain C. */
#include "text_quote.h"

#include <stdio.h>
#include <string.h>

const char *text_quote(const char *s, char *buf, size_t size)
{
	size_t used = 0;
	if (!size)
		return buf;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		char piece[8];
		size_t n;
		if (*p < 0x20 || *p == 0x7f) {
			snprintf(piece, sizeof(piece), "\\x%02x", *p);
			n = 4;
		} else {
			piece[0] = (char)*p;
			n = 1;
		}
		if (used + n + 4 > size) {
			/* room for "..." and the NUL */
			if (used + 4 <= size) {
				memcpy(buf + used, "...", 3);
				used += 3;
			}
			break;
		}
		memcpy(buf + used, piece, n);
		used += n;
	}
	buf[used] = '\0';
	return buf;
}
