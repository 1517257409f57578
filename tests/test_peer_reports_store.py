"""Bug reports filed on other game and stats bots, checked against our store, sessions and solo
engines: each test pins a fault a peer project had (its report cited above the test) that nothing
else here pinned, or one we had too and fixed. Store tests run on a SQLite file, and on PostgreSQL
when TEST_DATABASE_URL names one (tests/store/conftest.py)."""

from __future__ import annotations

from datetime import UTC
from datetime import date
from datetime import datetime

from bot.store import SeatResult
from bot.store import Store
from tests.store import conftest as store_fixtures

# The store's fixtures, for this file outside tests/store: every backend the store runs on.
database_url = store_fixtures.database_url
pg_database = store_fixtures.pg_database
store = store_fixtures.store

USERS = [1_700_000_000_000_001_000 + n for n in range(10)]
GUILD = 1_700_000_000_000_000_001
CHANNEL = 1_700_000_000_000_000_002
T0 = datetime(2026, 5, 4, 20, 0, tzinfo=UTC)


# ---------------------------------------------------------------- names in tied rows


# https://github.com/TryGhost/Ghost/issues/6104 (alphabetical order not consistent between
# databases: SQLite's binary collation puts 'Video' before 'photo', PostgreSQL's locale does not)
async def test_tied_puzzle_rows_are_in_name_order_whatever_the_case(store: Store) -> None:
    day = date(2026, 5, 4)
    names = ["zed", "Amy", "bob", "Cleo"]
    for user, name in zip(USERS, names, strict=False):
        await store.record_daily_puzzle(user, name, day, solved=True, moves=8, undos=0, today=day)
    board = await store.puzzle_leaderboard(today=day)
    assert [row.rank for row in board.rows] == [1, 1, 1, 1]
    assert [row.name for row in board.rows] == ["Amy", "bob", "Cleo", "zed"]


# https://github.com/LWCW-Europe/schellingboard/pull/668 ("bob" sorted after "Zoe" under
# SQLite's default collation)
async def test_partners_with_equal_records_are_in_name_order_whatever_the_case(store: Store) -> None:
    me, *mates = USERS[:4]
    for mate, name in zip(mates, ["Zoe", "bob", "Al"], strict=True):
        seats = [
            SeatResult(me, "me", 0, 0, True, team=0),
            SeatResult(mate, name, 1, 0, True, team=0),
            SeatResult(USERS[8], "them", 2, 30, False, team=1),
            SeatResult(USERS[9], "others", 3, 30, False, team=1),
        ]
        await store.record_finished_game(
            kind="uno", ruleset="twist", guild_id=GUILD, channel_id=CHANNEL, finished_at=T0, seats=seats
        )
    partners = await store.best_partners(me)
    assert [partner.partner_name for partner in partners] == ["Al", "bob", "Zoe"]
