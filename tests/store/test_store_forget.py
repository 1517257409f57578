"""/privacy forget: after `forget_user`, no row of any table names the user."""

from __future__ import annotations

from datetime import UTC
from datetime import date
from datetime import datetime

from sqlalchemy import BigInteger
from sqlalchemy import String
from sqlalchemy import Text
from sqlalchemy import func
from sqlalchemy import or_
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.store import GameRecord
from bot.store import RunningGame
from bot.store import SeatResult
from bot.store import Store
from bot.store.models import metadata

# Distinct snowflakes everywhere, so any column holding FORGOTTEN's id means a row naming them.
FORGOTTEN = 1_400_000_000_000_000_001
KEPT = 1_400_000_000_000_000_002
OTHER = 1_400_000_000_000_000_003
FOURTH = 1_400_000_000_000_000_004
GUILD = 1_400_000_000_000_000_100
CHANNEL = 1_400_000_000_000_000_200
T0 = datetime(2026, 3, 1, tzinfo=UTC)
DAY = date(2026, 3, 1)


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
            record=GameRecord(n, {"ruleset": "official"}, {"seating": [1, 0], "moves": [[0, "draw"]]}, 1, 2),
        )
    # A team game: FORGOTTEN and KEPT partners against OTHER and a fourth player.
    await store.record_finished_game(
        kind="uno",
        ruleset="twist",
        guild_id=GUILD,
        channel_id=CHANNEL,
        finished_at=T0,
        seats=[
            SeatResult(FORGOTTEN, "Forgotten", 0, 0, True, team=0),
            SeatResult(OTHER, "Other", 1, 40, False, team=1),
            SeatResult(KEPT, "Kept", 2, 0, True, team=0),
            SeatResult(FOURTH, "Fourth", 3, 40, False, team=1),
        ],
    )
    for kind in ("flood", "puzzle"):
        await store.record_solo_result(FORGOTTEN, kind, "easy", True, display_name="Forgotten")
        await store.record_solo_result(KEPT, kind, "easy", False)
    for user in (FORGOTTEN, KEPT):
        await store.record_daily_puzzle(user, f"p{user % 10}", DAY, solved=True, moves=9, undos=1)
        await store.record_practice_puzzle(user, f"p{user % 10}", solved=False)
    await store.set_guild_uno_settings(GUILD, "twist", {"stacking": True}, updated_by=FORGOTTEN)
    await store.set_user_pictures(FORGOTTEN, False)
    await store.set_user_pictures(KEPT, True)
    await store.set_user_turn_pings(FORGOTTEN, False)
    await store.set_user_turn_pings(KEPT, False)
    await store.set_guild_pictures(GUILD, False)
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
    # Neither a finished game (its replay names result seats, never users), nor a server's
    # picture default, nor where its tables run (channels and a role) names a player.
    expected = {table.name for table in metadata.sorted_tables} - {
        "finished_game",
        "guild_preference",
        "guild_table_place",
    }
    assert set(naming) == expected


async def test_after_forget_user_no_row_names_them(store: Store) -> None:
    await fill(store)
    assert await store.running_game_ids_for_user(FORGOTTEN) == ("flood-solo", "uno-shared")
    removed = await store.forget_user(FORGOTTEN)
    assert removed == ("flood-solo", "uno-shared")
    assert await tables_naming(store.engine, FORGOTTEN) == {}
    # Everyone else keeps their data; the game FORGOTTEN did not sit at goes on.
    assert set(await tables_naming(store.engine, KEPT)) >= {
        "player",
        "seat_result",
        "solo_stat",
        "daily_puzzle_result",
        "puzzle_stat",
    }
    remaining = await store.load_running_games()
    assert [game.game_id for game in remaining] == ["uno-other"]
    assert isinstance(remaining[0], RunningGame)
    # Leaderboards and stats no longer show them.
    board = await store.leaderboard("uno", GUILD, "wins")
    assert FORGOTTEN not in {row.user_id for row in board.rows}
    assert board.total == 3  # KEPT, OTHER, FOURTH
    stats = await store.player_stats(FORGOTTEN)
    assert (stats.display_name, stats.kinds) == (None, ())
    assert await store.solo_stats(FORGOTTEN, "flood") == ()
    assert await store.get_player(FORGOTTEN) is None
    # Partners: KEPT's partner is gone from their list and from the pairs board.
    assert await store.best_partners(KEPT) == ()
    pairs = await store.partners_leaderboard(GUILD)
    assert [(row.first_id, row.second_id) for row in pairs.rows] == [(OTHER, FOURTH)]
    # Puzzles.
    puzzles = await store.puzzle_stats(FORGOTTEN, today=DAY)
    assert (puzzles.solved, puzzles.attempted, puzzles.best_streak) == (0, 0, 0)
    assert puzzles.practice_attempted == 0
    assert await store.daily_puzzle_result(FORGOTTEN, DAY) is None
    puzzle_board = await store.puzzle_leaderboard(today=DAY)
    assert [row.user_id for row in puzzle_board.rows] == [KEPT]
    # The server keeps its settings; only who saved them is forgotten.
    settings = await store.guild_uno_settings(GUILD)
    assert settings is not None
    assert (settings.ruleset, settings.options, settings.updated_by) == (
        "twist",
        {"stacking": True},
        None,
    )
    # Their choices go back to the defaults; KEPT's stay.
    assert await store.turn_pings_on(FORGOTTEN, None) and await store.pictures_on(FORGOTTEN, None)
    assert not await store.turn_pings_on(KEPT, None)


async def test_forgetting_twice_or_a_stranger_is_harmless(store: Store) -> None:
    await fill(store)
    await store.forget_user(FORGOTTEN)
    before = await tables_naming(store.engine, KEPT)
    assert await store.forget_user(FORGOTTEN) == ()
    assert await store.forget_user(1_400_000_000_000_009_999) == ()
    assert await tables_naming(store.engine, KEPT) == before
