/* out_pdf.c - the PDF row of the image outputs: one scene as a vector page
 * with real text (cairo, src/export/pdf.c), for LaTeX Beamer slides.
 * Depends on image_output.h and, when the export layer has cairo
 * (SCANVIZ_HAVE_PDF_EXPORT), export.h. */
#include "image_output.h"

#ifdef SCANVIZ_HAVE_PDF_EXPORT
#include "export.h"

const struct image_output out_pdf = {
	.name = "pdf",
	.extension = ".pdf",
	.needs_fonts = true,
	.write = export_pdf_write_stream,
};
#else
const struct image_output out_pdf = {
	.name = "pdf",
	.extension = ".pdf",
	.needs_fonts = true,
	.missing = "PDF needs cairo: install libcairo2-dev and rebuild "
		   "with -Dcairo=enabled",
};
#endif
