"""Replays are computed from the stored seed, rules and move log, and end where the game ended."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from pathlib import Path

import pytest

from bot.games.uno.game import UnoGame
from bot.sessions.core import SessionError
from bot.sessions.history import FORMER_PLAYER
from bot.sessions.history import History
from bot.sessions.history import replay_record
from bot.store import Store
from tests.history.games import Played
from tests.history.games import play_game
from tests.history.games import random_settings

FINISHED = datetime(2026, 11, 23, 20, 0, tzinfo=UTC)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    # Not the disk's durability on trial here (the store's tests keep "full"): no wait on it.
    opened = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", synchronous="normal")
    try:
        yield opened
    finally:
        await opened.close()


def a_game(seed: int, ruleset: str) -> Played:
    rng = random.Random(seed)
    settings = random_settings(rng, ruleset)
    rules = settings.rules()
    players = (
        4 if settings.options.get("teams") else rng.randint(rules.min_players, min(rules.max_players, 4))
    )
    return play_game(seed, settings, players)


async def record(store: Store, played: Played, *, guild_id: int = 1, minutes: int = 0) -> int:
    return await store.record_finished_game(
        kind="uno",
        ruleset=str(played.record.rules["ruleset"]),
        guild_id=guild_id,
        channel_id=7,
        finished_at=FINISHED + timedelta(minutes=minutes),
        seats=played.seats,
        record=played.record,
    )


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ["official", "classic", "twist"])
async def test_a_thousand_stored_games_replay_to_their_recorded_results(store: Store, ruleset: str) -> None:
    """Each game is stored with its seed, rules (house rules, teams, time limits drawn at random)
    and log; replayed from the store alone it ends on the recorded scores and winners."""
    history = History(store)
    ids = [await record(store, a_game(seed, ruleset)) for seed in range(1000)]
    checked_leavers = 0
    for game_id in ids:
        shown = await history.game_replay(game_id, guild_id=1)
        replay = shown.replay
        assert replay.frames[-1].over
        final = replay.final_scores()
        for start, points in final.items():
            assert shown.recorded_points[start] == points, (game_id, start)
        recorded_winners = {start for start, won in enumerate(shown.recorded_won) if won}
        assert set(replay.winners()) == recorded_winners, game_id
        assert replay.final.round_number == shown.summary.rounds
        checked_leavers += replay.seat_count - len(final)
    assert checked_leavers > 0  # some games had players leave midway


@pytest.mark.parametrize("ruleset", ["official", "classic", "twist"])
def test_a_replay_ends_on_the_engines_own_replay_of_the_log(ruleset: str) -> None:
    """Frame by frame or all at once, the same log reaches the same game."""
    for seed in range(30):
        record = a_game(seed, ruleset).record
        replay = replay_record(record)
        moves = [(int(seat), str(text)) for seat, text in record.log["moves"]]
        assert replay.final == UnoGame.replay(replay.ruleset, record.seat_count, record.seed, moves)
        assert len(replay.frames) == len(moves) + 1


async def test_history_lists_a_servers_games_newest_first_and_a_players_own(store: Store) -> None:
    history = History(store)
    first = await record(store, a_game(1, "official"), minutes=0)
    second = await record(store, a_game(2, "twist"), minutes=5)
    await record(store, a_game(3, "official"), guild_id=2, minutes=10)
    listed = await history.server_games(1)
    assert [game.game_id for game in listed] == [second, first]
    assert listed[0].ruleset == "twist" and listed[0].replayable
    assert listed[0].rounds is not None and listed[0].rounds >= 1
    assert all(game.winners for game in listed)
    mine = await history.player_games(100)
    assert [game.game_id for game in mine][:2] == [second + 1, second]


async def test_a_replay_outlives_a_forgotten_player_and_a_restart(store: Store, tmp_path: Path) -> None:
    played = a_game(5, "official")
    game_id = await record(store, played)
    before = await History(store).game_replay(game_id, guild_id=1)
    await store.forget_user(100)  # the player at the deal's seat 0
    await store.close()
    reopened = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}")
    try:
        after = await History(reopened).game_replay(game_id, guild_id=1)
    finally:
        await reopened.close()
    assert after.names[0] == FORMER_PLAYER and after.recorded_points[0] is None
    assert after.names[1:] == before.names[1:]
    assert len(after.replay.frames) == len(before.replay.frames)
    assert after.replay.final_scores() == before.replay.final_scores()


async def test_a_game_of_another_server_or_none_is_refused(store: Store) -> None:
    game_id = await record(store, a_game(1, "official"), guild_id=2)
    with pytest.raises(SessionError, match="no finished game"):
        await History(store).game_replay(game_id, guild_id=1)
    with pytest.raises(SessionError, match="no finished game"):
        await History(store).game_replay(game_id + 50, guild_id=None)


async def test_a_game_finished_before_replays_were_kept_is_listed_not_replayed(store: Store) -> None:
    played = a_game(1, "official")
    game_id = await store.record_finished_game(
        kind="uno", ruleset="official", guild_id=1, channel_id=7, finished_at=FINISHED, seats=played.seats
    )
    assert not (await History(store).server_games(1))[0].replayable
    with pytest.raises(SessionError, match="before replays were kept"):
        await History(store).game_replay(game_id, guild_id=1)
