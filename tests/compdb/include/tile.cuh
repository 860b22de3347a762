// What both kernels share; TILE is the project's (CMakeLists.txt).
#ifndef TILE
#error TILE is defined by the project (target_compile_definitions)
#endif

static __device__ __forceinline__ unsigned lane(void)
{
	return threadIdx.x % TILE;
}
