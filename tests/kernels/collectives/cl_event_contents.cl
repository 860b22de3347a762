// wait_group_events(1, &ev) with ev a private variable that holds a
// different event in different work-items: the pointer is the same slot in
// every work-item, but the event objects it lists differ, and OpenCL C
// requires "the same num_events and event objects specified in event_list"
// in the whole work-group. Oclgrind 21.10 reports both (work-group
// divergence at the wait, events[0] differing). Markers:
// run-collectives.py; see README.md.

kernel void chosen_event(global int *out, global const int *in, local int *tmp)
{
	size_t l = get_local_id(0);
	event_t a = async_work_group_copy(tmp, in, 64, 0); // collective: ok
	event_t b = async_work_group_copy(tmp + 64, in + 64, 64, 0); // collective: ok
	event_t ev;
	if (l & 1)
		ev = a;
	else
		ev = b;
	wait_group_events(1, &ev); // collective: ok // argument: divergent
	out[get_global_id(0)] = tmp[l];
}

kernel void indexed_event(global int *out, global const int *in, local int *tmp)
{
	size_t l = get_local_id(0);
	event_t evs[2];
	evs[0] = async_work_group_copy(tmp, in, 64, 0); // collective: ok
	evs[1] = async_work_group_copy(tmp + 64, in + 64, 64, 0); // collective: ok
	event_t ev = evs[l & 1];
	wait_group_events(1, &ev); // collective: ok // argument: divergent
	out[get_global_id(0)] = tmp[l];
}

// One element of an event array copied to another: every work-item holds
// the same two events. Valid. (At -O0 for spir64 and in its SPIR-V the
// array stays in private memory, read back and stored again.)
kernel void copied_event(global int *out, global const int *in, local int *tmp)
{
	event_t evs[2];
	evs[0] = async_work_group_copy(tmp, in, 64, 0); // collective: ok
	evs[1] = evs[0];
	wait_group_events(2, evs); // collective: ok
	out[get_global_id(0)] = tmp[get_local_id(0)];
}

// The element copied chosen by the work-item: the events listed differ.
// Invalid.
kernel void copied_chosen_event(global int *out, global const int *in, local int *tmp)
{
	size_t l = get_local_id(0);
	event_t evs[3];
	evs[0] = async_work_group_copy(tmp, in, 64, 0); // collective: ok
	evs[1] = async_work_group_copy(tmp + 64, in + 64, 64, 0); // collective: ok
	evs[2] = evs[l & 1];
	wait_group_events(1, &evs[2]); // collective: ok // argument: divergent
	out[get_global_id(0)] = tmp[l];
}
