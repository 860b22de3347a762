# not_dominated: a value used after a join that one way to it does not
# define (its definition does not dominate the use): an error at the use
args: analyze not_dominated.spvasm
status: 2
