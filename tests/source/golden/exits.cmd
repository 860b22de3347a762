# threads that return before a barrier, or a shuffle: their own rules,
# with a note on what the hardware does; the twin whose skipping threads
# wait at another barrier stays barrier-divergence
args: check --cuda-compiler clang --no-caret exits.cu
status: 1
