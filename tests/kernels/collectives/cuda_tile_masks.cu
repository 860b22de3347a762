// Partitioned warps: each lane passes the mask of its own aligned tile of
// 2^k lanes, as cooperative groups' tiled_partition<N> computes it
// (0xffff << (laneid & ~15) for tiles of 16). The masks differ between the
// lanes of the warp, yet each names exactly the lanes that execute the
// operation together: valid, no "argument:" finding. The twins pass masks
// that do not name the lane's own aligned tile. Markers: run-collectives.py.
#define __global__ __attribute__((global))

// Tiles of 16 from tid.x: lanes 0-15 pass 0x0000ffff, lanes 16-31 0xffff0000.
extern "C" __global__ void tile16_tid(float *x)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	unsigned lane = t & 31;
	unsigned mask = 0xffffu << (lane & 16);
	float v = x[t];
	v += __nvvm_shfl_sync_down_f32(mask, v, 1, 0x101f); // collective: ok
	x[t] = v;
}

// Tiles of 8 from the lane index, as tiled_partition<8> builds them.
extern "C" __global__ void tile8_laneid(float *x)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	unsigned mask = 0xffu << (__nvvm_read_ptx_sreg_laneid() & ~7u);
	float v = x[t];
	for (int d = 4; d > 0; d /= 2)
		v += __nvvm_shfl_sync_bfly_f32(mask, v, d, 0x181f); // collective: ok
	x[t] = v;
}

// Tiles of 4 from tid.x % 32, a vote and a ballot per tile.
extern "C" __global__ void tile4_vote(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	unsigned mask = 0xfu << ((t % 32) / 4 * 4);
	int all = __nvvm_vote_all_sync(mask, in[t] > 0); // collective: ok
	unsigned b = __nvvm_vote_ballot_sync(mask, in[t] > 1); // collective: ok
	out[t] = all + (int)b;
}

// Twin: tiles of 16 placed by bit 3 of the lane: lane 8 passes lanes
// 8-23, lane 0 lanes 0-15. Invalid.
extern "C" __global__ void tile16_misplaced(float *x)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	unsigned mask = 0xffffu << (t & 8);
	float v = x[t];
	v += __nvvm_shfl_sync_down_f32(mask, v, 1, 0x101f); // collective: ok // argument: divergent on threadIdx.x
	x[t] = v;
}

// Twin: a tile of 8 lanes under a mask of 16 (lane 8 is named by lanes
// 0-7 but passes another mask). Invalid.
extern "C" __global__ void tile_size_mismatch(float *x)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	unsigned mask = 0xffffu << ((t & 31) & ~7u);
	float v = x[t];
	v += __nvvm_shfl_sync_down_f32(mask, v, 1, 0x181f); // collective: ok // argument: divergent on threadIdx.x
	x[t] = v;
}

// Twin: each lane names its tile but not itself (the tile after its own).
// Invalid.
extern "C" __global__ void tile_not_own(float *x)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	unsigned mask = 0xffu << (((t & 31) + 8) & 24);
	float v = x[t];
	v += __nvvm_shfl_sync_down_f32(mask, v, 1, 0x181f); // collective: ok // argument: divergent on threadIdx.x
	x[t] = v;
}

// Tiles of 16 chosen by ?: between constants: valid; its twin chooses by
// bit 3, so lanes 8-15 pass the upper half. Invalid.
extern "C" __global__ void tile16_select(float *x)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	unsigned mask = (t & 16) ? 0xffff0000u : 0x0000ffffu;
	unsigned bad = (t & 8) ? 0xffff0000u : 0x0000ffffu;
	float v = x[t];
	v += __nvvm_shfl_sync_down_f32(mask, v, 1, 0x101f); // collective: ok
	v += __nvvm_shfl_sync_down_f32(bad, v, 1, 0x101f); // collective: ok // argument: divergent on threadIdx.x
	x[t] = v;
}

// labeled_partition, by hand: the lanes holding one label name each other
// (__match_any_sync), and each passes its own group's mask. Valid.
extern "C" __global__ void labeled(float *x, const int *label)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	unsigned group = __nvvm_match_any_sync_i32(0xffffffffu, label[t]); // collective: ok
	float v = x[t];
	v += __nvvm_shfl_sync_idx_f32(group, v, 0, 0x1f); // collective: ok
	x[t] = v;
}

// The block's size and the thread's rank in it, as cooperative groups
// compute size() and thread_rank() (macros: the warp's view evaluates a
// mask within its function, so a rank returned by a helper that is not
// inlined, as at -O0, would be a call's result to it).
#define BLOCK_SIZE()                                                                       \
	(__nvvm_read_ptx_sreg_ntid_x() * __nvvm_read_ptx_sreg_ntid_y() *                   \
	 __nvvm_read_ptx_sreg_ntid_z())
#define BLOCK_RANK()                                                                       \
	((__nvvm_read_ptx_sreg_tid_z() * __nvvm_read_ptx_sreg_ntid_y() +                   \
	  __nvvm_read_ptx_sreg_tid_y()) *                                                  \
		 __nvvm_read_ptx_sreg_ntid_x() +                                           \
	 __nvvm_read_ptx_sreg_tid_x())

// Tiles of 16 as tiled_partition(block, 16) makes them at run time: the
// mask is 0xffffffff >> (32 - len) << (laneid & ~15), len = min(size() -
// (rank & ~15), 16) (min as the toolkit's: llvm.umin at every level; a ?:
// is a branch at -O0, which the warp's view does not evaluate). When the block's x size is a whole number of warps
// (assumed here), size() - (rank & ~15) is at least 16: each lane's
// aligned half of the warp. Valid.
extern "C" __global__ void tile16_dynamic(float *x)
{
	unsigned rank = BLOCK_RANK(), left = BLOCK_SIZE() - (rank & ~15u);
	unsigned len = __builtin_elementwise_min(left, 16u);
	unsigned mask = (0xffffffffu >> (32 - len)) << (__nvvm_read_ptx_sreg_laneid() & ~15u);
	float v = x[rank];
	v += __nvvm_shfl_sync_down_f32(mask, v, 1, 0x101f); // collective: ok
	x[rank] = v;
}

// Twin: the length from a count the caller gives, not the block's size:
// n - (rank & ~15) may be less than 16 in some tiles and not in others of
// the same warp. Invalid.
extern "C" __global__ void tile16_dynamic_count(float *x, unsigned n)
{
	unsigned rank = BLOCK_RANK(), left = n - (rank & ~15u);
	unsigned len = __builtin_elementwise_min(left, 16u);
	unsigned mask = (0xffffffffu >> (32 - len)) << (__nvvm_read_ptx_sreg_laneid() & ~15u);
	float v = x[rank];
	v += __nvvm_shfl_sync_down_f32(mask, v, 1, 0x101f); // collective: ok // argument: divergent
	x[rank] = v;
}

// Tiles of 16 from a signed lane, as CUB computes its shuffles' mask:
// lane / 16 * 16 of an int (a signed division; the lane is never
// negative). Valid.
extern "C" __global__ void tile16_signed(float *x)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int lane = (int)__nvvm_read_ptx_sreg_laneid();
	unsigned mask = 0xffffu << (lane / 16 * 16);
	float v = x[t];
	v += __nvvm_shfl_sync_down_f32(mask, v, 1, 0x101f); // collective: ok
	x[t] = v;
}

// A helper that is not inlined at any level: with calls in the module,
// each kernel is judged in its calling contexts, where the tile's mask the
// kernel computes itself must still be found to be one.
static __attribute__((device, noinline)) float warp_sum(float v)
{
	for (int d = 16; d > 0; d /= 2)
		v += __nvvm_shfl_sync_down_f32(0xffffffffu, v, d, 0x1f); // collective: ok
	return v;
}

extern "C" __global__ void tile16_and_call(float *x)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	unsigned mask = 0xffffu << (t & 16);
	float v = x[t];
	v += __nvvm_shfl_sync_down_f32(mask, v, 1, 0x101f); // collective: ok
	x[t] = warp_sum(v); // collective: ok
}
