# call_args: a call with fewer arguments than the function has parameters
args: analyze call_args.spvasm
status: 2
