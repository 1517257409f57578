"""The planner (the strong player): legal moves only, what it may know, and its determinism."""

from __future__ import annotations

import random
from collections import Counter
from itertools import islice

from bot.games.actions import UNDO
from bot.games.tableau.actions import ToFoundation
from bot.games.tableau.ai import GreedyPlayer
from bot.games.tableau.ai import card_moved
from bot.games.tableau.ai import greedy_seeds
from bot.games.tableau.game import TableauGame
from bot.games.tableau.planner import Planner
from bot.games.tableau.planner import alternatives
from bot.games.tableau.planner import play_planned
from bot.games.tableau.planner import remember


def first_pass_wild_choices(count: int) -> list[TableauGame]:
    """Positions of the first pass (stock never seen) where a Wild could go up, which the
    planner judges on shuffles of the unseen cards."""
    found: list[TableauGame] = []
    for seed in range(200):
        game = TableauGame.new(seed)
        planner = Planner()
        while game.outcome is None and game.turnovers == 0:
            view = game.view()
            if any(
                isinstance(a, ToFoundation) and card_moved(view, a).is_wild
                for a in alternatives(view, planner.greedy.choose(view))
            ):
                found.append(game.copy())
                break
            game.apply(planner.choose(remember(game)))
        if len(found) == count:
            return found
    raise AssertionError("too few first-pass positions with a Wild to judge")


def test_the_planner_only_makes_legal_moves() -> None:
    for seed in range(16):
        game = TableauGame.new(seed)
        planner = Planner(seed)
        while game.outcome is None:
            action = planner.choose(remember(game))
            assert action in game.legal_actions() and action != UNDO
            game.apply(action)


def test_the_planner_wins_deals_the_greedy_player_loses() -> None:
    lost = list(islice(greedy_seeds(won=False), 4))
    won = [seed for seed in lost if play_planned(TableauGame.new(seed)).won]
    assert len(won) >= 3, (lost, won)


def test_the_planner_is_deterministic_for_its_seed() -> None:
    for seed in range(2):
        logs = [play_planned(TableauGame.new(seed), Planner(7)).log for _ in range(2)]
        assert logs[0] == logs[1]


def test_what_the_planner_remembers_holds_no_order_of_the_unseen_stock() -> None:
    """By type: the planner is given a Memory. Before the first turn-over the stock is only a
    sorted multiset; after it, the stock is the waste turned over, every card of it seen."""
    game = TableauGame.new(3)
    memory = remember(game)
    assert memory.stock is None and sorted(memory.unseen, key=str) == list(memory.unseen)
    assert sorted(memory.unseen, key=str) == sorted(game.stock, key=str)
    seen_waste: list[str] = []
    planner = Planner()
    while game.turnovers == 0 and game.outcome is None:
        seen_waste = [str(card) for card in game.waste]
        game.apply(planner.choose(remember(game)))
    memory = remember(game)
    assert memory.unseen == () and memory.stock is not None
    assert not Counter(str(card) for card in memory.stock) - Counter(seen_waste)


def test_the_order_of_the_unseen_cards_does_not_change_the_planners_choice() -> None:
    for game in first_pass_wild_choices(3):
        choice = Planner(11).choose(remember(game))
        for shuffle in range(3):
            other = game.copy()
            random.Random(shuffle).shuffle(other.stock)
            assert other.stock != game.stock
            assert remember(other) == remember(game)
            assert Planner(11).choose(remember(other)) == choice


def test_the_planner_drops_its_line_when_shown_another_position() -> None:
    """A line planned for one game is not followed in another (or after an Undo): the planner
    shown a position it did not foresee chooses as a fresh planner would."""
    games = []
    for seed in (0, 1):
        game = TableauGame.new(seed)
        while game.turnovers == 0:
            game.apply(GreedyPlayer().choose(game.view()))
        games.append(game)
    planner = Planner()
    planner.choose(remember(games[0]))
    assert planner.choose(remember(games[1])) == Planner().choose(remember(games[1]))
