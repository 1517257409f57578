"""Solitaire Uno (rule P1) against brute force, the paper's reduction, and by hand."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

import pytest

from bot.games.solver.cards import Card
from bot.games.solver.cards import is_chain
from bot.games.solver.cards import parse_hand
from bot.games.solver.cards import real_deck_number_cards
from bot.games.solver.reference import backtrack_uno1
from bot.games.solver.reference import count_value_orders
from bot.games.solver.reference import exhaustive_uno1
from bot.games.solver.uno1 import SearchTooLong
from bot.games.solver.uno1 import count_uno1_orders
from bot.games.solver.uno1 import solve_uno1
from tests.solver.solver_instances import disjoint_union
from tests.solver.solver_instances import has_hamiltonian_path
from tests.solver.solver_instances import random_cubic_graph
from tests.solver.solver_instances import random_hand


def assert_plays_hand(hand: list[Card] | tuple[Card, ...], order: tuple[Card, ...] | None) -> None:
    assert order is not None
    assert Counter(order) == Counter(hand), "the order must use every card exactly once"
    for before, after in pairwise(order):
        assert before.colour == after.colour or before.number == after.number, (before, after)


def test_p1_matches_brute_force_on_thousands_of_small_hands() -> None:
    """P1: the solver agrees with an exhaustive search over card orders, copies included."""
    rng = random.Random(8001)
    answers = Counter()
    for _ in range(6000):
        hand = random_hand(rng)
        answer = solve_uno1(hand)
        assert answer.playable == exhaustive_uno1(hand), hand
        if answer.playable:
            assert_plays_hand(hand, answer.order)
        else:
            assert answer.order is None and answer.reason
        answers[answer.playable] += 1
    assert answers[True] > 1000 and answers[False] > 1000


def test_p1_matches_brute_force_on_bigger_hands_with_more_values() -> None:
    """P1: hands of 11-13 cards over up to 8 colours and numbers, the exhaustive search agrees."""
    rng = random.Random(8002)
    for _ in range(300):
        colours, numbers = rng.randint(2, 8), rng.randint(2, 8)
        hand = [Card(rng.randrange(colours), rng.randrange(numbers)) for _ in range(rng.randint(11, 13))]
        answer = solve_uno1(hand)
        assert answer.playable == exhaustive_uno1(hand), hand
        if answer.playable:
            assert_plays_hand(hand, answer.order)


def incidence_cards(graph: tuple[int, frozenset[tuple[int, int]]]) -> list[Card]:
    """Theorem 3.3's cards: one per (vertex, incident edge); colour = the vertex, number = the edge."""
    _, edges = graph
    return [Card(vertex, index) for index, edge in enumerate(sorted(edges)) for vertex in edge]


@pytest.mark.parametrize("size", [4, 6, 8, 10])
def test_p1_theorem_3_3_reduction_agrees_with_hamiltonian_path(size: int) -> None:
    """P1 (paper, Theorem 3.3): a cubic graph has a Hamiltonian path iff its incidence cards chain."""
    rng = random.Random(size)
    seen = set()
    for _ in range(40):
        if size >= 8 and rng.random() < 0.3:
            # Two cubic graphs side by side: no Hamiltonian path, and no chain.
            graph = disjoint_union(random_cubic_graph(rng, 4), random_cubic_graph(rng, size - 4))
        else:
            graph = random_cubic_graph(rng, size)
        expected = has_hamiltonian_path(graph)
        answer = solve_uno1(incidence_cards(graph))
        assert answer.playable == expected, graph
        if expected:
            assert_plays_hand(incidence_cards(graph), answer.order)
        seen.add(expected)
    if size >= 8:
        assert seen == {True, False}


def test_p1_paper_example_and_simple_cases() -> None:
    """P1: a whole real deck plays; one card plays; single colours and numbers play."""
    deck = real_deck_number_cards()
    assert_plays_hand(deck, solve_uno1(deck).order)
    assert solve_uno1([]).order == ()
    assert solve_uno1(parse_hand("G7")).order == parse_hand("G7")
    hand = parse_hand("R1 R1 R5 B5 G5 G5")
    assert_plays_hand(hand, solve_uno1(hand).order)


def test_p1_disconnected_hand_names_the_groups() -> None:
    """P1: cards sharing no colour or number with the rest can never be reached."""
    answer = solve_uno1(parse_hand("R1 R5 B7 G7"))
    assert not answer.playable
    assert answer.reason is not None
    reason = str(answer.reason)  # the English of the reason's Text
    assert "2 groups" in reason and "R1 R5" in reason and "G7 B7" in reason


def test_p1_a_hand_in_four_groups_names_all_four() -> None:
    """P1: four groups are all named; only from five on are the smallest counted, never as
    "1 more groups"."""
    reason = str(solve_uno1(parse_hand("R0 Y8 G9 B1")).reason)
    assert reason.startswith("The hand falls into 4 groups that share no colour and no number: ")
    assert all(card in reason for card in ("R0", "Y8", "G9", "B1")) and "more" not in reason, reason
    reason = str(solve_uno1(parse_hand("R0 Y8 G9 B1 c4n5")).reason)
    assert "5 groups" in reason and "(and 2 more groups)" in reason, reason


def test_p1_three_dead_ends_are_explained() -> None:
    """P1: B1, G2 and Y3 each match one card only, so each must end the chain: no chain."""
    hand = parse_hand("R1 R2 R3 B1 G2 Y3")
    answer = solve_uno1(hand)
    assert not answer.playable and backtrack_uno1(hand) is None
    assert answer.reason is not None and "two ends" in str(answer.reason)
    for part in ("B1 only through R1", "G2 only through R2", "Y3 only through R3"):
        assert part in str(answer.reason)


def test_p1_orders_from_the_solver_are_chains_on_real_deck_hands() -> None:
    """P1: on random real-deck hands of every size the answer agrees with its own order."""
    rng = random.Random(8003)
    deck = real_deck_number_cards()
    for size in range(2, 77, 3):
        for _ in range(10):
            hand = rng.sample(deck, size)
            answer = solve_uno1(hand)
            if answer.playable:
                assert_plays_hand(hand, answer.order)
                assert is_chain(answer.order or ())
            elif size <= 12:
                assert backtrack_uno1(hand) is None


def test_p1_chain_count_matches_listing_every_order() -> None:
    """P1: chains counted over card values, capped, equal a plain listing of all card orders."""
    rng = random.Random(8004)
    for _ in range(1500):
        hand = random_hand(rng, 7)
        exact = count_value_orders(hand)
        for cap in (1, 7, 10_000):
            assert count_uno1_orders(hand, cap) == min(exact, cap), (hand, cap)


def test_p1_chain_count_treats_copies_as_one_card() -> None:
    """P1: R1 R1 B1 has three chains of values, not six orders of cards."""
    assert count_uno1_orders(parse_hand("R1 R1 B1")) == 3
    assert count_uno1_orders(parse_hand("R1 B2")) == 0
    assert count_uno1_orders(real_deck_number_cards(), cap=50) == 50


# A sparse hand the cheap conditions cannot decide: only the search can.
SEARCHED = (
    "R1 c6n4 c7n0 c9n10 c11n7 c19n15 c3n15 c18n3 c16n19 c8n6 c16n13 c0n12 c13n16 c19n5 c17n6 c17n6 "
    "c16n6 c17n19 c18n4 c7n11 c5n10 c19n10 c6n6 c6n3 c4n7 c4n2 c8n12 c3n13 c13n17 c4n6 c12n0 B6 "
    "c18n11 c11n3 c16n10 c16n6 c2n15 B0 c1n17 c19n16"
)


def test_p1_a_step_limit_stops_the_search_instead_of_guessing() -> None:
    hand = parse_hand(SEARCHED)
    answer = solve_uno1(hand)
    with pytest.raises(SearchTooLong):
        solve_uno1(hand, max_steps=1)
    # A limit the search stays within changes nothing.
    assert solve_uno1(hand, max_steps=10**6) == answer
