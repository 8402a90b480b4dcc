// lessons/exercises/warp_scan_solution.cu without the lane test: lanes
// below the offset get their own value back from __shfl_up_sync and add
// it to itself.
#define SECTION_SIZE 64

__global__ void warp_scan(float *X, float *Y, int InputSize)
{
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int lane = threadIdx.x % 32;
    float v = i < InputSize ? X[i] : 0.0f;
    for (unsigned int offset = 1; offset < 32; offset *= 2) {
        float theirs = __shfl_up_sync(0xffffffff, v, offset);
        v += theirs;
    }
    XY[threadIdx.x] = v;
    __syncthreads();
    if (threadIdx.x >= 32)
        XY[threadIdx.x] += XY[31];
    __syncthreads();
    if (i < InputSize)
        Y[i] = XY[threadIdx.x];
}
