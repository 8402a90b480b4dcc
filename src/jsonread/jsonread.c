/* jsonread.c - the JSON path, errors that name it, and the check of an
 * object's keys, shared by the trace and bench results readers. Depends on
 * jsonread.h (cJSON). */
#include "jsonread.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void jsonread_push_key(struct jsonread *r, const char *key)
{
	if (r->depth < JSONREAD_PATH_DEPTH) {
		r->path[r->depth].key = key;
		r->path[r->depth].index = 0;
	}
	r->depth++;
}

void jsonread_push_index(struct jsonread *r, size_t index)
{
	if (r->depth < JSONREAD_PATH_DEPTH) {
		r->path[r->depth].key = NULL;
		r->path[r->depth].index = index;
	}
	r->depth++;
}

void jsonread_pop(struct jsonread *r)
{
	r->depth--;
}

/* Appends to the message, keeping count of what fitted. */
static void add(struct jsonread *r, size_t *len, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

static void add(struct jsonread *r, size_t *len, const char *fmt, ...)
{
	if (*len >= r->err_size)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(r->err + *len, r->err_size - *len, fmt, ap);
	va_end(ap);
	*len += n > 0 ? (size_t)n : 0;
}

int jsonread_fail(struct jsonread *r, const char *fmt, ...)
{
	if (!r->err || !r->err_size)
		return -1;
	size_t len = 0;
	add(r, &len, "%s: ", r->name);
	for (int i = 0; i < r->depth && i < JSONREAD_PATH_DEPTH; i++) {
		if (r->path[i].key)
			add(r, &len, "%s%s", i ? "." : "", r->path[i].key);
		else
			add(r, &len, "[%zu]", r->path[i].index);
	}
	if (r->depth)
		add(r, &len, ": ");
	if (len < r->err_size) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(r->err + len, r->err_size - len, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* Text from the file, made safe for a one-line message. */
static void one_line(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}

const char *jsonread_found(const cJSON *item, char *buf, size_t size)
{
	if (cJSON_IsNumber(item)) {
		snprintf(buf, size, "%.17g", item->valuedouble);
	} else if (cJSON_IsString(item)) {
		size_t len = strlen(item->valuestring);
		snprintf(buf, size, "the string \"%.*s%s\"",
		         len > 24 ? 24 : (int)len, item->valuestring,
		         len > 24 ? "..." : "");
		one_line(buf);
	} else {
		snprintf(buf, size, "%s",
		         cJSON_IsObject(item)  ? "an object"
		         : cJSON_IsArray(item) ? "an array"
		         : cJSON_IsBool(item)  ? "a boolean"
		                               : "null");
	}
	return buf;
}

int jsonread_expected(struct jsonread *r, const cJSON *item, const char *what)
{
	char buf[64];
	return jsonread_fail(r, "expected %s, found %s%s", what,
	                     jsonread_found(item, buf, sizeof(buf)), r->hint);
}

int jsonread_fields(struct jsonread *r, const cJSON *obj,
                    const char *const *names, int count, unsigned optional,
                    const cJSON **out)
{
	if (!cJSON_IsObject(obj))
		return jsonread_expected(r, obj, "an object");
	for (int i = 0; i < count; i++)
		out[i] = NULL;
	for (const cJSON *c = obj->child; c; c = c->next) {
		int i = 0;
		while (i < count && strcmp(names[i], c->string) != 0)
			i++;
		char key[48];
		snprintf(key, sizeof(key), "%s", c->string);
		one_line(key);
		/* A reader accepts exactly its own format, so a key it does
		 * not know is a file from another version. */
		if (i == count)
			return jsonread_fail(
				r,
				"unknown key \"%s\"; this scanviz reads %s%s",
				key, r->format, r->hint);
		if (out[i])
			return jsonread_fail(r, "%s \"%s\" appears twice%s",
			                     r->key_word, key, r->hint);
		out[i] = c;
	}
	for (int i = 0; i < count; i++)
		if (!out[i] && !(optional >> i & 1))
			return jsonread_fail(r, "the key \"%s\" is missing%s",
			                     names[i], r->hint);
	return 0;
}
