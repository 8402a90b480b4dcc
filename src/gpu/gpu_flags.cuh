/* gpu_flags.cuh - the look-back words' flags on the GPU (PUBLISH and
 * LOOK_BACK of kernels/scan_kernel.h): block b's flag is one 8-byte word
 * at S[2b], the value's bits low and the state high, so that a reader sees
 * a state and its value together, never a new state with an old value.
 * Shared by the traced and the untraced vocabulary. CUDA C++. */
#ifndef SCANVIZ_GPU_FLAGS_CUH
#define SCANVIZ_GPU_FLAGS_CUH

#include <stdint.h>

__device__ __forceinline__ void gpu_flag_publish(float *flags, uint32_t block,
                                                 uint32_t state, float value)
{
	unsigned long long word =
		((unsigned long long)state << 32) | __float_as_uint(value);
	/* volatile: the store goes out to the L2, where every block meets */
	*(volatile unsigned long long *)&flags[2 * (size_t)block] = word;
}

/* One read of block p's flag; volatile, so each read of a wait loop really
 * reaches memory rather than a register kept from the last one. */
__device__ __forceinline__ unsigned long long gpu_flag_read(const float *flags,
                                                            uint32_t block)
{
	return *(const volatile unsigned long long *)&flags[2 * (size_t)block];
}

__device__ __forceinline__ uint32_t gpu_flag_state(unsigned long long word)
{
	return (uint32_t)(word >> 32);
}

__device__ __forceinline__ float gpu_flag_value(unsigned long long word)
{
	return __uint_as_float((uint32_t)word);
}

/* LOOK_BACK untraced: reads until block p has published. */
__device__ __forceinline__ uint32_t gpu_look_back(const float *flags,
                                                  uint32_t block, float *value)
{
	unsigned long long word;
	while (gpu_flag_state(word = gpu_flag_read(flags, block)) == 0)
		;
	*value = gpu_flag_value(word);
	return gpu_flag_state(word);
}

#endif
