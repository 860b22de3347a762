# malformed PTX: a call's argument written '[param0]', as st.param addresses it; exit 2, file:line:col: error: message
args: analyze expect-parameter-name.ptx
status: 2
