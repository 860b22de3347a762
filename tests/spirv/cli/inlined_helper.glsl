// Helpers of inlined.comp, inlined into main by spirv-opt.
void block_sync()
{
	barrier();
}

void stage_sync(uint i)
{
	if (i > 0u)
		block_sync();
}

void lane_sync()
{
	subgroupBarrier();
}
