"""Finished solo games (Survive the Flood, UNO Solitaire) kept and looked back at: each keeps its
seed, its options and the engine's move log, in the store's finished games (a kind per game, one
seat: its player), and is shown again move by move by dealing it again and replaying the log.

A replay is computed, never kept as text: a step is the game dealt from its seed with the first
moves of the log applied, through the one rules path, so it shows exactly what happened.

A solo game is one player's and only they can see its replay, so when they ask to be forgotten
their finished solo games go whole (see `forget_kinds`): kept without a name, nobody could ever
reach them, and they would still be a record of that player's play.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.errors import GameError
from bot.games.flood import Card as FloodCard
from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.flood import parse_action as parse_flood
from bot.games.saved import card_codes
from bot.games.tableau import TableauGame
from bot.games.tableau import parse_action as parse_tableau
from bot.games.uno.cards import Card as UnoCard
from bot.i18n.text import Text
from bot.i18n.text import text
from bot.sessions.core import SessionError
from bot.sessions.solo import SoloEngine
from bot.sessions.solo import SoloKind
from bot.sessions.solo import SoloPhase
from bot.sessions.solo import SoloSession
from bot.store import FinishedGameSummary
from bot.store import GameRecord
from bot.store import SeatResult
from bot.store import Store

ENDED_IDLE = "expired"
ENDED = "finished"


@dataclass(frozen=True, slots=True)
class _Dealer:
    """How one solo game is written down (its options, beside the seed and the log) and dealt
    again from that."""

    rules: Callable[[Any], dict[str, Any]]
    deal: Callable[[int, dict[str, Any]], tuple[SoloEngine, list[Any]]]
    parse: Callable[[str], Any]


def _flood_rules(game: FloodGame) -> dict[str, Any]:
    deck = game.stacked_deck
    return {"options": game.options.to_json(), "deck": None if deck is None else card_codes(deck)}


def _flood_deal(seed: int, rules: dict[str, Any]) -> tuple[SoloEngine, list[Any]]:
    options = FloodOptions.from_json(rules["options"])
    deck = rules.get("deck")
    if deck is None:
        game, events = FloodGame.new(options, seed)
    else:
        game, events = FloodGame.from_deck(options, [FloodCard.parse(code) for code in deck], seed)
    return game, list(events)


def _tableau_rules(game: TableauGame) -> dict[str, Any]:
    # A seeded game is its seed; a game dealt from a chosen order (tests) keeps the order.
    return {} if game.seed is not None else {"deal": card_codes(game.deal)}


def _tableau_deal(seed: int, rules: dict[str, Any]) -> tuple[SoloEngine, list[Any]]:
    deal = rules.get("deal")
    if deal is None:
        return TableauGame.new(seed), []
    return TableauGame([UnoCard.parse(code) for code in deal]), []


DEALERS: dict[str, _Dealer] = {
    "flood": _Dealer(_flood_rules, _flood_deal, parse_flood),
    "solitaire": _Dealer(_tableau_rules, _tableau_deal, parse_tableau),
}


def forget_kinds() -> tuple[str, ...]:
    """The kinds of finished game that are one player's alone: deleted whole when they ask."""
    return tuple(DEALERS)


def solo_record(session: SoloSession) -> tuple[SeatResult, GameRecord] | None:
    """What a finished or idle-ended game keeps: its player's result (won, and the moves
    played as points) and what replays it; None for a kind that keeps no replays."""
    dealer = DEALERS.get(session.kind.name)
    if dealer is None or session.phase not in (SoloPhase.FINISHED, SoloPhase.EXPIRED):
        return None
    game: Any = session.game
    moves = [str(move) for move in game.log]
    seat = SeatResult(
        user_id=session.user_id,
        display_name=session.user_name,
        seat=0,
        points=len(moves),
        won=session.won,
    )
    end = ENDED if session.phase is SoloPhase.FINISHED else ENDED_IDLE
    record = GameRecord(
        seed=int(game.seed or 0),
        rules={"variant": session.variant, **dealer.rules(game)},
        log={"moves": moves, "end": end},
        rounds=0,
        seat_count=1,
    )
    return seat, record


@dataclass(frozen=True, slots=True)
class SoloStep:
    """The game after step `step` (0: the deal), with the events that step made."""

    step: int
    action: str | None
    events: tuple[Any, ...]
    game: SoloEngine


def the_deal(last: int) -> int:
    """The step a replay opens on: the deal."""
    return 0


@dataclass(frozen=True, slots=True)
class SoloReplay:
    """A finished solo game as recorded: its summary, what deals it again and its result, with
    the step asked for and what every step did, from one deal played through once."""

    summary: FinishedGameSummary
    kind: str
    seed: int
    rules: dict[str, Any]
    moves: tuple[str, ...]
    ended_idle: bool
    won: bool
    # The step shown, and each step's events (the deal's first): a jump menu says each of its
    # moves in words, never by the log's notation.
    step: SoloStep
    said: tuple[tuple[Any, ...], ...]

    @property
    def last(self) -> int:
        return len(self.moves)

    def events_of(self, steps: Iterable[int]) -> dict[int, tuple[Any, ...]]:
        """What each of `steps` did (the deal, for step 0)."""
        return {step: self.said[step] for step in steps if 0 <= step <= self.last}

    def shown_as(self, kind: SoloKind, step: SoloStep) -> SoloSession:
        """The step as a finished-looking session, for the game's own renderer: the moves so
        far, its result on the last step. Never adopted by the manager, never saved."""
        session = SoloSession(
            kind=kind,
            # A running game's id is 8 hex digits, and its renderer builds controls from it.
            game_id=f"{self.summary.game_id % 2**32:08x}",
            variant=str(self.rules.get("variant", self.summary.ruleset)),
            user_id=0,
            user_name="",
            channel_id=self.summary.channel_id,
            guild_id=self.summary.guild_id,
            game=step.game,
            idle_seconds=0,
            now=lambda: self.summary.finished_at,
        )
        session.move = step.step
        if step.step < self.last:
            session.phase = SoloPhase.PLAYING
        elif self.ended_idle:
            session.phase = SoloPhase.EXPIRED
        session.recent = kind.describe(list(step.events))
        return session


class SoloHistory:
    """A player's finished solo games: listed, and replayed for them alone."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def player_games(
        self, user_id: int, kind: str, *, limit: int = 5
    ) -> tuple[FinishedGameSummary, ...]:
        return await self._store.finished_games(kind, user_id=user_id, limit=limit)

    async def game_replay(
        self, kind: SoloKind, game_id: int, *, user_id: int, step: Callable[[int], int] = the_deal
    ) -> SoloReplay:
        """Finished game `game_id` of `kind`, if `user_id` played it, at the step `step` picks
        from the last one (clamped to the game). Refused with a sentence for the player
        otherwise."""
        found = await self._store.finished_game(game_id)
        refusal = text(
            "You have no finished {title} game #{id}. `{command}` lists your recent ones.",
            title=kind.title,
            id=str(game_id),
            command=f"/{kind.name} replay",
        )
        if found is None or found[0].kind != kind.name:
            raise SessionError(refusal)
        summary, record = found
        if not any(seat.user_id == user_id for seat in summary.seats) or record is None:
            raise SessionError(refusal)
        try:
            moves = tuple(str(move) for move in record.log["moves"])
            rules = dict(record.rules)
            kept, said, final = _played(DEALERS[kind.name], record.seed, rules, moves, step(len(moves)))
        except (GameError, KeyError, TypeError, ValueError) as error:
            raise SessionError(unreadable(game_id)) from error
        shown = SoloReplay(
            summary=summary,
            kind=kind.name,
            seed=record.seed,
            rules=rules,
            moves=moves,
            ended_idle=record.log.get("end") == ENDED_IDLE,
            won=summary.seats[0].won,
            step=kept,
            said=said,
        )
        if final.is_over == shown.ended_idle or final.won != shown.won:
            # The log no longer leads where the game ended (rules changed since).
            raise SessionError(unreadable(game_id))
        return shown


def _played(
    dealer: _Dealer, seed: int, rules: dict[str, Any], moves: tuple[str, ...], keep: int
) -> tuple[SoloStep, tuple[tuple[Any, ...], ...], SoloEngine]:
    """The game dealt again and played through its whole log once: the step `keep` (clamped),
    each step's events, and the game at its end (which checks the record still fits the rules).
    The kept step is a copy of the game as it was then, unless it is the last."""
    last = len(moves)
    keep = max(0, min(keep, last))
    game, events = dealer.deal(seed, rules)
    said = [tuple(events)]
    kept = SoloStep(0, None, said[0], copy.deepcopy(game) if keep < last else game)
    for step, move in enumerate(moves, start=1):
        said.append(tuple(game.apply(dealer.parse(move))))
        if step == keep:
            kept = SoloStep(step, move, said[-1], copy.deepcopy(game) if keep < last else game)
    return kept, tuple(said), game


def unreadable(game_id: int) -> Text:
    return text("Game #{id} cannot be replayed: its record no longer fits the rules.", id=str(game_id))


def jump_points(last: int, count: int) -> Sequence[int]:
    """Up to `count` steps spread evenly from the deal to the end, for a jump menu."""
    if last + 1 <= count:
        return range(last + 1)
    return sorted({round(i * last / (count - 1)) for i in range(count)})
