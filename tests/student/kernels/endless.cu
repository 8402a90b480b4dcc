// The loop's stride never grows, so the loop never ends.
#define SECTION_SIZE 16

__global__ void scan(float *X, float *Y, int InputSize)
{
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = X[i];
    for (unsigned int stride = 1; stride < blockDim.x; stride * 2) {
        float v = XY[threadIdx.x];
        Y[i] = v;
    }
}
