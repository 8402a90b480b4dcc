/* text_quote.h - a value a user typed, made safe to quote in a one-line
 * message: control bytes (a newline, an escape sequence) written as \xNN.
 * Plain C; depends on nothing else of scanviz. */
#ifndef SCANVIZ_TEXT_QUOTE_H
#define SCANVIZ_TEXT_QUOTE_H

#include <stddef.h>

/* Copies s into buf (size bytes, NUL-terminated), every byte below 0x20,
 * and 0x7f as \xNN; bytes of UTF-8 stay as they are.
 * A value that does not fit ends in "...". Returns buf, for use as a
 * printf argument. */
const char *text_quote(const char *s, char *buf, size_t size);

#endif
