"""The step the generated tests here share: a generated input written to a
file in a temporary folder, and `threadconv check` run on it."""
import os
import subprocess
import tempfile
import time


def check_text(binary, name, text, args=(), timeout=None):
    """(completed process, seconds) of `BINARY check ARGS FILE`, where FILE
    is named NAME and holds TEXT."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, name)
        with open(path, 'w') as f:
            f.write(text)
        t0 = time.monotonic()
        p = subprocess.run([binary, 'check'] + list(args) + [path], capture_output=True,
                           text=True, timeout=timeout)
        return p, time.monotonic() - t0
