# the manual of check through help
args: help check
