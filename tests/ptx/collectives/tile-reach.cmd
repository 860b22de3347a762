# masked collectives judged for the lanes their masks name: a tile's mask and
# a constant one, reached by part of such a group or by the whole of it; a
# mask from a parameter is not judged
args: check tile-reach.ptx
status: 1
