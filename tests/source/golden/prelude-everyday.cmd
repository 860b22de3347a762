# everyday CUDA through clang and the prelude (no toolkit headers): it
# compiles, and the barrier under the branch on data is reported
args: check --cuda-compiler clang everyday.cu
status: 1
