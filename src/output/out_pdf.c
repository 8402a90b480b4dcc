/* out_pdf.c - the PDF row of the image outputs: one scene as a vector page
 * with real text (cairo, src/export/pdf.c, in the export module loaded on
 * first use), for LaTeX Beamer slides. Depends on image_output.h and, when
 * the export layer has cairo (SCANVIZ_HAVE_PDF_EXPORT), export_module.h. */
#include "image_output.h"

#ifdef SCANVIZ_HAVE_PDF_EXPORT
#include "export_module.h"

static int write_pdf(const struct scene *s, struct render_fonts *fonts, FILE *f,
                     const char *name, char *err, size_t err_size)
{
	const struct export_module *m = export_module_load(err, err_size);
	return m ? m->pdf_write_stream(s, fonts, f, name, err, err_size) : -1;
}

const struct image_output out_pdf = {
	.name = "pdf",
	.extension = ".pdf",
	.needs_fonts = true,
	.write = write_pdf,
	.load = export_module_ready,
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
