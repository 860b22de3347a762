# the version line
args: --version
