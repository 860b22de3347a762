// opline.comp: the source that opline.spvasm's OpLine instructions point
// at (OpString "opline.comp"). The barrier positions of opline.spvasm are
// lines of this file, so the markers are here. glslangValidator -V -g
// compiles it to the same shape of code, with Function variables where
// opline.spvasm has SSA values.
#version 450
layout(local_size_x = 64) in;
layout(push_constant) uniform PC { uint n; } pc;
shared uint buf[64];
void main()
{
	uint t = gl_LocalInvocationID.x;
	buf[t] = pc.n;
	barrier(); // expect: no-rewrite // check: ok
	if (t < 32) {
		buf[t] += buf[t + 32];
		barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
	}
	if (pc.n > 3)
		buf[t] = 0;
	barrier(); // expect: no-rewrite // check: ok
	if (t < 16)
		buf[t] = 1;
	barrier(); // expect: rewrite // check: ok
	for (uint i = 0; i < pc.n; i++)
		barrier(); // expect: no-rewrite // check: ok
}
