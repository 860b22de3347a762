# malformed PTX: .branchtargets without a label before it; exit 2, file:line:col: error: message
args: analyze branchtargets-no-label.ptx
status: 2
