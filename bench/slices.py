"""Timing two revisions of an engine against each other: another revision's tree, and a worker
process per engine fed slices of the same seeds, so a busy machine slows both alike.

A worker is a script read from stdin line by line: each request line is a few numbers, and each
answer one line of words (CPU seconds first). The scripts are the benches' own, kept to what every
revision of the engine offers.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def revision_tree(revision: str, root: Path, prefix: str) -> Iterator[Path]:
    """`revision`'s files (git archive of `root`'s repository) in a temporary folder."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        archive = subprocess.run(
            ["git", "archive", revision], cwd=root, capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        yield Path(tmp)


class SliceWorker:
    """A subprocess running `script` on the tree at `root`, one slice per request."""

    def __init__(self, script: str, root: Path) -> None:
        # The same hash seed in every worker: the digests of their games must compare.
        env = {**os.environ, "PYTHONPATH": str(root), "PYTHONHASHSEED": "0"}
        self.process = subprocess.Popen(
            [sys.executable, "-c", script],
            cwd=root,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def run(self, *request: int) -> list[str]:
        """The worker's answer to one request line, split into words."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(" ".join(map(str, request)) + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().split()

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def add_baseline_arguments(parser: argparse.ArgumentParser, slice_games: int, slice_help: str) -> None:
    """--baseline REV, --rounds and --slice-games, the same in every bench that has them."""
    parser.add_argument("--baseline", metavar="REV", help="time this engine against REV's")
    parser.add_argument("--rounds", type=int, default=10, help="slices per engine for --baseline")
    parser.add_argument("--slice-games", type=int, default=slice_games, help=slice_help)
