/* kernel_sources.h - the text of the files of kernels/ that hold a
 * traceable kernel of kernels.def, built into the program
 * (kernel_sources.c is written at build time by kernel_files.py), so that
 * the code panel reads no file at run time. Plain C; depends on nothing. */
#ifndef SCANVIZ_KERNEL_SOURCES_H
#define SCANVIZ_KERNEL_SOURCES_H

#include <stddef.h>

/* The name of file i ("kogge_stone.cu"), in the registry's order, or NULL
 * past the last one. */
const char *kernel_source_name(size_t i);
/* The whole text of kernels/`file`, NUL-terminated and static, or NULL
 * when it is not one of them. */
const char *kernel_source_text(const char *file);

#endif
