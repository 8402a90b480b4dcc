/* module_table.c - the one symbol the export module exports (module.map
 * hides the rest): its writers, for export_module_load. Depends on
 * export_module.h and config.h. */
#include "export_module.h"

#include "config.h"

const struct export_module export_module_table = {
	.version = SCANVIZ_VERSION,
#ifdef SCANVIZ_HAVE_VIDEO_EXPORT
	.animation_write = export_animation_write,
#endif
#ifdef SCANVIZ_HAVE_PDF_EXPORT
	.pdf_write_stream = export_pdf_write_stream,
#endif
};
