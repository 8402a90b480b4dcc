/* emu_kernels.h - the kernels of kernels/ as C functions, by kernel id.
 * Internal to src/emu/. */
#ifndef SCANVIZ_EMU_KERNELS_H
#define SCANVIZ_EMU_KERNELS_H

#include "emu.h"

extern const emu_kernel_fn emu_kernels[SCAN_KERNEL_COUNT];

#endif
