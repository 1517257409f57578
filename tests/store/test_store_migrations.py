"""Alembic: `upgrade head` on an empty database builds exactly the schema the models describe."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from datetime import UTC
from datetime import date
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy import text
from sqlalchemy.engine import Connection

from bot.store import Store
from bot.store.engine import make_engine
from bot.store.migrate import MIGRATIONS
from bot.store.migrate import alembic_config
from bot.store.models import metadata

ROOT = Path(__file__).resolve().parents[2]


def cli_config() -> Config:
    """What `alembic ...` reads at the repository root."""
    config = Config(str(ROOT / "alembic.ini"))
    config.attributes["configure_logger"] = False
    return config


def schema_report(database_url: str) -> tuple[list[Any], set[str], str | None]:
    """The differences between the database and the models, its tables, its Alembic revision."""

    def inspect_schema(connection: Connection) -> tuple[list[Any], set[str], str | None]:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        diff = compare_metadata(context, metadata)
        return diff, set(inspect(connection).get_table_names()), context.get_current_revision()

    async def run() -> tuple[list[Any], set[str], str | None]:
        engine = make_engine(database_url)
        try:
            async with engine.connect() as connection:
                return await connection.run_sync(inspect_schema)
        finally:
            await engine.dispose()

    return asyncio.run(run())


def head() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def test_the_command_line_config_and_the_bot_use_the_same_migrations() -> None:
    assert ScriptDirectory.from_config(cli_config()).get_current_head() == head() is not None


def test_alembic_ini_away_from_the_source_finds_the_installed_migrations(tmp_path: Path) -> None:
    # The Docker image copies alembic.ini to /app and installs the bot in a virtual environment:
    # `alembic upgrade head` there must find the migrations the bot applies, with no bot/ beside it.
    copy = tmp_path / "alembic.ini"
    copy.write_text((ROOT / "alembic.ini").read_text(encoding="utf-8"), encoding="utf-8")
    script = ScriptDirectory.from_config(Config(str(copy)))
    assert Path(script.dir).resolve() == MIGRATIONS
    assert script.get_current_head() == head() is not None


def test_upgrade_head_on_an_empty_database_matches_the_models(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", database_url)
    command.upgrade(cli_config(), "head")
    diff, tables, revision = schema_report(database_url)
    assert diff == []
    assert tables == {table.name for table in metadata.sorted_tables} | {"alembic_version"}
    assert revision == head()


def test_downgrade_to_base_then_up_again(database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", database_url)
    command.upgrade(cli_config(), "head")
    command.downgrade(cli_config(), "base")
    diff, tables, revision = schema_report(database_url)
    assert (tables, revision) == ({"alembic_version"}, None)
    assert diff, "an empty database must differ from the models, or the comparison proves nothing"
    command.upgrade(cli_config(), "head")
    assert schema_report(database_url)[0] == []


async def test_store_open_migrates_and_opening_again_changes_nothing(database_url: str) -> None:
    for _ in range(2):
        store = await Store.open(database_url)
        await store.close()
    diff, _, revision = await asyncio.to_thread(schema_report, database_url)
    assert (diff, revision) == ([], head())


async def test_two_bots_opening_one_new_database_at_once(database_url: str) -> None:
    stores = await asyncio.gather(Store.open(database_url), Store.open(database_url))
    for store in stores:
        await store.close()
    diff, _, revision = await asyncio.to_thread(schema_report, database_url)
    assert (diff, revision) == ([], head())


OPEN_AND_SAVE = """
import asyncio, sys
from bot.store import Store

async def main() -> None:
    store = await Store.open(sys.argv[1])
    await store.save_running_game(
        "uno-1", kind="uno", guild_id=None, channel_id=1, state={}, move_count=1
    )
    await store.close()

asyncio.run(main())
"""


def run_at_once(database_url: str, *commands: list[str]) -> None:
    """Start every command as a process of its own on `database_url` at once; each must succeed,
    and the database end at the newest schema."""
    env = {**os.environ, "DATABASE_URL": database_url}
    processes = [
        subprocess.Popen(
            [sys.executable, *arguments], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        for arguments in commands
    ]
    for process in processes:
        output, _ = process.communicate(timeout=120)
        assert process.returncode == 0, output.decode()
    diff, _, revision = schema_report(database_url)
    assert (diff, revision) == ([], head())


def test_the_alembic_command_and_a_starting_bot_at_once(database_url: str) -> None:
    """The real `alembic upgrade head` in one process while another process opens the store."""
    run_at_once(database_url, ["-m", "alembic", "upgrade", "head"], ["-c", OPEN_AND_SAVE, database_url])


NEW_IN_0002 = {"guild_uno_settings", "daily_puzzle_result", "puzzle_stat"}


def test_upgrading_a_0001_database_with_data_keeps_it_and_adds_the_new_tables(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot that ran on the first schema: its players, games, seats and streaks survive."""
    monkeypatch.setenv("DATABASE_URL", database_url)
    command.upgrade(cli_config(), "0001")
    _, tables, revision = schema_report(database_url)
    assert revision == "0001" and not tables & NEW_IN_0002

    user, partner, guild = 1_800_000_000_000_000_001, 1_800_000_000_000_000_002, 42
    at = datetime(2026, 1, 1, tzinfo=UTC)

    async def fill_0001() -> None:
        # Plain SQL against the 0001 tables: the models describe the newer schema.
        engine = make_engine(database_url)
        try:
            async with engine.begin() as connection:
                for uid, name in ((user, "Old Timer"), (partner, "Old Partner")):
                    await connection.execute(
                        text("INSERT INTO player VALUES (:uid, :name, :at)"),
                        {"uid": uid, "name": name, "at": at.replace(tzinfo=None)},
                    )
                await connection.execute(
                    text(
                        "INSERT INTO finished_game (id, kind, ruleset, guild_id, channel_id,"
                        " finished_at) VALUES (7, 'uno', 'official', :guild, 1, :at)"
                    ),
                    {"guild": guild, "at": at.replace(tzinfo=None)},
                )
                for seat, uid in enumerate((user, partner)):
                    await connection.execute(
                        text("INSERT INTO seat_result VALUES (7, :seat, :uid, 30, true, 0)"),
                        {"seat": seat, "uid": uid},
                    )
                await connection.execute(
                    text("INSERT INTO solo_stat VALUES (:uid, 'flood', 'easy/uno', 3, 2, 1, 2, :at)"),
                    {"uid": user, "at": at.replace(tzinfo=None)},
                )
        finally:
            await engine.dispose()

    async def read_back() -> None:
        store = await Store.open(database_url)  # already at head: opening changes nothing
        try:
            uno = (await store.player_stats(user)).for_kind("uno")
            assert uno is not None and (uno.games, uno.wins, uno.points) == (1, 1, 30)
            (flood,) = await store.solo_stats(user, "flood")
            assert (flood.games, flood.wins, flood.best_streak) == (3, 2, 2)
            # The seats' teams of 0001 already make partners.
            (mate,) = await store.best_partners(user)
            assert (mate.partner_id, mate.partner_name, mate.games, mate.wins) == (
                partner,
                "Old Partner",
                1,
                1,
            )
            # And the new tables work.
            await store.record_daily_puzzle(
                user, "Old Timer", date(2026, 1, 2), solved=True, moves=5, undos=0
            )
            await store.set_guild_uno_settings(guild, "classic", {}, updated_by=user)
            assert await store.daily_puzzle_result(user, date(2026, 1, 2)) is True
        finally:
            await store.close()

    asyncio.run(fill_0001())
    command.upgrade(cli_config(), "head")
    diff, tables, revision = schema_report(database_url)
    assert (diff, revision) == ([], head())
    assert tables >= NEW_IN_0002
    asyncio.run(read_back())
    # And back down: 0002's tables go, 0001's data stays.
    command.downgrade(cli_config(), "0001")
    _, tables, revision = schema_report(database_url)
    assert revision == "0001" and not tables & NEW_IN_0002
    assert tables >= {"player", "seat_result", "solo_stat"}


def test_0007_gives_servers_a_turn_pings_switch_and_going_back_keeps_their_pictures(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server that switched pictures off on 0006 keeps that; one that only switched its turn
    pings off on 0007 has nothing left to keep on 0006."""
    monkeypatch.setenv("DATABASE_URL", database_url)
    plain, quiet = 1_800_000_000_000_000_010, 1_800_000_000_000_000_011
    command.upgrade(cli_config(), "0006_turn_pings")

    async def execute(statement: str, **values: Any) -> list[Any]:
        engine = make_engine(database_url)
        try:
            async with engine.begin() as connection:
                result = await connection.execute(text(statement), values)
                return list(result) if result.returns_rows else []
        finally:
            await engine.dispose()

    # Plain SQL against the 0006 table: the models describe the newer one.
    asyncio.run(execute("INSERT INTO guild_preference (guild_id, pictures) VALUES (:g, false)", g=plain))
    command.upgrade(cli_config(), "head")
    assert schema_report(database_url)[0] == []

    async def on_head() -> None:
        store = await Store.open(database_url)
        try:
            assert not await store.guild_pictures_on(plain) and await store.guild_turn_pings_on(plain)
            await store.set_guild_turn_pings(quiet, False)
            assert await store.guild_pictures_on(quiet) and not await store.guild_turn_pings_on(quiet)
        finally:
            await store.close()

    asyncio.run(on_head())
    command.downgrade(cli_config(), "0006_turn_pings")
    rows = asyncio.run(execute("SELECT guild_id, pictures FROM guild_preference"))
    assert [tuple(row) for row in rows] == [(plain, False)]
    command.upgrade(cli_config(), "head")
    assert schema_report(database_url)[0] == []


def test_0008_keeps_a_finished_games_table_id_and_going_back_keeps_the_game(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games finished on 0007 have no table id (a late click on them is told the generic
    sentence); going back drops the ids and keeps every game."""
    monkeypatch.setenv("DATABASE_URL", database_url)
    command.upgrade(cli_config(), "0007_server_turn_pings")

    async def execute(statement: str) -> list[Any]:
        engine = make_engine(database_url)
        try:
            async with engine.begin() as connection:
                result = await connection.execute(text(statement))
                return list(result) if result.returns_rows else []
        finally:
            await engine.dispose()

    asyncio.run(
        execute(
            "INSERT INTO finished_game (kind, ruleset, channel_id, finished_at) "
            "VALUES ('uno', 'official', 7, '2026-01-01 00:00:00')"
        )
    )
    command.upgrade(cli_config(), "head")
    assert schema_report(database_url)[0] == []
    asyncio.run(execute("UPDATE finished_game SET table_id = '0a1b2c3d'"))
    assert asyncio.run(execute("SELECT table_id FROM finished_game")) == [("0a1b2c3d",)]
    command.downgrade(cli_config(), "0007_server_turn_pings")
    kept = asyncio.run(execute("SELECT id, channel_id FROM finished_game"))
    assert [tuple(row) for row in kept] == [(1, 7)]
    command.upgrade(cli_config(), "head")
    assert schema_report(database_url)[0] == []


def test_0009_marks_one_running_solo_game_per_player_and_kind_and_going_back_keeps_them(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Solo games running on 0008 are marked as their players' games, one per player and kind:
    of two Flood games the race let one player start, the later saved is theirs (the other is
    still kept, as before); a table's seats stay unmarked. Going back keeps every game."""
    monkeypatch.setenv("DATABASE_URL", database_url)
    command.upgrade(cli_config(), "0008_finished_table_id")

    async def execute(*statements: str) -> list[Any]:
        engine = make_engine(database_url)
        try:
            async with engine.begin() as connection:
                for statement in statements:
                    result = await connection.execute(text(statement))
                return list(result) if result.returns_rows else []
        finally:
            await engine.dispose()

    games = [
        ("f1", "flood", "2026-01-01 10:00:00", 5),
        ("f2", "flood", "2026-01-01 10:00:01", 5),  # the same player's, saved later
        ("s1", "solitaire", "2026-01-01 09:00:00", 5),
        ("u1", "uno", "2026-01-01 11:00:00", 5),
        ("f3", "flood", "2026-01-01 08:00:00", 6),
    ]
    asyncio.run(
        execute(
            *(
                "INSERT INTO running_game (game_id, kind, channel_id, message_ids_json, state_json, "
                "settings_json, move_count, updated_at) "
                f"VALUES ('{game}', '{kind}', 7, '[]', '{{}}', '{{}}', 0, '{saved}')"
                for game, kind, saved, _ in games
            ),
            *(
                f"INSERT INTO running_game_seat (game_id, user_id, position) VALUES ('{game}', {user}, 0)"
                for game, _, _, user in games
            ),
            "INSERT INTO running_game_seat (game_id, user_id, position) VALUES ('u1', 6, 1)",
        )
    )
    command.upgrade(cli_config(), "head")
    assert schema_report(database_url)[0] == []
    marked = asyncio.run(
        execute("SELECT game_id, user_id, solo_kind FROM running_game_seat ORDER BY game_id, user_id")
    )
    assert [tuple(row) for row in marked] == [
        ("f1", 5, None),
        ("f2", 5, "flood"),
        ("f3", 6, "flood"),
        ("s1", 5, "solitaire"),
        ("u1", 5, None),
        ("u1", 6, None),
    ]
    command.downgrade(cli_config(), "0008_finished_table_id")
    kept = asyncio.run(execute("SELECT game_id, user_id FROM running_game_seat ORDER BY game_id, user_id"))
    assert len(kept) == 6
    command.upgrade(cli_config(), "head")
    assert schema_report(database_url)[0] == []
