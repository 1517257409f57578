"""Daily puzzle results and streaks, practice puzzles, and the puzzle board."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC
from datetime import date
from datetime import datetime
from datetime import timedelta

import pytest

from bot.store import PuzzleLeaderboardRow
from bot.store import PuzzleStats
from bot.store import Store

USERS = [1_600_000_000_000_001_000 + n for n in range(10)]
ANN, BEN, CAT = USERS[:3]
DAY = timedelta(days=1)


def name_of(user_id: int) -> str:
    return f"solver-{user_id % 1000:03d}"


async def solve(store: Store, user: int, day: date, solved: bool = True) -> PuzzleStats:
    return await store.record_daily_puzzle(
        user, name_of(user), day, solved=solved, moves=12, undos=0, today=day
    )


@pytest.mark.parametrize(
    "first",
    [date(2025, 12, 29), date(2026, 1, 29), date(2026, 2, 26), date(2028, 2, 27)],
    ids=["new-year", "january-end", "february-end", "leap-day"],
)
async def test_a_streak_runs_across_month_and_year_ends(store: Store, first: date) -> None:
    streaks = []
    for n in range(5):
        stats = await solve(store, ANN, first + n * DAY)
        streaks.append((stats.current_streak, stats.best_streak, stats.solved))
    assert streaks == [(n, n, n) for n in range(1, 6)]
    assert stats.last_solved == first + 4 * DAY


async def test_the_first_result_of_a_day_stands(store: Store) -> None:
    day = date(2026, 3, 10)
    first = await store.record_daily_puzzle(ANN, "Ann", day, solved=False, moves=5, undos=2, today=day)
    assert (first.solved, first.attempted, first.current_streak) == (0, 1, 0)
    again = await store.record_daily_puzzle(ANN, "Ann", day, solved=True, moves=9, undos=0, today=day)
    assert again == first
    assert await store.daily_puzzle_result(ANN, day) is False
    assert await store.daily_puzzle_result(ANN, day + DAY) is None
    await solve(store, BEN, day)
    assert await solve(store, BEN, day) == await store.puzzle_stats(BEN, today=day)
    assert await store.daily_puzzle_result(BEN, day) is True
    stats = await store.puzzle_stats(BEN, today=day)
    assert (stats.solved, stats.attempted, stats.current_streak, stats.best_streak) == (1, 1, 1, 1)


async def test_a_missed_day_breaks_the_streak_and_the_best_remains(store: Store) -> None:
    d = date(2026, 4, 1)
    for n in (0, 1, 2):
        await solve(store, ANN, d + n * DAY)
    # Nothing on day 3: day 4 starts again.
    after = await solve(store, ANN, d + 4 * DAY)
    assert (after.current_streak, after.best_streak, after.solved, after.attempted) == (1, 3, 4, 4)
    # Read on later days: alive today and tomorrow, gone the day after.
    now = [(await store.puzzle_stats(ANN, today=d + n * DAY)).current_streak for n in (4, 5, 6, 30)]
    assert now == [1, 1, 0, 0]
    assert (await store.puzzle_stats(ANN, today=d + 6 * DAY)).best_streak == 3


async def test_giving_up_breaks_the_streak_at_once(store: Store) -> None:
    d = date(2026, 5, 30)
    await solve(store, ANN, d)
    await solve(store, ANN, d + DAY)
    gave_up = await solve(store, ANN, d + 2 * DAY, solved=False)
    assert (gave_up.current_streak, gave_up.best_streak) == (0, 2)
    assert (gave_up.solved, gave_up.attempted, gave_up.last_solved) == (2, 3, d + DAY)
    next_day = await solve(store, ANN, d + 3 * DAY)
    assert (next_day.current_streak, next_day.best_streak) == (1, 2)


async def test_a_result_recorded_late_lands_on_its_day(store: Store) -> None:
    d = date(2026, 6, 1)
    await solve(store, ANN, d + 2 * DAY)
    await solve(store, ANN, d)
    assert (await store.puzzle_stats(ANN, today=d + 2 * DAY)).current_streak == 1
    # The day between arrives last and joins both sides.
    joined = await store.record_daily_puzzle(
        ANN, "Ann", d + DAY, solved=True, moves=1, undos=0, today=d + 2 * DAY
    )
    assert (joined.current_streak, joined.best_streak, joined.last_solved) == (3, 3, d + 2 * DAY)


def model(results: dict[date, bool], today: date) -> tuple[int, int, int, int, date | None]:
    """(solved, attempted, current, best, last solved), day by day over the calendar."""
    days = sorted(results)
    best = run = 0
    for day in (days[0] + n * DAY for n in range((days[-1] - days[0]).days + 1)):
        run = run + 1 if results.get(day) else 0
        best = max(best, run)
    current = run if days[-1] >= today - DAY else 0
    solved_days = [day for day in days if results[day]]
    return (
        len(solved_days),
        len(days),
        current,
        best,
        solved_days[-1] if solved_days else None,
    )


async def test_streaks_and_board_match_a_day_by_day_count(store: Store) -> None:
    rng = random.Random(3)
    start = date(2026, 12, 20)  # across a year end
    histories: dict[int, dict[date, bool]] = {}
    for user in USERS:
        days = sorted(rng.sample(range(30), rng.randint(1, 20)))
        histories[user] = {start + n * DAY: rng.random() < 0.8 for n in days}
    # Every player's results in a shuffled order, players interleaved.
    pending = [(user, day) for user, results in histories.items() for day in results]
    rng.shuffle(pending)
    for user, day in pending:
        await store.record_daily_puzzle(
            user, name_of(user), day, solved=histories[user][day], moves=3, undos=1
        )
    # A practice-only player is not on the daily board.
    await store.record_practice_puzzle(USERS[0] + 100, "practice-only", solved=True)
    for today in (start + 28 * DAY, start + 29 * DAY, start + 30 * DAY, start + 40 * DAY):
        expected: dict[int, tuple[int, int, int, int, date | None]] = {}
        for user, results in histories.items():
            expected[user] = model(results, today)
            stats = await store.puzzle_stats(user, today=today)
            got = (
                stats.solved,
                stats.attempted,
                stats.current_streak,
                stats.best_streak,
                stats.last_solved,
            )
            assert got == expected[user], (user, today)
        order = sorted(USERS, key=lambda u: (-expected[u][3], -expected[u][0], name_of(u), u))
        want = [
            PuzzleLeaderboardRow(
                rank=1 + sum(expected[o][3] > expected[u][3] for o in USERS),
                user_id=u,
                name=name_of(u),
                current_streak=expected[u][2],
                best_streak=expected[u][3],
                solved=expected[u][0],
            )
            for u in order
        ]
        board = await store.puzzle_leaderboard(today=today, limit=100)
        assert (board.total, list(board.rows)) == (len(USERS), want)
        pages = [
            await store.puzzle_leaderboard(today=today, limit=3, offset=offset) for offset in range(0, 12, 3)
        ]
        assert [row for page in pages for row in page.rows] == want
        assert all(page.total == len(USERS) for page in pages)


async def test_results_of_one_player_at_once_all_count(store: Store) -> None:
    """Each unit of work holds the player's row: no result is lost from the streak."""
    d = date(2026, 7, 1)
    days = [d + n * DAY for n in range(12)]
    # Every day twice, all at once: one result per day stands.
    await asyncio.gather(
        *(
            store.record_daily_puzzle(ANN, "Ann", day, solved=True, moves=n, undos=0)
            for n, day in enumerate(days * 2)
        )
    )
    stats = await store.puzzle_stats(ANN, today=days[-1])
    assert (stats.solved, stats.attempted, stats.current_streak, stats.best_streak) == (
        12,
        12,
        12,
        12,
    )


async def test_practice_puzzles_count_without_a_streak(store: Store) -> None:
    first = await store.record_practice_puzzle(ANN, "Ann", solved=True)
    assert (first.practice_solved, first.practice_attempted) == (1, 1)
    await store.record_practice_puzzle(ANN, "Ann", solved=False)
    both = await store.record_practice_puzzle(ANN, "Ann", solved=True)
    assert (both.practice_solved, both.practice_attempted) == (2, 3)
    assert (both.solved, both.attempted, both.current_streak, both.best_streak) == (0, 0, 0, 0)
    assert (await store.puzzle_leaderboard()).total == 0
    # The daily puzzle keeps the practice counts.
    day = date(2026, 8, 8)
    daily = await solve(store, ANN, day)
    assert (daily.practice_solved, daily.practice_attempted, daily.current_streak) == (2, 3, 1)
    assert (await store.get_player(ANN)) is not None


async def test_a_stranger_has_empty_puzzle_stats(store: Store) -> None:
    assert await store.puzzle_stats(CAT) == PuzzleStats(
        user_id=CAT,
        solved=0,
        attempted=0,
        current_streak=0,
        best_streak=0,
        last_solved=None,
        practice_solved=0,
        practice_attempted=0,
    )


async def test_today_defaults_to_the_utc_date(store: Store) -> None:
    today = datetime.now(UTC).date()
    await solve(store, ANN, today - DAY)
    stats = await store.record_daily_puzzle(ANN, "Ann", today, solved=True, moves=4, undos=0)
    assert stats.current_streak == 2
    assert (await store.puzzle_stats(ANN)).current_streak == 2
    await solve(store, BEN, today - 3 * DAY)
    assert (await store.puzzle_stats(BEN)).current_streak == 0
    board = await store.puzzle_leaderboard()
    assert [(row.user_id, row.current_streak) for row in board.rows] == [(ANN, 2), (BEN, 0)]


async def test_the_players_latest_name_is_kept(store: Store) -> None:
    day = date(2026, 9, 1)
    await store.record_daily_puzzle(ANN, "Ann", day, solved=True, moves=4, undos=0)
    await store.record_practice_puzzle(ANN, "Ann the Solver", solved=True)
    (row,) = (await store.puzzle_leaderboard(today=day)).rows
    assert row.name == "Ann the Solver"


@pytest.mark.parametrize(
    ("day", "moves", "undos"),
    [
        (datetime(2026, 1, 1, tzinfo=UTC), 1, 0),
        ("2026-01-01", 1, 0),
        (date(2026, 1, 1), -1, 0),
        (date(2026, 1, 1), 1, -1),
    ],
    ids=["a-datetime", "a-string", "negative-moves", "negative-undos"],
)
async def test_a_bad_daily_result_is_refused_and_nothing_is_written(
    store: Store, day: object, moves: int, undos: int
) -> None:
    with pytest.raises(ValueError):
        await store.record_daily_puzzle(ANN, "Ann", day, solved=True, moves=moves, undos=undos)  # type: ignore[arg-type]
    assert await store.get_player(ANN) is None
    assert (await store.puzzle_stats(ANN)).attempted == 0


@pytest.mark.parametrize(("limit", "offset"), [(0, 0), (101, 0), (10, -1)])
async def test_a_bad_page_of_the_puzzle_board_is_refused(store: Store, limit: int, offset: int) -> None:
    with pytest.raises(ValueError):
        await store.puzzle_leaderboard(limit=limit, offset=offset)


async def open_daily_puzzle(store: Store, user: int, day: date) -> str:
    """`user` starts the puzzle of `day` and leaves it open: a running game, not yet a result."""
    game_id = f"daily-{user % 1000}-{day.isoformat()}"
    await store.save_running_game(
        game_id,
        kind="puzzle-daily",
        guild_id=None,
        channel_id=user,
        state={"day": day.isoformat()},
        move_count=0,
        user_ids=[user],
        solo_kind="puzzle-daily",
        puzzle_day=day,
    )
    return game_id


async def test_a_streak_is_not_broken_while_the_puzzle_of_yesterday_is_still_open(store: Store) -> None:
    """ann solved two days in a row, started the next day's puzzle, and it is past midnight: the
    puzzle of yesterday, finished today, still counts for its own day and extends her streak, so
    the streak is not broken yet. Before, `/stats` and the board read 0 until she finished it."""
    d = date(2026, 12, 30)  # across a year end
    for user in (ANN, BEN, CAT):
        await solve(store, user, d)
    await solve(store, ANN, d + DAY)
    await solve(store, BEN, d + DAY)
    ann_game = await open_daily_puzzle(store, ANN, d + 2 * DAY)
    # Ben did not start the puzzle of d + 2: his run is broken. Cat missed d + 1: finishing the
    # puzzle of d + 2 cannot extend her run of d.
    await open_daily_puzzle(store, CAT, d + 2 * DAY)
    today = d + 3 * DAY

    def streaks(rows: tuple[PuzzleLeaderboardRow, ...]) -> dict[int, int]:
        return {row.user_id: row.current_streak for row in rows}

    assert [(await store.puzzle_stats(u, today=today)).current_streak for u in (ANN, BEN, CAT)] == [2, 0, 0]
    board = await store.puzzle_leaderboard(today=today, limit=10)
    assert streaks(board.rows) == {ANN: 2, BEN: 0, CAT: 0}
    # On the day it is still open, it is today's puzzle, and the run is alive as ever.
    assert (await store.puzzle_stats(ANN, today=d + 2 * DAY)).current_streak == 2
    # A day later the puzzle of d + 2 is no longer yesterday's: d + 3 was missed.
    assert (await store.puzzle_stats(ANN, today=d + 4 * DAY)).current_streak == 0
    later = await store.puzzle_leaderboard(today=d + 4 * DAY, limit=10)
    assert streaks(later.rows)[ANN] == 0
    # Finished after midnight, it counts for its own day: the streak goes on from 2 to 3.
    done = await store.record_daily_puzzle(
        ANN, "Ann", d + 2 * DAY, solved=True, moves=9, undos=0, today=today, ends=ann_game
    )
    assert (done.current_streak, done.best_streak) == (3, 3)
    assert streaks((await store.puzzle_leaderboard(today=today, limit=10)).rows)[ANN] == 3


async def test_a_puzzle_of_yesterday_given_up_after_midnight_ends_the_streak(store: Store) -> None:
    d = date(2026, 8, 1)
    await solve(store, ANN, d)
    game = await open_daily_puzzle(store, ANN, d + DAY)
    assert (await store.puzzle_stats(ANN, today=d + 2 * DAY)).current_streak == 1
    gave_up = await store.record_daily_puzzle(
        ANN, "Ann", d + DAY, solved=False, moves=2, undos=0, today=d + 2 * DAY, ends=game
    )
    assert (gave_up.current_streak, gave_up.best_streak) == (0, 1)
    assert (await store.puzzle_stats(ANN, today=d + 2 * DAY)).current_streak == 0
