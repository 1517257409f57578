"""The duel (rule P2) against the bot: the bot plays the matching answer, so it plays perfectly."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from bot.games.errors import CorruptState
from bot.games.errors import GameOver
from bot.games.errors import IllegalAction
from bot.games.puzzles import BOT
from bot.games.puzzles import PLAYER
from bot.games.puzzles import RESIGN
from bot.games.puzzles import UNDO
from bot.games.puzzles import DuelCardPlayed
from bot.games.puzzles import DuelGame
from bot.games.puzzles import DuelWon
from bot.games.puzzles import PlayCard
from bot.games.solver import Card
from bot.games.solver import parse_hand
from bot.games.solver import perfect_duel_move
from bot.games.solver import solve_duel
from bot.games.solver.cards import real_deck_number_cards
from bot.games.solver.reference import duel_tree_mover_wins

DECK = Counter(real_deck_number_cards())


def duel(player: str, bot: str, *, starter: int = PLAYER) -> DuelGame:
    return DuelGame((parse_hand(player), parse_hand(bot)), starter=starter)


def card(text: str) -> Card:
    return parse_hand(text)[0]


def test_p2_the_last_player_to_play_wins_an_empty_hand_included() -> None:
    game = duel("R1", "R2 B5")
    assert not game.player_could_win
    assert game.apply(PlayCard(card("R1"))) == [
        DuelCardPlayed(PLAYER, card("R1")),
        DuelCardPlayed(BOT, card("R2")),
        DuelWon(BOT),
    ], "the player's hand is empty on their turn: they lose"
    assert game.is_over and not game.won and game.winner == BOT
    with pytest.raises(GameOver, match="This duel is over"):
        game.apply(RESIGN)


def test_p2_the_player_wins_when_the_bot_cannot_answer() -> None:
    game = duel("R1 B3", "R2")
    assert game.player_could_win
    assert game.legal_cards() == parse_hand("R1 B3"), "the opening card is free"
    assert game.apply(PlayCard(card("B3"))) == [DuelCardPlayed(PLAYER, card("B3")), DuelWon(PLAYER)]
    assert game.won and game.hand(PLAYER) == parse_hand("R1") and game.hand(BOT) == parse_hand("R2")


def test_p2_moves_must_come_from_the_hand_and_match_the_card_just_played() -> None:
    game = duel("G4 G5 R1", "G9 Y8")
    with pytest.raises(IllegalAction, match="Y9 is not in your hand"):
        game.apply(PlayCard(card("Y9")))
    events = game.apply(PlayCard(card("G4")))  # the bot answers at once
    assert events == [DuelCardPlayed(PLAYER, card("G4")), DuelCardPlayed(BOT, card("G9"))]
    with pytest.raises(IllegalAction, match="🟥R1 cannot follow 🟩G9: it needs the same colour or number"):
        game.apply(PlayCard(card("R1")))
    with pytest.raises(IllegalAction, match="is not a duel move"):
        game.apply(UNDO)
    assert game.legal_cards() == parse_hand("G5")
    assert [str(a) for a in game.legal_actions()] == ["play G5", "resign"]
    assert game.apply(PlayCard(card("G5"))) == [DuelCardPlayed(PLAYER, card("G5")), DuelWon(PLAYER)]


def test_giving_up_hands_the_bot_the_win() -> None:
    game = duel("R1 B3", "R2")
    assert game.apply(RESIGN) == [DuelWon(BOT, resigned=True)]
    assert game.is_over and game.resigned and not game.won and game.legal_actions() == []


def test_the_bot_may_open_and_the_deal_comes_from_the_deck() -> None:
    for seed in range(30):
        game = DuelGame.new(seed, 6, player_starts=False)
        assert not Counter(game.hands[PLAYER]) + Counter(game.hands[BOT]) - DECK
        assert len(game.hands[PLAYER]) == len(game.hands[BOT]) == 6
        assert game.played[0][0] == BOT, "the bot opened"
        assert game.is_over or game.to_move == PLAYER
        assert game == DuelGame.new(seed, 6, player_starts=False), "a seed gives one deal"


@pytest.mark.parametrize("size", [0, 39, -3])
def test_hand_sizes_out_of_bounds_are_refused(size: int) -> None:
    with pytest.raises(IllegalAction, match="Each hand holds 1 to 38 cards"):
        DuelGame.new(1, size)


def test_the_opening_verdict_is_the_game_tree_answer_on_small_deals() -> None:
    rng = random.Random(88)
    for _ in range(300):
        size = rng.randint(1, 5)
        game = DuelGame.new(rng.getrandbits(32), size, player_starts=rng.random() < 0.5)
        first, second = game.hands[game.starter], game.hands[1 - game.starter]
        starter_wins = duel_tree_mover_wins(first, second, None)
        assert game.player_could_win == (starter_wins == (game.starter == PLAYER))


def test_the_bot_plays_perfectly_it_wins_every_deal_it_can_force() -> None:
    """Whatever the player does, a deal the bot can force is lost; a player who plays the
    matching answer wins every deal they can force. So the verdict at the start always holds."""
    rng = random.Random(2026)
    forced = {True: 0, False: 0}
    for _ in range(400):
        size = rng.randint(1, 12)
        game = DuelGame.new(rng.getrandbits(32), size, player_starts=rng.random() < 0.5)
        perfect = rng.random() < 0.5
        could_win = game.player_could_win
        while not game.is_over:
            if perfect:
                assert game.mover_wins() == could_win, "perfect play keeps the verdict"
                move = perfect_duel_move([game.hand(PLAYER), game.hand(BOT)], PLAYER, game.last)
                assert move.card is not None
                choice = move.card
            else:
                choice = rng.choice(game.legal_cards())
            game.apply(PlayCard(choice))
        if not could_win:
            assert game.winner == BOT, "the bot never lets a forced win go"
        if perfect:
            assert game.won == could_win
            forced[could_win] += 1
    assert forced[True] > 30 and forced[False] > 30


def test_a_duel_in_progress_round_trips_through_json() -> None:
    game = DuelGame.new(7, 8)
    game.apply(PlayCard(game.legal_cards()[0]))
    back = DuelGame.from_json(json.loads(json.dumps(game.to_json())))
    assert back == game and back.player_could_win == game.player_could_win
    while not game.is_over:
        choice = game.legal_cards()[-1]
        game.apply(PlayCard(choice))
        back.apply(PlayCard(choice))
        assert back == game


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format=2), "unknown duel format"),
        (lambda d: d.pop("hands"), "damaged duel"),
        (lambda d: d.update(played=[[1, 0, 2]]), "out of turn"),
        (lambda d: d.update(played=[[0, 0, 1], [1, 3, 5]]), "B5 cannot follow R1"),
        (lambda d: d.update(played=[[0, 2, 2]]), "hands do not hold"),
        (lambda d: d.update(played=[[5, 0, 1]]), "no seat 5"),
        (lambda d: d.update(winner=3), "no seat 3"),
        (lambda d: d.update(starter=2), "no seat 2"),
    ],
)
def test_a_damaged_duel_is_refused_with_a_typed_error(change: object, message: str) -> None:
    data = duel("R1 B3", "R2 B5").to_json()
    change(data)  # type: ignore[operator]
    with pytest.raises(CorruptState, match=message):
        DuelGame.from_json(data)


def test_an_opening_verdict_matches_the_solver_for_big_hands() -> None:
    game = DuelGame.new(99, 30)
    answer = solve_duel(game.hands[PLAYER], game.hands[BOT])
    assert game.player_could_win == answer.first_player_wins
