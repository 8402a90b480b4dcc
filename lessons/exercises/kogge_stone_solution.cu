// One fix of kogge_stone_racy.cu: every thread reads into a temporary,
// all wait, then all write; and every thread runs every iteration, so all
// of them reach every __syncthreads().
#define SECTION_SIZE 16

__global__ void Kogge_Stone_scan_kernel(float *X, float *Y, int InputSize)
{
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < InputSize) {
        XY[threadIdx.x] = X[i];
    } else {
        XY[threadIdx.x] = 0.0f;
    }
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp;
        if (threadIdx.x >= stride)
            temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
        __syncthreads();
        if (threadIdx.x >= stride)
            XY[threadIdx.x] = temp;
    }
    __syncthreads();
    if (i < InputSize) {
        Y[i] = XY[threadIdx.x];
    }
}
