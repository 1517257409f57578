"""/privacy forget: after `forget_user`, no row of any table names the user."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import BigInteger, String, Text, func, or_, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.store import RunningGame, SeatResult, Store
from bot.store.models import metadata

# Distinct snowflakes everywhere, so any column holding FORGOTTEN's id means a row naming them.
FORGOTTEN = 1_400_000_000_000_000_001
KEPT = 1_400_000_000_000_000_002
OTHER = 1_400_000_000_000_000_003
GUILD = 1_400_000_000_000_000_100
CHANNEL = 1_400_000_000_000_000_200
T0 = datetime(2026, 3, 1, tzinfo=UTC)


async def tables_naming(engine: AsyncEngine, user_id: int) -> dict[str, int]:
    """Every table, every column, read generically from the metadata: rows that name the user.

    An id column names them by value; a text column (names, JSON state, settings) by containing
    the id's digits.
    """
    found = {}
    async with engine.connect() as connection:
        for table in metadata.sorted_tables:
            tests = []
            for column in table.columns:
                if isinstance(column.type, BigInteger):
                    tests.append(column == user_id)
                elif isinstance(column.type, String | Text):
                    tests.append(column.contains(str(user_id)))
            if not tests:
                continue
            count = (
                await connection.execute(select(func.count()).select_from(table).where(or_(*tests)))
            ).scalar_one()
            if count:
                found[table.name] = count
    return found


async def fill(store: Store) -> None:
    """Put FORGOTTEN (and KEPT beside them) into every table the store has."""
    for n, (winner, loser) in enumerate([(FORGOTTEN, KEPT), (KEPT, FORGOTTEN), (KEPT, OTHER)]):
        await store.record_finished_game(
            kind="uno",
            ruleset="official",
            guild_id=GUILD,
            channel_id=CHANNEL,
            finished_at=T0,
            seats=[
                SeatResult(winner, f"w{n}", 0, 30, True),
                SeatResult(loser, f"l{n}", 1, 0, False),
            ],
        )
    for kind in ("flood", "puzzle"):
        await store.record_solo_result(FORGOTTEN, kind, "easy", True, display_name="Forgotten")
        await store.record_solo_result(KEPT, kind, "easy", False)
    for game_id, seated in (
        ("uno-shared", [FORGOTTEN, KEPT]),
        ("flood-solo", [FORGOTTEN]),
        ("uno-other", [KEPT, OTHER]),
    ):
        await store.save_running_game(
            game_id,
            kind="uno",
            guild_id=GUILD,
            channel_id=CHANNEL,
            state={"seats": seated, "hands": {str(user): [] for user in seated}},
            settings={"host": seated[0]},
            move_count=1,
            user_ids=seated,
        )


async def test_the_scan_sees_the_user_everywhere_before(store: Store) -> None:
    """The check below can fail: before forgetting, every table but finished_game names them."""
    await fill(store)
    naming = await tables_naming(store.engine, FORGOTTEN)
    expected = {table.name for table in metadata.sorted_tables} - {"finished_game"}
    assert set(naming) == expected


async def test_after_forget_user_no_row_names_them(store: Store) -> None:
    await fill(store)
    assert await store.running_game_ids_for_user(FORGOTTEN) == ("flood-solo", "uno-shared")
    removed = await store.forget_user(FORGOTTEN)
    assert removed == ("flood-solo", "uno-shared")
    assert await tables_naming(store.engine, FORGOTTEN) == {}
    # Everyone else keeps their data; the game FORGOTTEN did not sit at goes on.
    assert set(await tables_naming(store.engine, KEPT)) >= {"player", "seat_result", "solo_stat"}
    remaining = await store.load_running_games()
    assert [game.game_id for game in remaining] == ["uno-other"]
    assert isinstance(remaining[0], RunningGame)
    # Leaderboards and stats no longer show them.
    board = await store.leaderboard("uno", GUILD, "wins")
    assert FORGOTTEN not in {row.user_id for row in board.rows}
    assert board.total == 2
    stats = await store.player_stats(FORGOTTEN)
    assert (stats.display_name, stats.kinds) == (None, ())
    assert await store.solo_stats(FORGOTTEN, "flood") == ()
    assert await store.get_player(FORGOTTEN) is None


async def test_forgetting_twice_or_a_stranger_is_harmless(store: Store) -> None:
    await fill(store)
    await store.forget_user(FORGOTTEN)
    before = await tables_naming(store.engine, KEPT)
    assert await store.forget_user(FORGOTTEN) == ()
    assert await store.forget_user(1_400_000_000_000_009_999) == ()
    assert await tables_naming(store.engine, KEPT) == before
