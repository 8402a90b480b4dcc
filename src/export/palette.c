/* palette.c - a GIF's 256 colours for a figure: a scene paints a few flat
 * colours and the antialiased blends between them, so the colours are
 * picked greedily by how many pixels they cover times how far they lie
 * from the colours already picked. The flat colours (most of the pixels)
 * come first and stay exact; the remaining entries spread over the
 * blends. No dithering: flat areas stay flat. Plain C; depends on
 * export.h and palette.h. */
#include "palette.h"

#include <stdlib.h>
#include <string.h>

/* Pixels mapped to an index, remembered (direct-mapped, by colour). */
#define CACHE_BITS 16

struct export_palette {
	/* the histogram: open addressing, key 0 free (keys are RGB | 1 << 24) */
	uint32_t *keys;
	uint64_t *counts;
	size_t cap, used;
	uint32_t colors[256]; /* ARGB; EXPORT_PALETTE_CLEAR is transparent */
	int n;
	uint32_t cache_key[1u << CACHE_BITS]; /* RGB | 1 << 24; 0 empty */
	uint8_t cache_index[1u << CACHE_BITS];
};

static size_t slot_of(uint32_t key, size_t cap)
{
	return (size_t)((key * 2654435761u) & (uint32_t)(cap - 1));
}

static bool grow(struct export_palette *p)
{
	size_t cap = p->cap ? p->cap * 2 : 4096;
	uint32_t *keys = calloc(cap, sizeof(*keys));
	uint64_t *counts = calloc(cap, sizeof(*counts));
	if (!keys || !counts) {
		free(keys);
		free(counts);
		return false;
	}
	for (size_t i = 0; i < p->cap; i++) {
		if (!p->keys[i])
			continue;
		size_t s = slot_of(p->keys[i], cap);
		while (keys[s])
			s = (s + 1) & (cap - 1);
		keys[s] = p->keys[i];
		counts[s] = p->counts[i];
	}
	free(p->keys);
	free(p->counts);
	p->keys = keys;
	p->counts = counts;
	p->cap = cap;
	return true;
}

struct export_palette *export_palette_create(void)
{
	struct export_palette *p = calloc(1, sizeof(*p));
	if (p && !grow(p)) {
		free(p);
		return NULL;
	}
	return p;
}

void export_palette_destroy(struct export_palette *p)
{
	if (!p)
		return;
	free(p->keys);
	free(p->counts);
	free(p);
}

/* Adds `run` pixels of colour key. */
static bool count(struct export_palette *p, uint32_t key, uint64_t run)
{
	if (2 * (p->used + 1) > p->cap && !grow(p))
		return false;
	size_t s = slot_of(key, p->cap);
	while (p->keys[s] && p->keys[s] != key)
		s = (s + 1) & (p->cap - 1);
	if (!p->keys[s]) {
		p->keys[s] = key;
		p->used++;
	}
	p->counts[s] += run;
	return true;
}

bool export_palette_sample(struct export_palette *p, const uint32_t *pixels,
                           int w, int h, int pitch_words)
{
	for (int y = 0; y < h; y++) {
		const uint32_t *row = pixels + (size_t)y * (size_t)pitch_words;
		/* runs of one colour are counted at once: most of a row is */
		int x = 0;
		while (x < w) {
			uint32_t c = row[x] & 0xFFFFFFu;
			int end = x + 1;
			while (end < w && (row[end] & 0xFFFFFFu) == c)
				end++;
			if (!count(p, c | 1u << 24, (uint64_t)(end - x)))
				return false;
			x = end;
		}
	}
	return true;
}

static uint32_t dist2(uint32_t a, uint32_t b)
{
	int dr = (int)(a >> 16 & 0xFF) - (int)(b >> 16 & 0xFF);
	int dg = (int)(a >> 8 & 0xFF) - (int)(b >> 8 & 0xFF);
	int db = (int)(a & 0xFF) - (int)(b & 0xFF);
	return (uint32_t)(dr * dr + dg * dg + db * db);
}

bool export_palette_choose(struct export_palette *p)
{
	/* the distance of each sampled colour to the nearest one picked */
	uint32_t *near = malloc(p->cap * sizeof(*near));
	if (!near)
		return false;
	p->n = 0;
	while (p->n < EXPORT_PALETTE_CLEAR) {
		size_t best = p->cap;
		double best_score = 0;
		for (size_t i = 0; i < p->cap; i++) {
			if (!p->keys[i])
				continue;
			double d = p->n == 0 ? 1.0 : (double)near[i];
			if ((double)p->counts[i] * d > best_score) {
				best_score = (double)p->counts[i] * d;
				best = i;
			}
		}
		if (best == p->cap)
			break; /* every sampled colour is in */
		uint32_t c = p->keys[best] & 0xFFFFFFu;
		p->colors[p->n++] = 0xFF000000u | c;
		for (size_t i = 0; i < p->cap; i++) {
			uint32_t d = dist2(p->keys[i], c);
			if (p->keys[i] && (p->n == 1 || d < near[i]))
				near[i] = d;
		}
	}
	free(near);
	for (int i = p->n; i < 256; i++)
		p->colors[i] = p->n ? p->colors[0] : 0xFF000000u;
	p->colors[EXPORT_PALETTE_CLEAR] = 0;
	memset(p->cache_key, 0, sizeof(p->cache_key));
	return true;
}

const uint32_t *export_palette_colors(const struct export_palette *p)
{
	return p->colors;
}

uint8_t export_palette_index(struct export_palette *p, uint32_t argb)
{
	uint32_t key = (argb & 0xFFFFFFu) | 1u << 24;
	uint32_t slot = (key * 2654435761u) >> (32 - CACHE_BITS);
	if (p->cache_key[slot] == key)
		return p->cache_index[slot];
	int best = 0;
	uint32_t best_d = UINT32_MAX;
	for (int i = 0; i < p->n && best_d; i++) {
		uint32_t d = dist2(p->colors[i], argb);
		if (d < best_d) {
			best_d = d;
			best = i;
		}
	}
	p->cache_key[slot] = key;
	p->cache_index[slot] = (uint8_t)best;
	return (uint8_t)best;
}
