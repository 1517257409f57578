"""Invariants of the solitaire engine under random legal play (hypothesis), JSON and replay."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from tableau_rig import board

from bot.games.actions import DRAW
from bot.games.actions import RESIGN
from bot.games.actions import UNDO
from bot.games.errors import CorruptState
from bot.games.errors import GameError
from bot.games.errors import MalformedAction
from bot.games.tableau.actions import WASTE_TO_FOUNDATION
from bot.games.tableau.actions import Action
from bot.games.tableau.actions import Place
from bot.games.tableau.actions import ToFoundation
from bot.games.tableau.actions import parse_action
from bot.games.tableau.actions import place
from bot.games.tableau.actions import to_foundation
from bot.games.tableau.game import FULL_DECK
from bot.games.tableau.game import TableauGame
from bot.games.tableau.geometry import Slot
from bot.games.tableau.geometry import row_width
from bot.games.tableau.geometry import slot_at
from bot.games.tableau.geometry import supports
from bot.games.tableau.planner import hint

SEEDS = st.integers(0, 2**32 - 1)


def every_action(depth: int) -> list[Action]:
    """Every action that names a slot of the first `depth` rows, and the rest."""
    slots = [slot_at(r, k) for r in range(depth) for k in range(row_width(r))]
    return [
        DRAW,
        UNDO,
        WASTE_TO_FOUNDATION,
        *(to_foundation(s) for s in slots),
        *(place(s) for s in slots),
    ]


def assert_consistent(game: TableauGame) -> None:
    assert game.all_cards() == FULL_DECK, "a card was created or lost"
    assert [len(row) for row in game.rows] == [row_width(r) for r in range(len(game.rows))]
    assert len(game.rows) == 1 or any(game.rows[-1]), "no empty row trails the tableau"
    for r, row in enumerate(game.rows):
        for k, card in enumerate(row):
            if card is not None:
                assert all(game.card_at(s) is not None for s in supports(slot_at(r, k)))
    view = game.view()
    assert (
        view.stock_size
        + view.waste_size
        + sum(1 for row in view.rows for sv in row if sv.card is not None)
        + sum(f.size for f in view.colour_foundations)
        + view.action_pile.size
        == 108
    )


def choose(game: TableauGame, rng: random.Random, undo_rate: float) -> Action:
    """Mostly what a player would do (cards up, draw), sometimes a placement or an undo."""
    legal = game.legal_actions()
    if UNDO in legal and rng.random() < undo_rate:
        return UNDO
    ups = [a for a in legal if isinstance(a, ToFoundation)]
    placements = [a for a in legal if isinstance(a, Place)]
    roll = rng.random()
    if ups and roll < 0.6:
        return rng.choice(ups)
    if placements and (roll < 0.75 or game.draw_ends_game):
        return rng.choice(placements)
    if DRAW in legal and not (game.draw_ends_game and roll < 0.9):
        return DRAW
    return rng.choice([a for a in legal if a is not RESIGN] or [RESIGN])


def random_play(
    game: TableauGame, rng: random.Random, steps: int, *, check: bool, undo_rate: float = 0.05
) -> None:
    for step in range(steps):
        if game.is_over:
            return
        legal = game.legal_actions()
        if check and step % 5 == 0:
            assert_accepts_exactly_what_is_offered(game, legal)
        action = choose(game, rng, undo_rate)
        before = board(game)
        undos = game.undos
        events = game.apply(action)
        assert events, "every accepted action reports what happened"
        if check:
            assert_consistent(game)
            if action is not UNDO and not game.is_over and rng.random() < 0.3:
                game.apply(UNDO)
                assert board(game) == before, "undo did not restore the previous state"
                assert game.undos == undos + 1
                game.apply(action)


def assert_accepts_exactly_what_is_offered(game: TableauGame, legal: list[Action]) -> None:
    before = game.to_json()
    for action in legal:
        trial = game.copy()
        assert trial.apply(action), f"{action} was offered but gave no events"
    odd = [
        to_foundation(Slot(-1, 0)),
        place(Slot(-1, 0)),
        to_foundation(Slot(0, 7)),
        place(Slot(1, 6)),
    ]
    for action in [*every_action(len(game.rows) + 2), *odd]:
        if action in legal:
            continue
        try:
            game.apply(action)
        except GameError as refusal:
            assert str(refusal), "a refusal says why"
        else:
            raise AssertionError(f"{action} was accepted but not offered: {legal}")
    assert game.to_json() == before, "a refused action changed the game"


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, chooser=SEEDS)
def test_108_cards_at_every_step_and_every_offered_move_is_accepted(seed: int, chooser: int) -> None:
    """S1-S12: random legal play never loses a card; the offered moves are exactly the legal ones."""
    game = TableauGame.new(seed)
    random_play(game, random.Random(chooser), steps=250, check=True)


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, chooser=SEEDS)
def test_seeded_replay_and_json_restore_equal_the_original(seed: int, chooser: int) -> None:
    """The seed plus the action log (undos included) replays to the same game; JSON restores it."""
    game = TableauGame.new(seed)
    random_play(game, random.Random(chooser), steps=400, check=False, undo_rate=0.1)
    assert TableauGame.replay(game.log, seed=seed) == game
    restored = TableauGame.from_json(json.loads(json.dumps(game.to_json())))
    assert restored == game
    assert restored.view() == game.view()
    random_play(game, random.Random(chooser + 1), steps=60, check=False)
    random_play(restored, random.Random(chooser + 1), steps=60, check=False)
    assert restored == game


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, chooser=SEEDS)
def test_undo_restores_the_previous_state_exactly(seed: int, chooser: int) -> None:
    """Undo takes back the last move in force, however many undos come in a row."""
    game = TableauGame.new(seed)
    rng = random.Random(chooser)
    history = [board(game)]
    for _ in range(150):
        if game.is_over:
            break
        action = choose(game, rng, undo_rate=0.0)
        if action is RESIGN:
            break
        game.apply(action)
        if action is UNDO:
            # The fallback choice may take a move back: the board before it is current again.
            history.pop()
        else:
            history.append(board(game))
    if game.is_over:
        history.pop()
        game = TableauGame.replay(game.log[:-1], seed=seed)
    used = game.undos
    undone = 0
    while game.moves:
        game.apply(UNDO)
        undone += 1
        history.pop()
        assert board(game) == history[-1]
    assert game.undos == used + undone
    assert board(game) == board(TableauGame.new(seed))


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, chooser=SEEDS)
def test_the_hint_is_legal_and_never_loses_at_once(seed: int, chooser: int) -> None:
    """Hint: a legal move after which the game is not lost (None only when every move loses)."""
    game = TableauGame.new(seed)
    rng = random.Random(chooser)
    for step in range(300):
        if game.is_over:
            break
        if step % 40 == 0 or game.draw_ends_game:
            suggestion = hint(game)
            if suggestion is None:
                for action in game.legal_actions():
                    if action not in (UNDO, RESIGN):
                        trial = game.copy()
                        trial.apply(action)
                        assert trial.is_over and not trial.won
            else:
                assert suggestion in game.legal_actions()
                assert suggestion not in (UNDO, RESIGN)
                trial = game.copy()
                trial.apply(suggestion)
                assert not trial.is_over or trial.won
        game.apply(choose(game, rng, undo_rate=0.0))


def test_every_action_round_trips_through_its_short_string() -> None:
    for action in [*every_action(12), RESIGN]:
        text = str(action)
        assert parse_action(text) == action
        assert ":" not in text and len(text) <= 8


@given(st.text(max_size=12))
def test_unreadable_action_strings_are_refused_with_a_typed_error(text: str) -> None:
    try:
        action = parse_action(text)
    except MalformedAction as error:
        assert str(error)
    else:
        assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(v=99),
        lambda d: d.pop("stock"),
        lambda d: d["stock"].pop(),
        lambda d: d["rows"][0].append("R1"),
        lambda d: d["waste"].append("Z9"),
        lambda d: d["colour_foundations"].update(R=25),
        lambda d: d.update(rows=[d["rows"][0], [None] * 6, [d["stock"].pop()] + [None] * 6]),
        lambda d: d.update(moves=["draw", "draw"]),
        lambda d: d.update(moves=["f 0.3"]),
    ],
)
def test_a_damaged_save_is_refused_as_corrupt(damage: object) -> None:
    game = TableauGame.new(3)
    game.apply(DRAW)
    data = json.loads(json.dumps(game.to_json()))
    damage(data)  # type: ignore[operator]
    with pytest.raises(CorruptState):
        TableauGame.from_json(data)
