# the manual of analyze
args: help analyze
