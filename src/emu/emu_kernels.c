/* emu_kernels.c - the traceable kernels of kernels/, compiled as C for the
 * emulator: the same text the GPU runs and the code panel shows. The files
 * and the table come from the registry kernels/kernels.def. Depends on
 * emu_kernel_api.h and kernels/ (kernel_files.h is generated). */
#include "emu_kernel_api.h"
#include "emu_kernels.h"

#include "kernel_files.h"

/* Kernels the emulator cannot run (CUDA only) have no entry. */
#define SCAN_EMU_KERNEL_true(FUNCTION) FUNCTION
#define SCAN_EMU_KERNEL_false(FUNCTION) NULL

const emu_kernel_fn emu_kernels[SCAN_KERNEL_COUNT] = {
#define SCAN_KERNEL(ID, FUNCTION, FILE, MAX_SECTION, THREADS, ROLE, STEPS, \
                    TRACEABLE, ...)                                        \
	[SCAN_KERNEL_##ID] = SCAN_EMU_KERNEL_##TRACEABLE(FUNCTION),
#include "kernels.def"
#undef SCAN_KERNEL
};
