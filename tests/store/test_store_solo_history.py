"""Finished solo games are kept through the store the way the bot ends them (their seed, options
and log), and replay from the store alone to the recorded result; a player who asks to be
forgotten takes their solo games with them, and nobody else's."""

from __future__ import annotations

import random
from datetime import UTC
from datetime import datetime
from typing import Any

import pytest

from bot.games.flood import Difficulty
from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.flood import GreedyPlayer
from bot.games.flood import RandomPlayer as FloodRandom
from bot.games.flood import parse_action as parse_flood
from bot.games.tableau import TableauGame
from bot.games.tableau import parse_action as parse_tableau
from bot.games.tableau import play_greedy
from bot.sessions.core import SessionError
from bot.sessions.solo import SoloKind
from bot.sessions.solo import SoloPhase
from bot.sessions.solo import SoloSession
from bot.sessions.solo_history import SoloHistory
from bot.sessions.solo_store import StoreSoloRepository
from bot.store import Store

NOW = datetime(2026, 11, 24, 1, 0, tzinfo=UTC)
FLOOD = SoloKind(
    name="flood", title="Survive the Flood", parse=parse_flood, load=FloodGame.from_json, command=""
)
SOLITAIRE = SoloKind(
    name="solitaire", title="UNO Solitaire", parse=parse_tableau, load=TableauGame.from_json, command=""
)
GAMES_PER_DIFFICULTY = 40


def _session(kind: SoloKind, user_id: int, variant: str, game: Any, *, idle: bool) -> SoloSession:
    session = SoloSession(
        kind=kind,
        game_id=f"{user_id:08x}",
        variant=variant,
        user_id=user_id,
        user_name=f"player {user_id}",
        channel_id=5,
        guild_id=None if user_id % 2 else 9,
        game=game,
        idle_seconds=60,
        now=lambda: NOW,
    )
    # A game its player left idle ends where it stood, a loss; the others the engine ended.
    session.phase = SoloPhase.EXPIRED if idle else SoloPhase.FINISHED
    return session


def _flood_game(seed: int, difficulty: Difficulty) -> tuple[FloodGame, bool]:
    rng = random.Random(seed)
    options = FloodOptions.make(difficulty.value, rng.choice(["uno", "standard"]), None, rng.random() < 0.3)
    game, _ = FloodGame.new(options, seed)
    player = GreedyPlayer() if rng.random() < 0.5 else FloodRandom(rng)
    idle_after = rng.randint(0, 60) if rng.random() < 0.15 else None
    while not game.is_over:
        if idle_after is not None and len(game.log) >= idle_after:
            return game, True
        game.apply(player.choose(game.view()) if rng.random() > 0.002 else parse_flood("resign"))
    return game, False


def _solitaire_game(seed: int) -> tuple[TableauGame, bool]:
    rng = random.Random(seed)
    game = TableauGame.new(seed)
    if rng.random() < 0.5:
        return play_greedy(game), False
    idle_after = rng.randint(0, 80) if rng.random() < 0.2 else None
    while not game.is_over:
        if idle_after is not None and len(game.log) >= idle_after:
            return game, True
        game.apply(rng.choice(game.legal_actions()))  # undos and resigning among them
    return game, False


async def _keep(store: Store, session: SoloSession) -> int:
    await StoreSoloRepository(store).finish(session)
    [game] = await SoloHistory(store).player_games(session.user_id, session.kind.name)
    return game.game_id


async def test_many_finished_solo_games_replay_from_the_store_to_their_results(store: Store) -> None:
    history = SoloHistory(store)
    played: list[tuple[int, SoloSession]] = []
    user_id = 1
    for difficulty in Difficulty:
        for n in range(GAMES_PER_DIFFICULTY):
            seed = 1000 * user_id + n
            game, idle = _flood_game(seed, difficulty)
            variant = f"{difficulty.value}/{game.options.deck.value}"
            session = _session(FLOOD, user_id, variant, game, idle=idle)
            played.append((await _keep(store, session), session))
            user_id += 1
    for seed in range(GAMES_PER_DIFFICULTY * 2):
        game, idle = _solitaire_game(seed)
        session = _session(SOLITAIRE, user_id, "draw3", game, idle=idle)
        played.append((await _keep(store, session), session))
        user_id += 1
    outcomes = set()
    for game_id, session in played:
        shown = await history.game_replay(
            session.kind, game_id, user_id=session.user_id, step=lambda last: last
        )
        final = shown.step.game
        assert final == session.game, game_id
        assert shown.won == session.won == final.won
        assert shown.ended_idle == (session.phase is SoloPhase.EXPIRED) == (not final.is_over)
        assert shown.summary.seats[0].points == len(session.game.log)  # type: ignore[attr-defined]
        outcomes.add((session.kind.name, shown.won, shown.ended_idle))
    # Wins, losses and idle games of both games were all replayed.
    ends = [(True, False), (False, False), (False, True)]
    assert outcomes == {(kind, won, idle) for kind in ("flood", "solitaire") for won, idle in ends}


async def test_a_replay_is_its_players_alone_and_goes_when_they_are_forgotten(store: Store) -> None:
    history = SoloHistory(store)
    easy = Difficulty.EASY
    mine = await _keep(store, _session(FLOOD, 7, "easy/uno", _flood_game(3, easy)[0], idle=False))
    theirs = await _keep(store, _session(FLOOD, 8, "easy/uno", _flood_game(4, easy)[0], idle=False))
    with pytest.raises(SessionError, match="no finished Survive the Flood game"):
        await history.game_replay(FLOOD, mine, user_id=8)
    with pytest.raises(SessionError, match="no finished UNO Solitaire game"):
        await history.game_replay(SOLITAIRE, mine, user_id=7)
    assert await store.delete_players_games(7, ["flood", "solitaire"]) == 1
    assert await store.finished_game(mine) is None
    with pytest.raises(SessionError):
        await history.game_replay(FLOOD, mine, user_id=7)
    assert (await history.game_replay(FLOOD, theirs, user_id=8)).summary.game_id == theirs
