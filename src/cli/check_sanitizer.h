/* check_sanitizer.h - compute-sanitizer's part of `scanviz check`: its
 * lines of the verdict, its --json object, and the hidden command it
 * starts scanviz with. Internal to src/cli; depends on student_check.h. */
#ifndef SCANVIZ_CHECK_SANITIZER_H
#define SCANVIZ_CHECK_SANITIZER_H

#include <stdbool.h>

#include "student_check.h"

/* One line per hazard found, "no hazards" per tool that found none, or
 * why it did not run (never nothing, on the GPU). */
void check_sanitizer_print_text(const char *path,
                                const struct student_check *c);
/* ,"sanitizer":{"racecheck":{...},"synccheck":{...}} */
void check_sanitizer_print_json(const struct student_check *c);
/* Whether a tool found a hazard; whether both ran and found none. */
bool check_sanitizer_found(const struct student_check *c);
bool check_sanitizer_clean(const struct student_check *c);
/* `s` as a JSON string, quotes included, on stdout (check's --json). */
void check_json_string(const char *s);

#endif
