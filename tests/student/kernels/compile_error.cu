// `stride` is used before it is declared.
#define SECTION_SIZE 16

__global__ void scan(float *X, float *Y, int InputSize)
{
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = X[i] + stride;
    Y[i] = XY[threadIdx.x];
}
