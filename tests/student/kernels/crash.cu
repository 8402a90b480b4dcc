// Thread 3 writes through a NULL pointer.
#define SECTION_SIZE 16

__global__ void scan(float *X, float *Y, int InputSize)
{
    __shared__ float XY[SECTION_SIZE];
    float *nowhere = 0;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = X[i];
    if (threadIdx.x == 3) *nowhere = XY[threadIdx.x];
    Y[i] = XY[threadIdx.x];
}
