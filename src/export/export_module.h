/* export_module.h - the encoders and the PDF writer as a module the program
 * loads the first time it writes such a file, so that FFmpeg and cairo
 * (with their libraries, about 160 of them) are mapped only by a run that
 * needs them. The module exports one table; the program finds the module
 * and checks that it comes from the same build. Depends on export.h. */
#ifndef SCANVIZ_EXPORT_MODULE_H
#define SCANVIZ_EXPORT_MODULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "export.h"

/* The module's file name, and the name of the one symbol it exports. */
#define EXPORT_MODULE_FILE "scanviz-export.so"
#define EXPORT_MODULE_TABLE "export_module_table"

/* What the module offers: export.h's writers, NULL where the module was
 * built without their library. */
struct export_module {
	const char *version; /* SCANVIZ_VERSION of the build that made it */
	/* export_animation_write (FFmpeg) */
	enum export_status (*animation_write)(
		const struct export_frames_request *rq,
		enum export_video_format fmt, const char *path,
		export_progress_fn *progress, void *progress_ctx, char *err,
		size_t err_size);
	/* export_pdf_write_stream (cairo) */
	int (*pdf_write_stream)(const struct scene *s,
	                        struct render_fonts *fonts, FILE *f,
	                        const char *name, char *err, size_t err_size);
};

/* Loads the module the first time and returns its table (the same table
 * on later calls; never unloaded). It is looked for in the build tree
 * when the program runs from there, else relative to the program
 * (EXPORT_MODULE_FROM_BINDIR), else in the configured folder
 * (EXPORT_MODULE_INSTALL_DIR). Returns NULL with one line in err ("PATH:
 * what is wrong; what to do") when the module or one of its libraries is
 * missing, or when it comes from another build or lacks a writer this
 * build has. */
const struct export_module *export_module_load(char *err, size_t err_size);

/* export_module_load() as a yes or no, for image_output's `load`. */
bool export_module_ready(char *err, size_t err_size);

#endif
