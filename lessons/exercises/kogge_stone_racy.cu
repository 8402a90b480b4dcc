// The simple scan as section 9.2 prints it: XY updated in place with one
// barrier per iteration, and a loop bound that depends on threadIdx.x.
// It has a race. Fix it until `scanviz check` says RIGHT.
#define SECTION_SIZE 16

__global__ void Kogge_Stone_scan_kernel(float *X, float *Y, int InputSize)
{
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < InputSize) {
        XY[threadIdx.x] = X[i];
    }
    // the code below performs iterative scan on XY
    for (unsigned int stride = 1; stride <= threadIdx.x; stride *= 2) {
        __syncthreads();
        XY[threadIdx.x] += XY[threadIdx.x - stride];
    }
    Y[i] = XY[threadIdx.x];
}
