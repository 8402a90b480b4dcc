/* stdint.h for NVRTC, which has no C library headers: the fixed-width
 * types of the 64-bit ABI the host was built for (gpu_trace_buf.h). */
#ifndef SCANVIZ_NVRTC_STDINT_H
#define SCANVIZ_NVRTC_STDINT_H
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long long int64_t;
typedef unsigned long long uint64_t;
#define UINT32_MAX 0xffffffffu
#endif
