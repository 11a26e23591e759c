# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The LSP base protocol for the tests that drive `cuda-lint lsp` (standard library only): a
message framed with its Content-Length header, and the next message read back from the server's
output. Imported by lsp/Inputs/lsp_client.py and lsp_frames.py, and by the reliability tests'
hostile_repo.py and tempdirs/signals.py."""
import json


def frame(message) -> bytes:
    """A JSON-RPC message (a dict, or its encoded body) with its header."""
    body = message if isinstance(message, bytes) else json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_message(stream):
    """The next message the server wrote to `stream` (a binary file), None at its end."""
    length = 0
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.decode().partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
    return json.loads(stream.read(length))
