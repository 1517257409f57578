"""How a running game's state is kept in its row: compact JSON, zlib-compressed, as text.

A table's snapshot is about 2.5 KB of JSON, most of it card codes and the move log, which
compress to a third; a save is then one short UPDATE. The packed form stays text (base64 after a
`z:` mark) so the existing column holds it on SQLite and PostgreSQL alike, and rows saved as
plain JSON before it (they begin with `{`) are still read.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Mapping
from typing import Any

_PACKED = "z:"


def dump_json(value: Any) -> str:
    # allow_nan=False: NaN is not JSON, and PostgreSQL's JSON functions would choke on it later.
    return json.dumps(value, separators=(",", ":"), allow_nan=False)


def pack_state(state: Mapping[str, Any]) -> str:
    compressed = zlib.compress(dump_json(dict(state)).encode(), 6)
    return _PACKED + base64.b64encode(compressed).decode("ascii")


def unpack_state(text: str) -> dict[str, Any]:
    """The state saved as `text`; ValueError when it cannot be read back (damaged)."""
    if text.startswith(_PACKED):
        try:
            text = zlib.decompress(base64.b64decode(text[len(_PACKED) :], validate=True)).decode()
        except (binascii.Error, zlib.error, UnicodeDecodeError) as error:
            raise ValueError(f"state: {error}") from error
    state: dict[str, Any] = read_json(text, dict, "state")
    return state


def read_json(text: str, expected: type, what: str) -> Any:
    """`text` read as JSON of type `expected`; ValueError naming `what` when it is not."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ValueError(f"{what}: {error}") from error
    if not isinstance(value, expected):
        raise ValueError(f"{what}: a JSON {type(value).__name__}, not a {expected.__name__}")
    return value
