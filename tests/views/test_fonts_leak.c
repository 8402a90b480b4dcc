/* test_fonts_leak.c - finding the fonts leaves nothing behind. Built with
 * LeakSanitizer (meson.build adds -fsanitize=leak to a build that has no
 * sanitizer, AddressSanitizer's includes it), which checks at exit and
 * fails the test with its exit code when a block is lost. fontconfig keeps
 * the configuration it parses until FcFini(): without that call in
 * render_fonts_create (fonts.c) every run lost 288 bytes of it (a 256-byte
 * block and a 32-byte one, allocated while fontconfig's XML parser reads
 * /etc/fonts). Twice, as the benchmark's plots and the tests do, so a
 * second FcInit after FcFini is covered too. Depends on render.h. */
#include <stdio.h>

#include "render.h"

int main(void)
{
	for (int round = 0; round < 2; round++) {
		char err[512];
		struct render_fonts *f = render_fonts_create(err, sizeof(err));
		if (!f) {
			fprintf(stderr, "test_fonts_leak: %s\n", err);
			return 1;
		}
		float w = 0, h = 0;
		const struct scene_text_metrics *m = render_fonts_metrics(f);
		m->measure(m->ctx, SCENE_FONT_MONO, 24, "x0..x15", &w, &h);
		if (w <= 0 || h <= 0) {
			fprintf(stderr, "test_fonts_leak: nothing measured\n");
			render_fonts_destroy(f);
			return 1;
		}
		render_fonts_destroy(f);
	}
	return 0;
}
