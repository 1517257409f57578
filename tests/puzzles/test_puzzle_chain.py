"""Rule P1 as a game: building the chain card by card, Undo, Restart, Give up, saving."""

from __future__ import annotations

import json
import random
from collections import Counter
from datetime import date

import pytest

from bot.games.errors import CorruptState
from bot.games.errors import GameOver
from bot.games.errors import IllegalAction
from bot.games.errors import MalformedAction
from bot.games.puzzles import RESIGN
from bot.games.puzzles import RESTART
from bot.games.puzzles import UNDO
from bot.games.puzzles import CardPlayed
from bot.games.puzzles import CardTakenBack
from bot.games.puzzles import ChainCleared
from bot.games.puzzles import ChainPuzzle
from bot.games.puzzles import GaveUp
from bot.games.puzzles import PlayCard
from bot.games.puzzles import PuzzleSolved
from bot.games.puzzles import parse_action
from bot.games.solver import Card
from bot.games.solver import parse_hand
from bot.games.solver import solve_uno1
from bot.games.solver.cards import is_chain
from bot.games.solver.cards import matches
from bot.games.solver.uno1 import is_playable_order
from tests.solver.solver_instances import random_hand


def puzzle(text: str, **kwargs: object) -> ChainPuzzle:
    return ChainPuzzle(parse_hand(text), **kwargs)  # type: ignore[arg-type]


def play(game: ChainPuzzle, text: str) -> list[object]:
    return list(game.apply(PlayCard(parse_hand(text)[0])))


def test_p1_the_first_card_is_free_and_each_next_one_matches_colour_or_number() -> None:
    game = puzzle("R1 R5 B5 G5 G2")
    assert set(game.playable_cards()) == set(parse_hand("R1 R5 B5 G5 G2"))
    assert play(game, "R5") == [CardPlayed(Card(0, 5))]
    assert game.playable_cards() == parse_hand("R1 G5 B5"), "same colour or same number"
    play(game, "R1")  # same colour
    with pytest.raises(IllegalAction, match="🟩G2 cannot follow 🟥R1: it needs the same colour or number"):
        play(game, "G2")
    assert game.chain == list(parse_hand("R5 R1")), "a refused card changes nothing"
    assert game.stuck, "R1 leaves no red card and no other 1"


def test_p1_a_card_not_left_in_the_hand_is_refused() -> None:
    game = puzzle("R1 R1 B1")
    play(game, "R1")
    play(game, "R1")
    with pytest.raises(IllegalAction, match="R1 is not among the cards left to play"):
        play(game, "R1")
    with pytest.raises(IllegalAction, match="Y1 is not among the cards left"):
        play(game, "Y1")
    assert play(game, "B1") == [CardPlayed(Card(3, 1)), PuzzleSolved(3)]


def test_p1_copies_are_offered_once_and_counted() -> None:
    game = puzzle("G7 G7 G7 R7")
    assert game.playable_cards() == parse_hand("R7 G7")
    assert [str(a) for a in game.legal_actions()] == ["play R7", "play G7", "resign"]
    play(game, "G7")
    assert game.left == parse_hand("R7 G7 G7")


def test_a_solved_puzzle_is_over_and_refuses_more_moves() -> None:
    game = puzzle("R1 R5 B5 G5")
    for card in ("R1", "R5", "B5"):
        play(game, card)
    assert not game.won and not game.is_over
    assert play(game, "G5") == [CardPlayed(Card(2, 5)), PuzzleSolved(4)]
    assert game.won and game.is_over and not game.given_up
    assert game.legal_actions() == [] and game.playable_cards() == ()
    for action in (UNDO, RESTART, RESIGN, PlayCard(Card(0, 1))):
        with pytest.raises(GameOver, match="This puzzle is over"):
            game.apply(action)


def test_undo_takes_the_last_card_back_and_is_counted() -> None:
    game = puzzle("R1 G2 B1 B3")
    with pytest.raises(IllegalAction, match="no card to take back"):
        game.apply(UNDO)
    assert UNDO not in game.legal_actions() and RESTART not in game.legal_actions()
    play(game, "G2")
    assert game.stuck and game.legal_actions() == [UNDO, RESTART, RESIGN]
    assert game.apply(UNDO) == [CardTakenBack(Card(2, 2))]
    assert game.chain == [] and game.left == game.hand
    assert (game.undos, game.plays) == (1, 1), "the card taken back still counts as played"
    for card in ("B3", "B1", "R1"):
        play(game, card)
    assert game.stuck and not game.is_over, "G2 is left and nothing leads to it"


def test_restart_empties_the_chain_and_is_counted() -> None:
    game = puzzle("R1 R5 B5 G5")
    with pytest.raises(IllegalAction, match="already empty"):
        game.apply(RESTART)
    play(game, "B5")
    play(game, "G5")
    assert game.apply(RESTART) == [ChainCleared(2)]
    assert game.chain == [] and game.restarts == 1 and game.undos == 0 and game.plays == 2
    for card in ("R1", "R5", "B5", "G5"):
        play(game, card)
    assert game.won and game.plays == 6


def test_giving_up_ends_the_puzzle_unsolved_and_a_solution_is_shown() -> None:
    game = puzzle("R1 R5 B5 G5 G2 Y2")
    play(game, "G2")
    assert game.apply(RESIGN) == [GaveUp(1)]
    assert game.is_over and game.given_up and not game.won
    solution = game.solution()
    assert is_playable_order(game.hand, solution)
    with pytest.raises(GameOver):
        game.apply(UNDO)


def test_actions_round_trip_through_their_strings() -> None:
    for action in (UNDO, RESTART, RESIGN, PlayCard(Card(0, 5)), PlayCard(Card(12, 7))):
        assert parse_action(str(action)) == action
    assert str(PlayCard(Card(12, 7))) == "play c12n7"
    with pytest.raises(MalformedAction, match="unknown colour `X`"):
        parse_action("play X5")
    with pytest.raises(MalformedAction, match="is not a puzzle move"):
        parse_action("play R1 R2")
    with pytest.raises(MalformedAction, match="is not a puzzle move"):
        parse_action("jump")


def test_a_game_in_progress_round_trips_through_json() -> None:
    game = puzzle("R1 R5 B5 G5 G2 Y2", day=date(2026, 11, 21), difficulty="hard", solutions=4)
    play(game, "Y2")
    play(game, "G2")
    game.apply(UNDO)
    play(game, "G2")
    play(game, "G5")
    saved = json.loads(json.dumps(game.to_json()))
    back = ChainPuzzle.from_json(saved)
    assert back == game
    assert (back.day, back.difficulty, back.solutions) == (date(2026, 11, 21), "hard", 4)
    assert (back.plays, back.undos, back.restarts) == (4, 1, 0)
    for text in ("B5", "R5", "R1"):
        play(game, text)
        play(back, text)
    assert back.won and back == game


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format=9), "unknown puzzle format"),
        (lambda d: d.pop("chain"), "damaged puzzle"),
        (lambda d: d.update(chain=[[0, 1], [3, 5]]), "B5 cannot follow R1"),
        (lambda d: d.update(chain=[[1, 1]]), "not in the hand"),
        (lambda d: d.update(hand=[]), "at least one card"),
        (lambda d: d.update(hand=[[0, -1]]), "negative card"),
        (lambda d: d.update(undos=-2), "cannot be negative"),
        (lambda d: d.update(day="yesterday"), "damaged puzzle"),
        (lambda d: d.update(hand=[[0, 1, 2]]), "damaged puzzle"),
    ],
)
def test_a_damaged_save_is_refused_with_a_typed_error(change: object, message: str) -> None:
    data = puzzle("R1 R5 B5 G5").to_json()
    change(data)  # type: ignore[operator]
    with pytest.raises(CorruptState, match=message):
        ChainPuzzle.from_json(data)


def test_random_play_offers_exactly_what_it_accepts_and_keeps_every_card() -> None:
    """Random walks of offered moves on random hands: the chain stays a chain, no card is made or
    lost, every card not offered is refused, and each position survives a JSON round trip."""
    rng = random.Random(80)
    solved = 0
    for _ in range(300):
        hand = tuple(random_hand(rng, 9))
        game = ChainPuzzle(hand)
        for _step in range(40):
            if game.is_over:
                break
            offered = set(game.playable_cards())
            for card in set(game.left) - offered:
                with pytest.raises(IllegalAction):
                    game.apply(PlayCard(card))
            assert all(game.last is None or matches(game.last, card) for card in offered)
            weights = [1 if isinstance(a, PlayCard) else 0.15 for a in game.legal_actions()]
            action = rng.choices(game.legal_actions(), weights)[0]
            game.apply(action)
            assert is_chain(game.chain)
            assert Counter(game.chain) + Counter(game.left) == Counter(hand)
            assert ChainPuzzle.from_json(json.loads(json.dumps(game.to_json()))) == game
        if game.won:
            solved += 1
            assert solve_uno1(hand).playable and is_playable_order(hand, game.chain)
    assert solved > 20
