// The scan of arbitrary length of section 9.5 (Figure 9.10): kernel 1
// scans each section and writes its sum to S; kernel 2 is kernel 1 again
// over S; kernel 3 adds the sum of the sections before to each section.
#define SECTION_SIZE 4

__global__ void section_scan(float *X, float *Y, int InputSize, float *S)
{
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < InputSize)
        XY[threadIdx.x] = X[i];
    else
        XY[threadIdx.x] = 0.0f;
    for (unsigned int stride = 1; stride < SECTION_SIZE; stride *= 2) {
        __syncthreads();
        float temp;
        if (threadIdx.x >= stride)
            temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
        __syncthreads();
        if (threadIdx.x >= stride)
            XY[threadIdx.x] = temp;
    }
    __syncthreads();
    if (i < InputSize)
        Y[i] = XY[threadIdx.x];
    if (threadIdx.x == blockDim.x - 1)
        S[blockIdx.x] = XY[SECTION_SIZE - 1];
}

// Block b adds the scanned sum of blocks 0..b-1, which is S[b - 1].
__global__ void add_back(float *Y, float *S, int InputSize)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x > 0 && i < InputSize)
        Y[i] += S[blockIdx.x - 1];
}
