"""Team partners: who played on one team with whom, and how their team did."""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from itertools import combinations

import pytest

from bot.store import PartnershipRow
from bot.store import PartnerStats
from bot.store import SeatResult
from bot.store import Store

GUILD_A = 1_500_000_000_000_000_001
GUILD_B = 1_500_000_000_000_000_002
CHANNEL = 1_500_000_000_000_000_003
USERS = [1_500_000_000_000_001_000 + n for n in range(8)]
ANN, BEN, CAT, DAN, EVE, FAY = USERS[:6]
T0 = datetime(2026, 2, 1, tzinfo=UTC)


def name_of(user_id: int) -> str:
    # One shape for every name, so any collation orders them like Python does.
    return f"player-{user_id % 1000:03d}"


async def team_game(
    store: Store,
    teams: list[list[int]],
    winner: int | None,
    *,
    guild_id: int | None = GUILD_A,
    at: datetime = T0,
    only_the_one_out_won: bool = False,
) -> int:
    """A finished game with `teams` seated in turn; `winner` is the index of the winning team.

    `only_the_one_out_won` records the win on the first member only, as a recorder might that
    marks who went out: the pair still counts the game as won.
    """
    seats = []
    seat = 0
    for team, members in enumerate(teams):
        for position, user in enumerate(members):
            won = team == winner and (position == 0 or not only_the_one_out_won)
            seats.append(SeatResult(user, name_of(user), seat, 0 if won else 25, won, team=team))
            seat += 1
    return await store.record_finished_game(
        kind="uno",
        ruleset="twist",
        guild_id=guild_id,
        channel_id=CHANNEL,
        finished_at=at,
        seats=seats,
    )


async def test_partners_are_the_players_of_ones_own_team(store: Store) -> None:
    # Ann and Ben partner twice (one win), Ann and Cat once (a win); Dan is only ever an opponent.
    await team_game(store, [[ANN, BEN], [CAT, DAN]], winner=0)
    await team_game(store, [[ANN, BEN], [CAT, DAN]], winner=1)
    await team_game(store, [[ANN, CAT], [BEN, DAN]], winner=0)
    assert await store.best_partners(ANN) == (
        # Ben: 1 win in 2; Cat: 1 win in 1 -> equal wins, Cat's win rate is better.
        PartnerStats(CAT, name_of(CAT), games=1, wins=1),
        PartnerStats(BEN, name_of(BEN), games=2, wins=1),
    )
    assert await store.best_partners(DAN) == (
        PartnerStats(CAT, name_of(CAT), games=2, wins=1),
        PartnerStats(BEN, name_of(BEN), games=1, wins=0),
    )
    (ben_with_ann,) = [p for p in await store.best_partners(BEN) if p.partner_id == ANN]
    assert ben_with_ann.win_rate == pytest.approx(0.5)
    assert await store.best_partners(EVE) == ()


async def test_games_without_teams_make_no_partners(store: Store) -> None:
    await store.record_finished_game(
        kind="uno",
        ruleset="official",
        guild_id=GUILD_A,
        channel_id=CHANNEL,
        finished_at=T0,
        seats=[
            SeatResult(ANN, name_of(ANN), 0, 50, True),
            SeatResult(BEN, name_of(BEN), 1, 0, False),
        ],
    )
    assert await store.best_partners(ANN) == ()
    assert (await store.partners_leaderboard(GUILD_A)).total == 0


async def test_a_team_won_when_any_member_is_recorded_as_winning(store: Store) -> None:
    await team_game(store, [[ANN, BEN], [CAT, DAN]], winner=0, only_the_one_out_won=True)
    assert await store.best_partners(BEN) == (PartnerStats(ANN, name_of(ANN), 1, 1),)
    (pair, other) = (await store.partners_leaderboard(GUILD_A)).rows
    assert (pair.first_id, pair.second_id, pair.games, pair.wins) == (ANN, BEN, 1, 1)
    assert (other.first_id, other.second_id, other.games, other.wins) == (CAT, DAN, 1, 0)


async def test_three_teams_and_the_server_scope(store: Store) -> None:
    await team_game(store, [[ANN, BEN], [CAT, DAN], [EVE, FAY]], winner=2, guild_id=GUILD_A)
    await team_game(store, [[ANN, BEN], [CAT, DAN], [EVE, FAY]], winner=0, guild_id=GUILD_B)
    await team_game(store, [[ANN, BEN, CAT], [DAN, EVE, FAY]], winner=0, guild_id=None)
    assert await store.best_partners(ANN, guild_id=GUILD_A) == (PartnerStats(BEN, name_of(BEN), 1, 0),)
    assert await store.best_partners(ANN, guild_id=GUILD_B) == (PartnerStats(BEN, name_of(BEN), 1, 1),)
    assert await store.best_partners(ANN) == (
        PartnerStats(BEN, name_of(BEN), 3, 2),
        PartnerStats(CAT, name_of(CAT), 1, 1),
    )
    in_a = await store.partners_leaderboard(GUILD_A)
    assert [(r.rank, r.first_id, r.second_id, r.wins) for r in in_a.rows] == [
        (1, EVE, FAY, 1),
        (2, ANN, BEN, 0),
        (2, CAT, DAN, 0),
    ]
    everywhere = await store.partners_leaderboard(None)
    assert [(r.rank, r.first_id, r.second_id, r.games, r.wins) for r in everywhere.rows] == [
        (1, ANN, BEN, 3, 2),
        # One win each: by win rate, then games, then ids.
        (2, ANN, CAT, 1, 1),
        (2, BEN, CAT, 1, 1),
        (2, EVE, FAY, 3, 1),
        (5, CAT, DAN, 2, 0),
        (5, DAN, EVE, 1, 0),
        (5, DAN, FAY, 1, 0),
    ]
    assert everywhere.total == 7
    regulars = await store.partners_leaderboard(None, min_games=2)
    assert [(r.first_id, r.second_id) for r in regulars.rows] == [
        (ANN, BEN),
        (EVE, FAY),
        (CAT, DAN),
    ]
    assert [r.rank for r in regulars.rows] == [1, 2, 3]


@dataclass(frozen=True)
class Played:
    guild_id: int | None
    teams: tuple[tuple[int, ...], ...]
    winner: int


def random_team_history(seed: int, games: int) -> list[Played]:
    rng = random.Random(seed)
    history = []
    for _ in range(games):
        team_count, size = rng.choice([(2, 2), (2, 2), (3, 2), (2, 3), (4, 2)])
        players = rng.sample(USERS, team_count * size)
        teams = tuple(tuple(players[n * size : (n + 1) * size]) for n in range(team_count))
        history.append(Played(rng.choice([GUILD_A, GUILD_B, None]), teams, rng.randrange(team_count)))
    return history


def expected_pairs(history: list[Played], guild_id: int | None) -> dict[tuple[int, int], tuple[int, int]]:
    """(first, second) -> (games, wins), worked out in plain Python."""
    games: dict[tuple[int, int], int] = defaultdict(int)
    wins: dict[tuple[int, int], int] = defaultdict(int)
    for played in history:
        if guild_id is not None and played.guild_id != guild_id:
            continue
        for number, team in enumerate(played.teams):
            for pair in combinations(sorted(team), 2):
                games[pair] += 1
                wins[pair] += number == played.winner
    return {pair: (games[pair], wins[pair]) for pair in games}


def board_key(games: int, wins: int) -> tuple[float, float, int]:
    return (-wins, -wins / games, -games)


async def test_partners_match_a_plain_python_count(store: Store) -> None:
    history = random_team_history(seed=7, games=50)
    for n, played in enumerate(history):
        await team_game(
            store,
            [list(team) for team in played.teams],
            played.winner,
            guild_id=played.guild_id,
            at=T0 + timedelta(minutes=n),
        )
    for guild_id in (GUILD_A, GUILD_B, None):
        pairs = expected_pairs(history, guild_id)
        for user in USERS:
            mine = {(b if a == user else a): totals for (a, b), totals in pairs.items() if user in (a, b)}
            ordered = sorted(mine, key=lambda p: (*board_key(*mine[p]), name_of(p), p))
            want = tuple(PartnerStats(p, name_of(p), *mine[p]) for p in ordered)
            assert await store.best_partners(user, guild_id=guild_id, limit=100) == want
            assert await store.best_partners(user, guild_id=guild_id, limit=3) == want[:3]
        for min_games in (1, 3):
            kept = [pair for pair in pairs if pairs[pair][0] >= min_games]
            kept.sort(key=lambda pair: (*board_key(*pairs[pair]), pair))
            want_rows = [
                PartnershipRow(
                    rank=1 + sum(pairs[o][1] > pairs[pair][1] for o in kept),
                    first_id=pair[0],
                    first_name=name_of(pair[0]),
                    second_id=pair[1],
                    second_name=name_of(pair[1]),
                    games=pairs[pair][0],
                    wins=pairs[pair][1],
                )
                for pair in kept
            ]
            whole = await store.partners_leaderboard(guild_id, limit=100, min_games=min_games)
            assert (whole.total, list(whole.rows)) == (len(kept), want_rows)
            # Pages cover every pair once, in order.
            paged = [
                row
                for offset in range(0, len(kept) + 4, 4)
                for row in (
                    await store.partners_leaderboard(guild_id, limit=4, offset=offset, min_games=min_games)
                ).rows
            ]
            assert paged == want_rows


async def test_partner_names_are_their_latest(store: Store) -> None:
    await team_game(store, [[ANN, BEN], [CAT, DAN]], winner=0)
    await store.upsert_player(BEN, "Benjamin")
    assert [p.partner_name for p in await store.best_partners(ANN)] == ["Benjamin"]
    (first,) = [r for r in (await store.partners_leaderboard(GUILD_A)).rows if r.first_id == ANN]
    assert (first.first_name, first.second_name) == (name_of(ANN), "Benjamin")


@pytest.mark.parametrize(("limit", "offset"), [(0, 0), (101, 0), (10, -1)])
async def test_a_bad_page_of_partners_is_refused(store: Store, limit: int, offset: int) -> None:
    with pytest.raises(ValueError):
        await store.partners_leaderboard(GUILD_A, limit=limit, offset=offset)
    if offset == 0:
        with pytest.raises(ValueError):
            await store.best_partners(ANN, limit=limit)
