"""Finished games, leaderboards, player stats and solo streaks."""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest

from bot.store import GameRecord
from bot.store import LeaderboardMetric
from bot.store import LeaderboardRow
from bot.store import SeatResult
from bot.store import Store

GUILD_A = 1_200_000_000_000_000_001
GUILD_B = 1_200_000_000_000_000_002
CHANNEL = 1_200_000_000_000_000_003
USERS = [1_200_000_000_000_001_000 + n for n in range(9)]
T0 = datetime(2026, 1, 1, tzinfo=UTC)


def name_of(user_id: int) -> str:
    return f"player-{user_id % 1000}"


@dataclass(frozen=True)
class Played:
    kind: str
    guild_id: int | None
    seats: tuple[SeatResult, ...]


def random_history(seed: int, games: int) -> list[Played]:
    rng = random.Random(seed)
    history = []
    for _ in range(games):
        players = rng.sample(USERS, rng.randint(2, 4))
        winner = rng.randrange(len(players))
        seats = tuple(
            SeatResult(
                user_id=user,
                display_name=name_of(user),
                seat=seat,
                # Few distinct totals, so the leaderboards meet ties.
                points=rng.choice([0, 0, 10, 20, 50]) if seat == winner else 0,
                won=seat == winner,
            )
            for seat, user in enumerate(players)
        )
        history.append(Played(rng.choice(["uno", "flood"]), rng.choice([GUILD_A, GUILD_B, None]), seats))
    return history


async def record(store: Store, history: list[Played]) -> list[int]:
    ids = []
    for n, played in enumerate(history):
        ids.append(
            await store.record_finished_game(
                kind=played.kind,
                ruleset="official",
                guild_id=played.guild_id,
                channel_id=CHANNEL,
                finished_at=T0 + timedelta(minutes=n),
                seats=played.seats,
            )
        )
    return ids


def expected_board(
    history: list[Played],
    kind: str,
    guild_id: int | None,
    metric: LeaderboardMetric,
    min_games: int,
) -> list[LeaderboardRow]:
    """The leaderboard worked out in plain Python, from its documented ordering."""
    games: dict[int, int] = defaultdict(int)
    wins: dict[int, int] = defaultdict(int)
    points: dict[int, int] = defaultdict(int)
    for played in history:
        if played.kind != kind or (guild_id is not None and played.guild_id != guild_id):
            continue
        for seat in played.seats:
            games[seat.user_id] += 1
            wins[seat.user_id] += seat.won
            points[seat.user_id] += seat.points
    users = [user for user in games if games[user] >= min_games]

    def key(user: int) -> tuple[float, ...]:
        rate = wins[user] / games[user]
        if metric == "wins":
            return (-wins[user], -points[user], games[user], user)
        if metric == "points":
            return (-points[user], -wins[user], games[user], user)
        return (-rate, -games[user], user)

    users.sort(key=key)
    rows = []
    for position, user in enumerate(users):
        primary = key(user)[0]
        # Competition ranking on the metric: equals share the rank of the first of them.
        rank = 1 + sum(1 for other in users[:position] if key(other)[0] != primary)
        rows.append(
            LeaderboardRow(
                rank=rank,
                user_id=user,
                display_name=name_of(user),
                games=games[user],
                wins=wins[user],
                points=points[user],
                win_rate=wins[user] / games[user],
            )
        )
    return rows


async def test_a_finished_game_counts_for_every_seat(store: Store) -> None:
    alice, bob = USERS[:2]
    game_id = await store.record_finished_game(
        kind="uno",
        ruleset="official",
        guild_id=GUILD_A,
        channel_id=CHANNEL,
        finished_at=T0,
        seats=[
            SeatResult(alice, "Alice", seat=0, points=87, won=True, team=1),
            SeatResult(bob, "Bob", seat=1, points=0, won=False, team=2),
        ],
    )
    page = await store.leaderboard("uno", GUILD_A, "points")
    assert page.total == 2
    assert [(row.rank, row.user_id, row.display_name, row.points) for row in page.rows] == [
        (1, alice, "Alice", 87),
        (2, bob, "Bob", 0),
    ]
    stats = await store.player_stats(alice)
    uno = stats.for_kind("uno")
    assert stats.display_name == "Alice" and uno is not None
    assert (uno.games, uno.wins, uno.points, uno.win_rate) == (1, 1, 87, 1.0)
    assert (uno.best_points, uno.best_game_id, uno.best_game_at) == (87, game_id, T0)
    player = await store.get_player(bob)
    assert player is not None and (player.display_name, player.last_seen) == ("Bob", T0)


async def test_a_finished_game_is_found_by_its_tables_id_in_its_channel(store: Store) -> None:
    """A table's id is unique among running games only: a later table may carry it again, and
    the newest in the click's channel is the one a click there was made on."""
    other_channel = CHANNEL + 1

    async def finish(table_id: str | None, channel_id: int) -> int:
        seats = [SeatResult(USERS[0], "Alice", seat=0, points=0, won=True)]
        return await store.record_finished_game(
            kind="uno",
            ruleset="official",
            guild_id=GUILD_A,
            channel_id=channel_id,
            finished_at=T0,
            seats=seats,
            table_id=table_id,
        )

    first = await finish("0a1b2c3d", CHANNEL)
    elsewhere = await finish("0a1b2c3d", other_channel)
    await finish(None, CHANNEL)
    assert await store.finished_game_of_table("0a1b2c3d", CHANNEL) == first
    assert await store.finished_game_of_table("0a1b2c3d", other_channel) == elsewhere
    again = await finish("0a1b2c3d", CHANNEL)
    assert await store.finished_game_of_table("0a1b2c3d", CHANNEL) == again
    assert await store.finished_game_of_table("ffffffff", CHANNEL) is None


async def test_an_overlong_name_is_cut_to_fit(store: Store) -> None:
    await store.upsert_player(USERS[0], "n" * 500)
    player = await store.get_player(USERS[0])
    assert player is not None and player.display_name == "n" * 100


async def test_a_new_name_replaces_the_old_and_last_seen_never_goes_back(store: Store) -> None:
    alice = USERS[0]
    await store.upsert_player(alice, "Alice", seen_at=T0 + timedelta(days=2))
    await store.record_finished_game(
        kind="uno",
        ruleset="official",
        guild_id=None,
        channel_id=CHANNEL,
        finished_at=T0,
        seats=[SeatResult(alice, "Alice the Great", seat=0, points=1, won=True)],
    )
    player = await store.get_player(alice)
    assert player is not None
    assert (player.display_name, player.last_seen) == ("Alice the Great", T0 + timedelta(days=2))
    assert await store.get_player(USERS[1]) is None


@pytest.mark.parametrize(
    "seats",
    [
        [],
        [SeatResult(USERS[0], "A", 0, 0, True), SeatResult(USERS[0], "A", 1, 0, False)],
        [SeatResult(USERS[0], "A", 0, 0, True), SeatResult(USERS[1], "B", 0, 0, False)],
    ],
    ids=["no-seat", "same-player-twice", "same-seat-twice"],
)
async def test_an_impossible_result_is_refused_and_nothing_is_written(
    store: Store, seats: list[SeatResult]
) -> None:
    with pytest.raises(ValueError):
        await store.record_finished_game(
            kind="uno",
            ruleset="official",
            guild_id=None,
            channel_id=CHANNEL,
            finished_at=T0,
            seats=seats,
        )
    assert (await store.leaderboard("uno", None, "wins")).total == 0
    assert await store.get_player(USERS[0]) is None


async def test_a_failed_transaction_leaves_no_half_game(store: Store) -> None:
    """The players and the game are written with the seats, or not at all."""
    seats = [
        SeatResult(USERS[0], "A", 0, 5, True),
        # Fits no integer column on either backend: the last insert of the transaction fails.
        SeatResult(USERS[1], "B", 1, 2**70, False),
    ]
    with pytest.raises(Exception):  # noqa: B017 - each driver words the overflow its own way
        await store.record_finished_game(
            kind="uno",
            ruleset="official",
            guild_id=None,
            channel_id=CHANNEL,
            finished_at=T0,
            seats=seats,
        )
    assert await store.get_player(USERS[0]) is None
    assert (await store.player_stats(USERS[0])).kinds == ()
    assert (await store.leaderboard("uno", None, "wins")).total == 0


@pytest.mark.parametrize("metric", ["wins", "points", "win_rate"])
async def test_leaderboards_match_a_plain_python_count(store: Store, metric: LeaderboardMetric) -> None:
    history = random_history(seed=4, games=60)
    await record(store, history)
    for kind in ("uno", "flood"):
        for guild_id in (GUILD_A, GUILD_B, None):
            for min_games in (1, 8):
                expected = expected_board(history, kind, guild_id, metric, min_games)
                page = await store.leaderboard(kind, guild_id, metric, min_games=min_games, limit=100)
                assert page.total == len(expected)
                assert list(page.rows) == pytest.approx(expected)


async def test_scope_separates_servers_and_everyone_sums_them(store: Store) -> None:
    alice, bob = USERS[:2]
    for guild_id, winner in ((GUILD_A, alice), (GUILD_B, bob), (GUILD_B, bob)):
        await store.record_finished_game(
            kind="uno",
            ruleset="official",
            guild_id=guild_id,
            channel_id=CHANNEL,
            finished_at=T0,
            seats=[
                SeatResult(alice, "Alice", 0, 10 if winner == alice else 0, winner == alice),
                SeatResult(bob, "Bob", 1, 10 if winner == bob else 0, winner == bob),
            ],
        )
    in_a = await store.leaderboard("uno", GUILD_A, "wins")
    in_b = await store.leaderboard("uno", GUILD_B, "wins")
    everyone = await store.leaderboard("uno", None, "wins")
    assert [(row.user_id, row.wins, row.games) for row in in_a.rows] == [(alice, 1, 1), (bob, 0, 1)]
    assert [(row.user_id, row.wins, row.games) for row in in_b.rows] == [(bob, 2, 2), (alice, 0, 2)]
    assert [(row.user_id, row.wins, row.games) for row in everyone.rows] == [
        (bob, 2, 3),
        (alice, 1, 3),
    ]
    assert (await store.leaderboard("flood", None, "wins")).total == 0
    stats_a = (await store.player_stats(bob, GUILD_A)).for_kind("uno")
    stats_all = (await store.player_stats(bob)).for_kind("uno")
    assert stats_a is not None and stats_all is not None
    assert (stats_a.games, stats_a.wins) == (1, 0)
    assert (stats_all.games, stats_all.wins, stats_all.points) == (3, 2, 20)


async def test_win_rate_needs_the_minimum_number_of_games(store: Store) -> None:
    lucky, steady, loser = USERS[:3]
    # lucky: 1 game, 1 win; steady: 4 games, 3 wins; loser: 5 games, 1 win.
    results = [(lucky, loser)] + [(steady, loser)] * 3 + [(loser, steady)]
    for winner, other in results:
        await store.record_finished_game(
            kind="uno",
            ruleset="official",
            guild_id=None,
            channel_id=CHANNEL,
            finished_at=T0,
            seats=[SeatResult(winner, "W", 0, 1, True), SeatResult(other, "L", 1, 0, False)],
        )
    anyone = await store.leaderboard("uno", None, "win_rate", min_games=1)
    assert [(row.user_id, row.games, row.wins) for row in anyone.rows] == [
        (lucky, 1, 1),
        (steady, 4, 3),
        (loser, 5, 1),
    ]
    regulars = await store.leaderboard("uno", None, "win_rate", min_games=3)
    assert [row.user_id for row in regulars.rows] == [steady, loser]
    assert [row.rank for row in regulars.rows] == [1, 2]
    assert regulars.total == 2
    assert [row.win_rate for row in regulars.rows] == pytest.approx([3 / 4, 1 / 5])
    assert (await store.leaderboard("uno", None, "win_rate", min_games=6)).total == 0


async def test_pages_cover_everyone_once_in_order(store: Store) -> None:
    history = random_history(seed=11, games=40)
    await record(store, history)
    whole = await store.leaderboard("uno", None, "points", limit=100)
    assert whole.total == len(whole.rows) >= 7
    pages = [
        await store.leaderboard("uno", None, "points", limit=3, offset=start) for start in range(0, 12, 3)
    ]
    assert all(page.total == whole.total for page in pages)
    assert [row for page in pages for row in page.rows] == list(whole.rows)
    assert (await store.leaderboard("uno", None, "points", limit=3, offset=whole.total)).rows == ()


@pytest.mark.parametrize(("limit", "offset"), [(0, 0), (101, 0), (10, -1)])
async def test_a_bad_page_is_refused(store: Store, limit: int, offset: int) -> None:
    with pytest.raises(ValueError):
        await store.leaderboard("uno", None, "wins", limit=limit, offset=offset)
    with pytest.raises(ValueError):
        await store.solo_leaderboard("flood", "easy", "wins", limit=limit, offset=offset)


async def test_an_unknown_metric_is_refused(store: Store) -> None:
    with pytest.raises(ValueError, match="metric"):
        await store.leaderboard("uno", None, "elo")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="metric"):
        await store.solo_leaderboard("flood", "easy", "elo")  # type: ignore[arg-type]


async def test_player_stats_per_kind_with_the_best_game(store: Store) -> None:
    history = random_history(seed=5, games=50)
    ids = await record(store, history)
    user = USERS[3]
    stats = await store.player_stats(user)
    for kind in ("uno", "flood"):
        mine = [
            (game_id, seat)
            for game_id, played in zip(ids, history, strict=True)
            if played.kind == kind
            for seat in played.seats
            if seat.user_id == user
        ]
        got = stats.for_kind(kind)
        if not mine:
            assert got is None
            continue
        assert got is not None
        assert got.games == len(mine)
        assert got.wins == sum(seat.won for _, seat in mine)
        assert got.points == sum(seat.points for _, seat in mine)
        assert got.win_rate == pytest.approx(got.wins / got.games)
        best_points = max(seat.points for _, seat in mine)
        first_best = min(game_id for game_id, seat in mine if seat.points == best_points)
        assert (got.best_points, got.best_game_id) == (best_points, first_best)
        assert got.best_game_at == T0 + timedelta(minutes=ids.index(first_best))
    assert [k.kind for k in stats.kinds] == sorted(k.kind for k in stats.kinds)


async def test_stats_of_a_stranger_are_empty(store: Store) -> None:
    stats = await store.player_stats(USERS[8])
    assert (stats.display_name, stats.kinds) == (None, ())


async def test_streaks_win_win_loss_win(store: Store) -> None:
    user = USERS[0]
    seen = []
    for won in (True, True, False, True):
        after = await store.record_solo_result(user, "flood", "easy/uno", won)
        seen.append((after.games, after.wins, after.current_streak, after.best_streak))
    assert seen == [(1, 1, 1, 1), (2, 2, 2, 2), (3, 2, 0, 2), (4, 3, 1, 2)]
    (stats,) = await store.solo_stats(user, "flood")
    assert (stats.variant, stats.current_streak, stats.best_streak) == ("easy/uno", 1, 2)
    assert stats.win_rate == pytest.approx(3 / 4)


async def test_solo_stats_are_kept_per_kind_and_variant(store: Store) -> None:
    user = USERS[0]
    await store.record_solo_result(user, "flood", "hard/uno", True)
    await store.record_solo_result(user, "flood", "easy/uno", False)
    await store.record_solo_result(user, "solitaire", "klondike", True)
    flood = await store.solo_stats(user, "flood")
    assert [(s.variant, s.games, s.wins, s.best_streak) for s in flood] == [
        ("easy/uno", 1, 0, 0),
        ("hard/uno", 1, 1, 1),
    ]
    assert [s.variant for s in await store.solo_stats(user, "solitaire")] == ["klondike"]
    assert await store.solo_stats(USERS[1], "flood") == ()


async def test_a_long_streak_then_a_shorter_one_keeps_the_best(store: Store) -> None:
    user = USERS[0]
    outcomes = [True] * 5 + [False] + [True] * 3
    for won in outcomes:
        last = await store.record_solo_result(user, "puzzle", "daily", won)
    assert (last.current_streak, last.best_streak, last.games, last.wins) == (3, 5, 9, 8)


async def test_solo_leaderboard_orders_by_the_metric_and_pages(store: Store) -> None:
    rng = random.Random(8)
    runs = {user: [rng.random() < 0.6 for _ in range(rng.randint(1, 12))] for user in USERS}
    for user, outcomes in runs.items():
        for won in outcomes:
            await store.record_solo_result(user, "flood", "easy/uno", won, display_name=name_of(user))
    await store.record_solo_result(USERS[0], "flood", "hard/uno", True)

    def best_streak(outcomes: list[bool]) -> int:
        best = current = 0
        for won in outcomes:
            current = current + 1 if won else 0
            best = max(best, current)
        return best

    by_streak = sorted(USERS, key=lambda u: (-best_streak(runs[u]), -sum(runs[u]), len(runs[u]), u))
    by_wins = sorted(USERS, key=lambda u: (-sum(runs[u]), -best_streak(runs[u]), len(runs[u]), u))
    streaks = await store.solo_leaderboard("flood", "easy/uno", "best_streak", limit=100)
    wins = await store.solo_leaderboard("flood", "easy/uno", "wins", limit=100)
    assert streaks.total == wins.total == len(USERS)
    assert [row.user_id for row in streaks.rows] == by_streak
    assert [row.user_id for row in wins.rows] == by_wins
    assert [row.best_streak for row in streaks.rows] == [best_streak(runs[u]) for u in by_streak]
    assert all(row.display_name == name_of(row.user_id) for row in wins.rows)
    for row in streaks.rows:
        assert row.rank == 1 + sum(best_streak(runs[u]) > row.best_streak for u in USERS)
    second_page = await store.solo_leaderboard("flood", "easy/uno", "wins", limit=4, offset=4)
    assert second_page.rows == wins.rows[4:8]
    hard = await store.solo_leaderboard("flood", "hard/uno", "wins")
    assert [(row.user_id, row.display_name) for row in hard.rows] == [(USERS[0], name_of(USERS[0]))]


async def test_finished_games_of_several_kinds_and_their_records(store: Store) -> None:
    """A server's history reads its people-only games and those with computer players together,
    newest first, and the records of the ones it asks for (a game without one is left out)."""
    at = datetime(2026, 11, 24, tzinfo=UTC)
    seat = [SeatResult(USERS[0], "ann", 0, 10, True)]
    ids = {}
    for minutes, kind in enumerate(["uno", "uno_vs_easy", "flood", "uno_vs_hard"]):
        ids[kind] = await store.record_finished_game(
            kind=kind,
            ruleset="official",
            guild_id=GUILD_A,
            channel_id=CHANNEL,
            finished_at=at + timedelta(minutes=minutes),
            seats=seat,
            record=None
            if kind == "uno_vs_hard"
            else GameRecord(2**63 - 1, {"ruleset": "official"}, {"moves": [], "kind": kind}, 1, 3),
        )
    listed = await store.finished_games(["uno", "uno_vs_easy", "uno_vs_hard"], guild_id=GUILD_A)
    assert [game.kind for game in listed] == ["uno_vs_hard", "uno_vs_easy", "uno"]
    assert [game.kind for game in await store.finished_games("uno_vs_easy", user_id=USERS[0])] == [
        "uno_vs_easy"
    ]
    records = await store.game_records([ids["uno_vs_easy"], ids["uno_vs_hard"], ids["uno"] + 1000])
    assert list(records) == [ids["uno_vs_easy"]]
    assert records[ids["uno_vs_easy"]].log == {"moves": [], "kind": "uno_vs_easy"}
    assert records[ids["uno_vs_easy"]].seed == 2**63 - 1
    assert await store.game_records([]) == {}
