# validate_relaxed: with --validate, relaxed.spvasm, which is read with a
# warning by default, is rejected with the validator's first message
args: analyze --validate relaxed.spvasm
status: 2
