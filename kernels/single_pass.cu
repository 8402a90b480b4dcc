/* single_pass.cu - a scan of any length in one pass over memory: the
 * decoupled look-back (Merrill and Garland, "Single-pass Parallel Prefix
 * Scan with Decoupled Look-back", 2016). The hierarchical scan of section
 * 9.5 reads and writes the array twice (kernel 1, then kernel 3); here each
 * element is read once and written once, so the scan can run near the
 * speed of a copy. One block scans one tile; its parts, in the order a
 * tile meets them:
 *
 *   1. a tile counter hands out tiles in order, so every tile a block waits
 *      for is already held by a running block (no deadlock, whatever order
 *      the hardware starts blocks in);
 *   2. the tile comes in with 16-byte accesses, coalesced: half of it into
 *      registers, half into shared memory (see below);
 *   3. each warp scans its stretch of the register half with warp
 *      shuffles, and sums its stretch of the shared half;
 *   4. a scan of those stretch totals gives the tile's own sum (its
 *      aggregate), which the tile publishes with status AGGREGATE;
 *   5. one warp looks back over its predecessors' descriptors, 32 at a
 *      time, adding aggregates until it meets a tile that published its
 *      inclusive PREFIX; it then publishes the tile's own PREFIX, so its
 *      successors need look no further;
 *   6. every warp adds what comes before its stretches, scans the parked
 *      one, and stores both.
 *
 * Why half in shared memory: a tile cannot be stored before part 5 is
 * done, and part 5 waits on the tiles that started just before it, so
 * every tile stays on chip for the memory's latency plus that wait. What a
 * multiprocessor can keep in flight is the tiles it holds, and registers
 * alone cap that; parking half of each tile in shared memory (cp.async, no
 * registers involved) lets each multiprocessor hold about twice as many.
 *
 * Why the tile's shape is a template parameter: large arrays want large
 * tiles (16,384 elements: the most bytes held per multiprocessor), small
 * ones want small tiles (1,024 to 4,096), so that more blocks share the
 * work and the one block of a one-tile array finishes sooner; such a
 * launch also skips the tile counter. The launcher picks the shape by n
 * (gpu_single_pass_create in src/gpu/gpu_kernels.cu; the measurements are
 * in docs/bench.md).
 *
 * Why a second kernel for large arrays: with thousands of tiles, a block
 * that holds its tile while it looks back leaves the memory idle for that
 * wait. single_pass_scan_persistent keeps a fixed set of blocks, each
 * looking back at its previous tile while its next one lands (its comment
 * gives the order); it wins from about 2^23 elements on, and loses below,
 * where there are too few tiles to keep every block busy.
 *
 *   single_pass_scan<WARPS, VECS, MIN_BLOCKS>   one block a tile
 *   single_pass_scan_persistent<WARPS, VECS, MIN_BLOCKS>
 *                                              as many blocks as fit
 *
 * Plain CUDA: its registry row (kernels.def) says it is not traceable, so
 * only the GPU's untraced build has it, and it takes its own parameters
 * rather than SCAN_PARAMS. Depends on nothing else. */

/* The shape of a tile, template parameters of the functions below: WARPS
 * warps of 32 lanes, each lane holding VECS float4 vectors (4 x VECS floats)
 * of the warp's stretch. The tile is 2 x WARPS stretches: warp w holds
 * stretch w in registers and parks stretch WARPS + w in shared memory. */
#define SINGLE_PASS_STRETCH(VECS) (32u * (VECS)*4u)
#define SINGLE_PASS_TILE(WARPS, VECS) (2u * (WARPS)*SINGLE_PASS_STRETCH(VECS))

/* What a tile's descriptor says. NOT_READY is also what any descriptor left
 * by an earlier launch reads as (see single_pass_status). */
#define SINGLE_PASS_NOT_READY 0u
#define SINGLE_PASS_AGGREGATE 1u /* the value is the tile's own sum */
#define SINGLE_PASS_PREFIX 2u    /* the value is the sum through the tile */

#define SINGLE_PASS_FULL_MASK 0xffffffffu

/* A descriptor is one 64-bit word, so a status and its value are written and
 * read together: no reader can see a new status with an old value, and no
 * memory fence is needed between them. High half: the launch's epoch times
 * four plus the status; low half: the value's bits. The host passes a new
 * epoch to every launch, so the descriptors need no clearing between
 * launches: one from an older launch has the wrong epoch, so it reads as
 * NOT_READY. */
__device__ static unsigned long long
single_pass_pack(unsigned int epoch, unsigned int status, float value)
{
	unsigned long long high = (epoch << 2) | status;
	return (high << 32) | __float_as_uint(value);
}

__device__ static unsigned int single_pass_status(unsigned long long d,
                                                  unsigned int epoch)
{
	unsigned int high = (unsigned int)(d >> 32);
	return (high >> 2) == epoch ? (high & 3u) : SINGLE_PASS_NOT_READY;
}

__device__ static float single_pass_value(unsigned long long d)
{
	return __uint_as_float((unsigned int)d);
}

/* Descriptors go through volatile accesses: each load really reaches the
 * memory system (the L2, where all blocks meet) instead of a register that
 * the compiler kept from the previous iteration of a wait loop. */
__device__ static void single_pass_publish(unsigned long long *state,
                                           unsigned int tile,
                                           unsigned long long d)
{
	*(volatile unsigned long long *)&state[tile] = d;
}

__device__ static unsigned long long
single_pass_read(const unsigned long long *state, unsigned int tile)
{
	return *(const volatile unsigned long long *)&state[tile];
}

/* Inclusive scan of one value per lane across the warp: the Kogge-Stone
 * pattern of section 9.2, with registers and shuffles in place of XY and
 * barriers (a warp's lanes run in step within one shuffle). */
__device__ static float single_pass_warp_scan(float v, unsigned int lane)
{
	for (unsigned int stride = 1; stride < 32; stride *= 2) {
		float left = __shfl_up_sync(SINGLE_PASS_FULL_MASK, v, stride);
		if (lane >= stride)
			v += left;
	}
	return v;
}

/* The sum of one value per lane, which every lane receives. */
__device__ static float single_pass_warp_sum(float v)
{
	for (unsigned int stride = 16; stride > 0; stride /= 2)
		v += __shfl_xor_sync(SINGLE_PASS_FULL_MASK, v, stride);
	return v;
}

/* Part 5, run by one whole warp: the sum of every element before `tile`.
 * Lane l reads the descriptor of tile - 1 - l, so lane 0 holds the nearest
 * predecessor. The window is done when its nearest PREFIX has only
 * published tiles before it (lanes below it): that prefix and the
 * aggregates between it and the tile are the answer. When the window holds
 * no PREFIX but every tile in it has published, the warp adds all 32
 * aggregates and moves 32 tiles further back. Otherwise it reads again.
 * Tile 0 publishes a PREFIX at once, so the walk ends. */
__device__ static float single_pass_look_back(const unsigned long long *state,
                                              unsigned int tile,
                                              unsigned int epoch,
                                              unsigned int lane)
{
	float exclusive = 0.0f;
	int pred = (int)tile - 1 - (int)lane;
	for (;;) {
		/* a lane past tile 0 stands for an empty prefix */
		unsigned long long d =
			pred >= 0 ? single_pass_read(state, (unsigned int)pred)
				  : single_pass_pack(epoch, SINGLE_PASS_PREFIX,
		                                     0.0f);
		unsigned int status = single_pass_status(d, epoch);
		unsigned int waiting = __ballot_sync(
			SINGLE_PASS_FULL_MASK, status == SINGLE_PASS_NOT_READY);
		unsigned int prefixes = __ballot_sync(
			SINGLE_PASS_FULL_MASK, status == SINGLE_PASS_PREFIX);
		/* lowest set bit: the nearest such tile (2^32 when none) */
		unsigned long long first_waiting =
			waiting ? waiting & -waiting : 1ull << 32;
		unsigned int first_prefix = prefixes & -prefixes;
		float value = single_pass_value(d);
		if (first_prefix != 0 && first_prefix < first_waiting) {
			if ((1ull << lane) > first_prefix)
				value = 0.0f; /* already inside the nearest prefix */
			return exclusive + single_pass_warp_sum(value);
		}
		if (waiting == 0) {
			exclusive += single_pass_warp_sum(value);
			pred -= 32;
		}
	}
}

/* Part 2, registers: the stretch at element `first` into v. Vector k of a
 * lane holds the four elements at (k * 32 + lane) * 4 of the stretch, so
 * each load instruction of the warp reads 512 consecutive bytes. A stretch
 * that runs past n loads element by element, 0 (the identity) past n. */
template <unsigned int VECS>
__device__ static void single_pass_load(const float *X, unsigned int n,
                                        size_t first, unsigned int lane,
                                        float4 v[VECS])
{
	bool full = first + SINGLE_PASS_STRETCH(VECS) <= n;
#pragma unroll
	for (unsigned int k = 0; k < VECS; k++) {
		size_t i = first + (k * 32u + lane) * 4u;
		if (full) {
			/* read once: let it leave the cache first */
			v[k] = __ldcs((const float4 *)&X[i]);
		} else {
			v[k].x = i + 0 < n ? X[i + 0] : 0.0f;
			v[k].y = i + 1 < n ? X[i + 1] : 0.0f;
			v[k].z = i + 2 < n ? X[i + 2] : 0.0f;
			v[k].w = i + 3 < n ? X[i + 3] : 0.0f;
		}
	}
}

/* Part 2, shared memory: starts copying the stretch at element `first`
 * into `park`, in the same layout as the registers (vector k * 32 + lane
 * is this lane's). cp.async (sm_80 and up) copies global to shared memory
 * without passing through registers. A vector that runs past n goes
 * through registers instead, element by element, 0 past n: cp.async would
 * copy all 16 bytes. */
template <unsigned int VECS>
__device__ static void single_pass_park(const float *X, unsigned int n,
                                        size_t first, unsigned int lane,
                                        float4 *park)
{
#pragma unroll
	for (unsigned int k = 0; k < VECS; k++) {
		size_t i = first + (k * 32u + lane) * 4u;
		float4 *to = &park[k * 32u + lane];
		if (i + 4 <= n) {
			unsigned int dst =
				(unsigned int)__cvta_generic_to_shared(to);
			asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
			             :
			             : "r"(dst), "l"(&X[i])
			             : "memory");
		} else {
			to->x = i + 0 < n ? X[i + 0] : 0.0f;
			to->y = i + 1 < n ? X[i + 1] : 0.0f;
			to->z = i + 2 < n ? X[i + 2] : 0.0f;
			to->w = i + 3 < n ? X[i + 3] : 0.0f;
		}
	}
	asm volatile("cp.async.commit_group;" ::: "memory");
}

/* Waits until this thread's cp.async copies have landed (a thread reads
 * only the vectors it copied itself, so no barrier is needed). */
__device__ static void single_pass_wait_parked(void)
{
	asm volatile("cp.async.wait_group 0;" ::: "memory");
}

/* Part 6: add `offset` to the items and store them where they came from. */
template <unsigned int VECS>
__device__ static void single_pass_store(float *Y, unsigned int n, size_t first,
                                         unsigned int lane, float4 v[VECS],
                                         float offset)
{
	bool full = first + SINGLE_PASS_STRETCH(VECS) <= n;
#pragma unroll
	for (unsigned int k = 0; k < VECS; k++) {
		size_t i = first + (k * 32u + lane) * 4u;
		v[k].x += offset;
		v[k].y += offset;
		v[k].z += offset;
		v[k].w += offset;
		if (full) {
			/* written once, read by no one: no need to keep it */
			__stcs((float4 *)&Y[i], v[k]);
		} else {
			if (i + 0 < n)
				Y[i + 0] = v[k].x;
			if (i + 1 < n)
				Y[i + 1] = v[k].y;
			if (i + 2 < n)
				Y[i + 2] = v[k].z;
			if (i + 3 < n)
				Y[i + 3] = v[k].w;
		}
	}
}

/* Part 3: scans a stretch in v in place and returns its total. Each
 * vector's four elements are scanned in registers, the lanes' vector sums
 * across the warp, and then row k of the stretch (vector k of every lane,
 * 128 elements) is offset by the rows before it. */
template <unsigned int VECS>
__device__ static float single_pass_scan_stretch(float4 v[VECS],
                                                 unsigned int lane)
{
	float lane_before[VECS]; /* row k's elements before lane */
	float row_total[VECS];
#pragma unroll
	for (unsigned int k = 0; k < VECS; k++) {
		v[k].y += v[k].x;
		v[k].z += v[k].y;
		v[k].w += v[k].z;
		float inclusive = single_pass_warp_scan(v[k].w, lane);
		float before =
			__shfl_up_sync(SINGLE_PASS_FULL_MASK, inclusive, 1);
		lane_before[k] = lane == 0 ? 0.0f : before;
		row_total[k] =
			__shfl_sync(SINGLE_PASS_FULL_MASK, inclusive, 31);
	}
	float carry = 0.0f;
#pragma unroll
	for (unsigned int k = 0; k < VECS; k++) {
		float add = carry + lane_before[k];
		v[k].x += add;
		v[k].y += add;
		v[k].z += add;
		v[k].w += add;
		carry += row_total[k];
	}
	return carry;
}

/* Sums the stretch parked in `park` (this lane's vectors); every lane gets
 * the stretch's total. */
template <unsigned int VECS>
__device__ static float single_pass_parked_sum(const float4 *park,
                                               unsigned int lane)
{
	float sum = 0.0f;
#pragma unroll
	for (unsigned int k = 0; k < VECS; k++) {
		float4 q = park[k * 32u + lane];
		sum += (q.x + q.y) + (q.z + q.w);
	}
	return single_pass_warp_sum(sum);
}

/* Scans X[0..n) into Y, inclusive, in tiles of SINGLE_PASS_TILE(WARPS,
 * VECS) elements. Launch with one block of WARPS x 32 threads per tile;
 * MIN_BLOCKS is how many blocks a multiprocessor should hold at once (the
 * register budget the compiler gets is what lets that many fit). X and Y
 * are 16-byte aligned (as cudaMalloc returns them); tile_state holds one
 * descriptor per block; *tile_counter is 0 at launch and is left 0; epoch
 * is in 1..2^30-1 and differs from the epoch of every earlier launch over
 * the same tile_state (which starts zeroed). */
template <unsigned int WARPS, unsigned int VECS, unsigned int MIN_BLOCKS>
__global__ void __launch_bounds__(WARPS * 32u, MIN_BLOCKS)
	single_pass_scan(const float *X, float *Y, unsigned int n,
                         unsigned long long *tile_state,
                         unsigned int *tile_counter, unsigned int epoch)
{
	/* warp 0 scans the 2 x WARPS stretch totals, one a lane */
	static_assert(2u * WARPS <= 32u, "at most 16 warps a block");
	__shared__ float4 parked[WARPS * VECS * 32u];
	__shared__ unsigned int tile_shared;
	__shared__ float stretch_total[2u * WARPS];
	__shared__ float stretch_offset[2u * WARPS];
	unsigned int lane = threadIdx.x % 32u;
	unsigned int warp = threadIdx.x / 32u;

	/* 1. The next tile in order. The block that draws the last tile resets
	 * the counter for the next launch: every other block has drawn by then.
	 * A launch of one block has one tile to draw, and skips the round trip
	 * to the counter and the barrier it needs. */
	unsigned int tile = 0;
	if (gridDim.x > 1) {
		if (threadIdx.x == 0) {
			unsigned int t = atomicAdd(tile_counter, 1u);
			if (t == gridDim.x - 1)
				*tile_counter = 0;
			tile_shared = t;
		}
		__syncthreads();
		tile = tile_shared;
	}
	size_t in_registers = (size_t)tile * SINGLE_PASS_TILE(WARPS, VECS) +
	                      warp * SINGLE_PASS_STRETCH(VECS);
	size_t in_shared = in_registers + WARPS * SINGLE_PASS_STRETCH(VECS);
	float4 *park = parked + warp * VECS * 32u;

	/* 2 and 3: both halves on their way; scan the register stretch while
	 * the parked one lands, then sum the parked one. */
	single_pass_park<VECS>(X, n, in_shared, lane, park);
	float4 v[VECS];
	single_pass_load<VECS>(X, n, in_registers, lane, v);
	float total = single_pass_scan_stretch<VECS>(v, lane);
	single_pass_wait_parked();
	float parked_sum = single_pass_parked_sum<VECS>(park, lane);
	if (lane == 0) {
		stretch_total[warp] = total;
		stretch_total[WARPS + warp] = parked_sum;
	}
	__syncthreads();

	/* 4 and 5, in warp 0: the scan of the stretch totals gives the
	 * aggregate; publish it, look back, publish the inclusive prefix, and
	 * give each stretch the sum of everything before it. Tile 0 has
	 * nothing to look back at; alone in its launch, no one reads it. */
	if (warp == 0) {
		float t = lane < 2u * WARPS ? stretch_total[lane] : 0.0f;
		float inclusive = single_pass_warp_scan(t, lane);
		float aggregate = __shfl_sync(SINGLE_PASS_FULL_MASK, inclusive,
		                              2u * WARPS - 1);
		float exclusive = 0.0f;
		if (tile == 0) {
			if (lane == 0 && gridDim.x > 1)
				single_pass_publish(
					tile_state, tile,
					single_pass_pack(epoch,
				                         SINGLE_PASS_PREFIX,
				                         aggregate));
		} else {
			if (lane == 0)
				single_pass_publish(
					tile_state, tile,
					single_pass_pack(epoch,
				                         SINGLE_PASS_AGGREGATE,
				                         aggregate));
			exclusive = single_pass_look_back(tile_state, tile,
			                                  epoch, lane);
			if (lane == 0)
				single_pass_publish(
					tile_state, tile,
					single_pass_pack(
						epoch, SINGLE_PASS_PREFIX,
						exclusive + aggregate));
		}
		float before =
			__shfl_up_sync(SINGLE_PASS_FULL_MASK, inclusive, 1);
		if (lane < 2u * WARPS)
			stretch_offset[lane] =
				exclusive + (lane == 0 ? 0.0f : before);
	}
	__syncthreads();

	/* 6. Store the register stretch, then scan and store the parked one. */
	single_pass_store<VECS>(Y, n, in_registers, lane, v,
	                        stretch_offset[warp]);
#pragma unroll
	for (unsigned int k = 0; k < VECS; k++)
		v[k] = park[k * 32u + lane];
	single_pass_scan_stretch<VECS>(v, lane);
	single_pass_store<VECS>(Y, n, in_shared, lane, v,
	                        stretch_offset[WARPS + warp]);
}

/* The tile of single_pass_scan_persistent: one stretch a warp, all of it
 * parked in shared memory while it lands. */
#define SINGLE_PASS_PERSISTENT_TILE(WARPS, VECS) \
	((WARPS)*SINGLE_PASS_STRETCH(VECS))

/* The same scan for large arrays, by persistent blocks: as many blocks as
 * the multiprocessors hold at once, each taking tile after tile from the
 * counter. Why: single_pass_scan keeps a tile on chip while it looks back,
 * and once there are thousands of tiles that wait is what keeps it from
 * the copy's speed. Here a block looks back at its previous tile while its
 * next one lands, so the wait overlaps loads that had to be waited for
 * anyway. One pass of a block's loop:
 *
 *   a. draw the next tile and start parking it in shared memory;
 *   b. warp 0 looks back at the previous tile (kept scanned in registers)
 *      and publishes its PREFIX;
 *   c. once the next tile has landed, sum it in shared memory and publish
 *      its AGGREGATE: before any store, so that no tile's aggregate waits
 *      on a store that memory is slow to accept;
 *   d. store the previous tile with its prefix, then take the next tile
 *      into registers and scan it: it is the previous tile of the next
 *      pass.
 *
 * Launch with at most as many blocks as are resident at once (more are
 * correct but idle), WARPS x 32 threads each; the other conditions are
 * single_pass_scan's. */
template <unsigned int WARPS, unsigned int VECS, unsigned int MIN_BLOCKS>
__global__ void __launch_bounds__(WARPS * 32u, MIN_BLOCKS)
	single_pass_scan_persistent(const float *X, float *Y, unsigned int n,
                                    unsigned long long *tile_state,
                                    unsigned int *tile_counter,
                                    unsigned int epoch)
{
	static_assert(WARPS <= 32u, "warp 0 scans one total a warp");
	const unsigned int tile_size = SINGLE_PASS_PERSISTENT_TILE(WARPS, VECS);
	__shared__ float4 parked[WARPS * VECS * 32u];
	__shared__ unsigned int tile_shared;
	__shared__ float previous_exclusive;
	__shared__ float stretch_total[WARPS];
	__shared__ float stretch_offset[WARPS];
	unsigned int lane = threadIdx.x % 32u;
	unsigned int warp = threadIdx.x / 32u;
	unsigned int tiles = (n + tile_size - 1) / tile_size;
	float4 *park = parked + warp * VECS * 32u;
	float4 v[VECS]; /* the previous tile's stretch */
	bool have_previous = false;
	unsigned int previous = 0;
	float previous_offset = 0.0f;    /* its stretch's, within its tile */
	float previous_aggregate = 0.0f; /* in warp 0 */
	for (;;) {
		/* a. Every block draws once past the last tile; the last such
		 * draw resets the counter for the next launch. */
		if (threadIdx.x == 0) {
			unsigned int t = atomicAdd(tile_counter, 1u);
			if (t == tiles + gridDim.x - 1)
				*tile_counter = 0;
			tile_shared = t;
		}
		__syncthreads();
		unsigned int tile = tile_shared;
		bool have_tile = tile < tiles;
		size_t first = (size_t)tile * tile_size +
		               warp * SINGLE_PASS_STRETCH(VECS);
		if (have_tile)
			single_pass_park<VECS>(X, n, first, lane, park);

		/* b. */
		if (have_previous && warp == 0) {
			float exclusive = 0.0f;
			if (previous != 0) {
				exclusive = single_pass_look_back(
					tile_state, previous, epoch, lane);
				if (lane == 0)
					single_pass_publish(
						tile_state, previous,
						single_pass_pack(
							epoch,
							SINGLE_PASS_PREFIX,
							exclusive +
								previous_aggregate));
			}
			if (lane == 0)
				previous_exclusive = exclusive;
		}

		/* c. Tile 0 publishes its sum as its PREFIX at once. */
		if (have_tile) {
			single_pass_wait_parked();
			float sum = single_pass_parked_sum<VECS>(park, lane);
			if (lane == 0)
				stretch_total[warp] = sum;
		}
		__syncthreads();
		if (have_tile && warp == 0) {
			float t = lane < WARPS ? stretch_total[lane] : 0.0f;
			float inclusive = single_pass_warp_scan(t, lane);
			float aggregate = __shfl_sync(SINGLE_PASS_FULL_MASK,
			                              inclusive, WARPS - 1);
			if (lane == 0)
				single_pass_publish(
					tile_state, tile,
					single_pass_pack(
						epoch,
						tile == 0
							? SINGLE_PASS_PREFIX
							: SINGLE_PASS_AGGREGATE,
						aggregate));
			previous_aggregate = aggregate;
			float before = __shfl_up_sync(SINGLE_PASS_FULL_MASK,
			                              inclusive, 1);
			if (lane < WARPS)
				stretch_offset[lane] =
					lane == 0 ? 0.0f : before;
		}
		__syncthreads();

		/* d. */
		if (have_previous) {
			size_t previous_first =
				(size_t)previous * tile_size +
				warp * SINGLE_PASS_STRETCH(VECS);
			single_pass_store<VECS>(Y, n, previous_first, lane, v,
			                        previous_exclusive +
			                                previous_offset);
		}
		if (!have_tile)
			return;
#pragma unroll
		for (unsigned int k = 0; k < VECS; k++)
			v[k] = park[k * 32u + lane];
		single_pass_scan_stretch<VECS>(v, lane);
		previous_offset = stretch_offset[warp];
		have_previous = true;
		previous = tile;
	}
}
