/* emu_kernels.h - the kernels of kernels/ as C functions, by kernel id.
 * Internal to src/emu/. */
#ifndef SCANVIZ_EMU_KERNELS_H
#define SCANVIZ_EMU_KERNELS_H

#include "scan.h"

typedef void (*emu_kernel_fn)(const float *X, float *Y, float *S,
                              unsigned int InputSize,
                              unsigned int SECTION_SIZE);

extern const emu_kernel_fn emu_kernels[SCAN_KERNEL_COUNT];

#endif
