// Only the lower half of the block reaches the barrier inside the if.
#define SECTION_SIZE 16

__global__ void scan(float *X, float *Y, int InputSize)
{
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = X[i];
    if (threadIdx.x < blockDim.x / 2) {
        __syncthreads();
        if (threadIdx.x >= 1)
            XY[threadIdx.x] += XY[threadIdx.x - 1];
    }
    __syncthreads();
    Y[i] = XY[threadIdx.x];
}
