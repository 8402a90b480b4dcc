/* output.c - the table of outputs by name. Depends on output.h; each entry
 * is defined in its own file (out_text.c, out_json.c, ...). */
#include "output.h"

#include <stdio.h>
#include <string.h>

static const struct output *const outputs[] = {
	&out_text, &out_json, &out_bin, &out_perfetto, &out_banks,
};

size_t out_count(void)
{
	return sizeof(outputs) / sizeof(outputs[0]);
}

const struct output *out_at(size_t i)
{
	return i < out_count() ? outputs[i] : NULL;
}

const struct output *out_find(const char *name)
{
	for (size_t i = 0; name && i < out_count(); i++)
		if (strcmp(outputs[i]->name, name) == 0)
			return outputs[i];
	return NULL;
}

void out_list_names(char *buf, size_t size)
{
	size_t used = 0, n = out_count();
	if (size)
		buf[0] = '\0';
	for (size_t i = 0; i < n && used < size; i++) {
		const char *sep = i == 0 ? "" : i + 1 == n ? " or " : ", ";
		int w = snprintf(buf + used, size - used, "%s%s", sep,
		                 outputs[i]->name);
		if (w < 0)
			break;
		used += (size_t)w;
	}
}
