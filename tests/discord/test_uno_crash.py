"""A move the players were shown survives the bot being killed (SIGKILL) right after it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.sessions.manager import TableManager
from bot.sessions.persistence import StoreTableRepository
from bot.store import Store

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


# NORMAL is SQLite's lighter durability (SQLITE_SYNCHRONOUS): it must survive the kill too.
@pytest.mark.parametrize("synchronous", ["full", "normal"])
async def test_a_move_survives_sigkill_right_after_it(tmp_path: Path, synchronous: str) -> None:
    database_url = f"sqlite+aiosqlite:///{tmp_path / 'crash.db'}"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen(  # noqa: ASYNC220 - the bot under test runs beside us
        [sys.executable, str(HERE / "kill_after_move.py"), database_url, synchronous],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line, process.stderr.read() if process.stderr else "no output"
        seen = json.loads(line)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == -signal.SIGKILL
    assert seen["log"][-1][1] == "draw"

    store = await Store.open(database_url)
    try:
        manager = TableManager()
        assert await manager.restore(await StoreTableRepository(store).resting_tables()) == 1
        table = manager.get(seen["game_id"])
        assert table is not None
        assert table.turn == seen["turn"]
        assert table.game is not None
        assert [[seat, text] for seat, text in table.game.log] == seen["log"]
        await manager.close()
    finally:
        await store.close()
