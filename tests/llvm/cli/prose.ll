This is a kernel, honest.
