# analyze's text report shows the .file names of PTX positions, and the
# names of the graph and its nodes, with their control bytes as \xNN
args: analyze ../check/escapes.ptx
