# phi_parent: an OpPhi naming a block that does not branch to it: an error
args: analyze phi_parent.spvasm
status: 2
