"""The two-player puzzles: the duel (P2) by matchings and cooperative Uno-2 (P3) by search."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.games.solver.cards import Card
from bot.games.solver.cards import matches
from bot.games.solver.cards import parse_hand
from bot.games.solver.coop import solve_coop
from bot.games.solver.duel import perfect_duel_move
from bot.games.solver.duel import solve_duel
from bot.games.solver.reference import coop_by_cards
from bot.games.solver.reference import duel_tree_mover_wins
from bot.games.solver.uno1 import solve_uno1
from tests.solver.solver_instances import has_hamiltonian_path
from tests.solver.solver_instances import random_graph
from tests.solver.solver_instances import random_hand


def random_pair(rng: random.Random, most: int) -> tuple[list[Card], list[Card]]:
    colours, numbers = rng.randint(2, 6), rng.randint(2, 6)
    kinds = [Card(rng.randrange(colours), rng.randrange(numbers)) for _ in range(rng.randint(1, most))]
    return (
        [rng.choice(kinds) for _ in range(rng.randint(0, most))],
        [rng.choice(kinds) for _ in range(rng.randint(0, most))],
    )


def test_p2_matching_answer_equals_game_tree_from_the_start() -> None:
    """P2: the matching characterisation agrees with full game-tree search, openings included."""
    rng = random.Random(9001)
    outcomes = Counter()
    for _ in range(2500):
        first, second = random_pair(rng, 6)
        answer = solve_duel(first, second)
        assert answer.first_player_wins == duel_tree_mover_wins(first, second, None), (first, second)
        outcomes[answer.first_player_wins] += 1
        for opening in answer.winning_openings:
            rest = list(first)
            rest.remove(opening)
            assert not duel_tree_mover_wins(second, rest, opening), (first, second, opening)
        if not answer.first_player_wins:
            assert answer.winning_openings == ()
    assert outcomes[True] > 300 and outcomes[False] > 300


def test_p2_perfect_move_in_any_position_agrees_with_game_tree() -> None:
    """P2: in positions after a card was played, the mover's verdict and move are perfect."""
    rng = random.Random(9002)
    for _ in range(2500):
        mover, other = random_pair(rng, 6)
        last = Card(rng.randrange(6), rng.randrange(6))
        move = perfect_duel_move((other, mover), 1, last)
        assert move.mover_wins == duel_tree_mover_wins(mover, other, last), (mover, other, last)
        if move.card is None:
            assert not any(matches(last, card) for card in mover)
            continue
        assert move.card in mover and matches(last, move.card)
        if move.mover_wins:
            rest = list(mover)
            rest.remove(move.card)
            assert not duel_tree_mover_wins(other, rest, move.card)


def test_p2_perfect_players_play_a_whole_duel() -> None:
    """P2: two perfect players alternate legal cards; the predicted winner plays the last card."""
    rng = random.Random(9003)
    for _ in range(200):
        hands = [list(hand) for hand in random_pair(rng, 9)]
        predicted = 0 if solve_duel(hands[0], hands[1]).first_player_wins else 1
        turn, last = 0, None
        while True:
            move = perfect_duel_move(hands, turn, last)
            if move.card is None:
                break
            hands[turn].remove(move.card)
            turn, last = 1 - turn, move.card
        assert 1 - turn == predicted


def test_p2_empty_and_tiny_hands() -> None:
    """P2: a player who cannot play on their turn loses, also with an empty hand."""
    assert not solve_duel([], parse_hand("R1")).first_player_wins
    assert solve_duel(parse_hand("R1"), []).first_player_wins
    assert solve_duel(parse_hand("R1"), parse_hand("B2")).winning_openings == parse_hand("R1")
    # R1 is answered by R2, which B3 cannot follow; B3 cannot be answered at all.
    answer = solve_duel(parse_hand("R1 B3"), parse_hand("R2"))
    assert answer.first_player_wins and answer.winning_openings == parse_hand("B3")
    assert perfect_duel_move((parse_hand("R1 B3"), parse_hand("R2")), 0, None).card == Card(3, 3)
    assert perfect_duel_move((parse_hand("R1"), []), 0, parse_hand("B2")[0]).card is None


def test_p3_matches_card_by_card_search() -> None:
    """P3: the search over card values agrees with a search over individual cards."""
    rng = random.Random(9004)
    outcomes = Counter()
    for _ in range(2000):
        first, second = random_pair(rng, 5)
        answer = solve_coop(first, second)
        assert answer.possible == coop_by_cards(first, second), (first, second)
        outcomes[answer.possible] += 1
        if answer.possible:
            assert_valid_coop_plays(first, second, answer.plays)
    assert outcomes[True] > 300 and outcomes[False] > 300


def assert_valid_coop_plays(
    first: list[Card], second: list[Card], plays: tuple[tuple[int, Card | None], ...] | None
) -> None:
    """Replay the plays: turns alternate, cards match, passes only without a matching card."""
    assert plays is not None
    hands = {1: Counter(first), 2: Counter(second)}
    last: Card | None = None
    for step, (player, card) in enumerate(plays):
        assert player == 1 + step % 2
        if card is None:
            assert not any(hands[player][c] and matches(last, c) for c in hands[player] if last)
            continue
        assert hands[player][card] > 0 and (last is None or matches(last, card))
        hands[player][card] -= 1
        last = card
    assert sum(hands[1].values()) == 0, "player 1 ends with an empty hand"
    assert sum(hands[2].values()) > 0 or not second, "player 2 has not gone out"


def test_p3_with_an_empty_second_hand_is_solitaire_uno() -> None:
    """P3: player 2 without cards only passes, so player 1 needs one chain (P1)."""
    rng = random.Random(9005)
    for _ in range(500):
        hand = random_hand(rng, 8)
        assert solve_coop(hand, []).possible == solve_uno1(hand).playable


def reduction_3_1(graph: tuple[int, frozenset[tuple[int, int]]]) -> tuple[list[Card], list[Card]]:
    """Theorem 3.1's hands: vertex v is the card (v, v); edge uv is (u, v), matching u and v only."""
    size, edges = graph
    return [Card(v, v) for v in range(size)], [Card(a, b) for a, b in sorted(edges)]


@pytest.mark.parametrize("size", [3, 4, 5, 6])
def test_p3_theorem_3_1_reduction_agrees_with_hamiltonian_path(size: int) -> None:
    """P3 (paper, Theorem 3.1): a Hamiltonian path always gives player 1 a way out first, and
    with passes ruled out (as the proof reads the game) the answers are the same."""
    rng = random.Random(100 + size)
    seen = set()
    for _ in range(25):
        graph = random_graph(rng, size, rng.randint(1, 2))
        vertices, edges = reduction_3_1(graph)
        expected = has_hamiltonian_path(graph)
        answer = solve_coop(vertices, edges)
        if expected:
            assert answer.possible, graph
            assert_valid_coop_plays(vertices, edges, answer.plays)
        assert coop_by_cards(vertices, edges, passing=False) == expected, graph
        seen.add(expected)
    if size >= 5:
        assert seen == {True, False}


def test_p3_passing_lets_player_2_bridge_the_theorem_3_1_reduction() -> None:
    """P3 (rule f1): when player 1 passes, player 2 plays two edge cards in a row (they share a
    vertex), which the proof of Theorem 3.1 does not allow for. On a star with five leaves plus
    edges 1-2 and 1-3 there is no Hamiltonian path, yet player 1 can go out first."""
    graph = (6, frozenset({(0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 2), (1, 3)}))
    vertices, edges = reduction_3_1(graph)
    assert not has_hamiltonian_path(graph)
    answer = solve_coop(vertices, edges)
    assert answer.possible and (1, None) in (answer.plays or ())
    assert_valid_coop_plays(vertices, edges, answer.plays)
    assert not coop_by_cards(vertices, edges, passing=False)
