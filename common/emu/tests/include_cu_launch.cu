/* include_cu_launch.cu: the .cu file that include_cu.cu includes (it has
 * no "run" line: it is not a test of its own). Its launch must be
 * rewritten too, and its lines must keep their own file name. */
__global__ void add_one(int *values)
{
    values[threadIdx.x] += 1;
}

/* launch_add_one: a launch inside the included file. */
static int launch_add_one(int *d_values, int n)
{
    add_one<<<1, n>>>(d_values);
    return (int)cudaGetLastError();
}

static const char *included_file = __FILE__;
static const int included_line = __LINE__; /* line 17 */
