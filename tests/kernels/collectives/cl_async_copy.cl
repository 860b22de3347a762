// Asynchronous work-group copies: async_work_group_copy and
// wait_group_events must be reached by every work-item of the work-group
// with the same arguments. Markers: run-collectives.py.

// Issued by one work-item: a well-known bug (the copy is a work-group
// function, not a per-work-item DMA).
kernel void copy_one(global int *out, global const int *in, local int *tmp, int n)
{
	size_t l = get_local_id(0);
	if (l == 0) {
		event_t ev = async_work_group_copy(tmp, in + get_group_id(0) * n, n, 0); // collective: divergent on get_local_id(0)
		wait_group_events(1, &ev); // collective: divergent on get_local_id(0)
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	out[get_global_id(0)] = tmp[l];
}

// Issued by all, each waiting on its own (private) event variable, which
// holds the same event in every work-item.
kernel void copy_all(global int *out, global const int *in, local int *tmp, int n)
{
	size_t l = get_local_id(0);
	event_t ev = async_work_group_copy(tmp, in + get_group_id(0) * n, n, 0); // collective: ok
	wait_group_events(1, &ev); // collective: ok
	out[get_global_id(0)] = tmp[l];
	event_t ev2 = async_work_group_strided_copy(tmp, in + get_group_id(0), n, get_num_groups(0), 0); // collective: ok
	wait_group_events(1, &ev2); // collective: ok
	out[get_global_id(0) + 1] = tmp[l];
}

// Two copies, then each work-item waits for one of them, chosen by its id:
// the event list differs between work-items.
kernel void wait_own_event(global int *out, global const int *in, local int *tmp)
{
	size_t l = get_local_id(0);
	event_t events[2];
	events[0] = async_work_group_copy(tmp, in, 64, 0); // collective: ok
	events[1] = async_work_group_copy(tmp + 64, in + 64, 64, 0); // collective: ok
	wait_group_events(1, &events[l % 2]); // collective: ok // argument: divergent
	out[get_global_id(0)] = tmp[l];
}

// Every work-item copies from its own place: the source differs.
kernel void copy_own_source(global int *out, global const int *in, local int *tmp)
{
	size_t l = get_local_id(0);
	event_t ev = async_work_group_copy(tmp, in + l, 64, 0); // collective: ok // argument: divergent
	wait_group_events(1, &ev); // collective: ok
	out[get_global_id(0)] = tmp[l];
}

// The number of events differs between work-items.
kernel void wait_counts(global int *out, global const int *in, local int *tmp)
{
	size_t l = get_local_id(0);
	event_t events[2];
	events[0] = async_work_group_copy(tmp, in, 64, 0); // collective: ok
	events[1] = async_work_group_copy(tmp + 64, in + 64, 64, 0); // collective: ok
	wait_group_events(1 + (int)(l & 1), events); // collective: ok // argument: divergent on get_local_id(0)
	out[get_global_id(0)] = tmp[l];
}

// Indices into the event array that are the same in the work-group: each
// event waited for once, by all.
kernel void wait_group_index(global int *out, global const int *in, local int *tmp)
{
	size_t l = get_local_id(0);
	event_t events[2];
	events[0] = async_work_group_copy(tmp, in, 64, 0); // collective: ok
	events[1] = async_work_group_copy(tmp + 64, in + 64, 64, 0); // collective: ok
	size_t k = get_group_id(0) % 2;
	wait_group_events(1, &events[k]); // collective: ok
	wait_group_events(1, &events[1 - k]); // collective: ok
	out[get_global_id(0)] = tmp[l];
}

// Two private events, the list pointing at one or the other as the
// work-item's id says: different events.
kernel void wait_chosen(global int *out, global const int *in, local int *tmp)
{
	size_t l = get_local_id(0);
	event_t a = async_work_group_copy(tmp, in, 64, 0); // collective: ok
	event_t b = async_work_group_copy(tmp + 64, in + 64, 64, 0); // collective: ok
	wait_group_events(1, l & 1 ? &a : &b); // collective: ok // argument: divergent
	out[get_global_id(0)] = tmp[l];
}

// A copy in a loop with the same trip count in the work-group.
kernel void copy_loop(global int *out, global const int *in, local int *tmp, int chunks)
{
	size_t l = get_local_id(0);
	int s = 0;
	for (int c = 0; c < chunks; c++) {
		event_t ev = async_work_group_copy(tmp, in + c * 64, 64, 0); // collective: ok
		wait_group_events(1, &ev); // collective: ok
		s += tmp[l % 64];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	out[get_global_id(0)] = s;
}
