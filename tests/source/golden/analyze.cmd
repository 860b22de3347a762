# analyze compiles a source as check does: the report, positions in the source
args: analyze --cuda-compiler clang caret.cu
status: 0
