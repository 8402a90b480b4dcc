/* trace_json_float.h - private to the JSON writer: a finite float as the
 * shortest decimal of printf's %.6g..%.9g that reads back to it.
 * Plain C; no dependencies. */
#ifndef SCANVIZ_TRACE_JSON_FLOAT_H
#define SCANVIZ_TRACE_JSON_FLOAT_H

#include <stddef.h>

/* Longest text trace_json_float_format() writes: "-1.17549435e-38". */
#define TRACE_JSON_FLOAT_MAX 16

/* Writes finite `x` to `dst` (TRACE_JSON_FLOAT_MAX bytes, no NUL) exactly
 * as the first of printf("%.6g") .. printf("%.9g") that strtod() reads back
 * (cast to float, as the reader does) to the same bits, but with '.' as the
 * decimal point whatever the locale. `point` is the locale's decimal point,
 * which strtod() expects. Returns the length. */
size_t trace_json_float_format(float x, char point, char *dst);

#endif
