/* emu_kernels.c - the kernel sources of kernels/, compiled as C for the
 * emulator: the same text the GPU runs and the code panel shows.
 * Depends on emu_kernel_api.h and kernels/. */
#include "emu_kernel_api.h"
#include "emu_kernels.h"

#include "kogge_stone.cu"
#include "brent_kung.cu"
#include "hierarchical.cu"
#include "hierarchical_book.cu"
#include "hierarchical_book_bk.cu"

const emu_kernel_fn emu_kernels[SCAN_KERNEL_COUNT] = {
	[SCAN_KERNEL_KOGGE_STONE_BOOK] = kogge_stone_book_scan,
	[SCAN_KERNEL_KOGGE_STONE] = kogge_stone_scan,
	[SCAN_KERNEL_BRENT_KUNG] = brent_kung_scan,
	[SCAN_KERNEL_ADD_BACK] = hierarchical_add_back,
	[SCAN_KERNEL_BOOK_SECTION] = hierarchical_book_scan,
	[SCAN_KERNEL_BOOK_ADD_BACK] = hierarchical_book_add_back,
	[SCAN_KERNEL_BOOK_BK_SECTION] = hierarchical_book_bk_scan,
};
