# the arguments after -- go to the compiler (as for clang-tidy); without an
# input before it, the error says how to name a file that starts with -
args: analyze -- -s
status: 2
