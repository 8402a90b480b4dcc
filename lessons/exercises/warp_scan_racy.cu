// A warp-shuffle scan of 64 elements, two warps, with each lane's running
// sum in a register (exercise 2's way): each warp scans its 32 elements
// through __shfl_up_sync, then warp 1 adds warp 0's total. It has a race.
// Fix it until `scanviz check` says RIGHT.
#define SECTION_SIZE 64

__global__ void warp_scan(float *X, float *Y, int InputSize)
{
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int lane = threadIdx.x % 32;
    float v = i < InputSize ? X[i] : 0.0f;
    for (unsigned int offset = 1; offset < 32; offset *= 2) {
        float theirs = __shfl_up_sync(0xffffffff, v, offset);
        if (lane >= offset)
            v += theirs;
    }
    XY[threadIdx.x] = v;
    if (threadIdx.x >= 32)
        XY[threadIdx.x] += XY[31];
    __syncthreads();
    if (i < InputSize)
        Y[i] = XY[threadIdx.x];
}
