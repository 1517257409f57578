"""A greedy player. It sees only the view, as a person would; the Hint asks the planner.

Greedy: move any card but a Wild that can go up (covered tableau cards first, since that frees
cards, then row 0, whose slot refills, then the waste). Hold the Wilds back: on the tableau a
Wild lets any card rest on it, and on the action pile it is wanted later to bridge two action
cards that do not match. Otherwise draw, unless the next Draw would end the game (S12(a)): then
a Wild goes up if one can, or else the waste card goes into the tableau, where it covers the
least urgent cards, which changes the next pass.

Measured over 2,000 seeds, holding the Wilds back lifts the greedy win rate from about 8% to
about 74%; placing needed cards early into the tableau, or playing a Wild as soon as it bridges
to a waiting action card, both lowered it.
"""

from __future__ import annotations

from collections.abc import Iterator

from bot.games.actions import DRAW
from bot.games.actions import RESIGN
from bot.games.tableau.actions import Action
from bot.games.tableau.actions import Place
from bot.games.tableau.actions import ToFoundation
from bot.games.tableau.foundations import COLOUR_SEQUENCE
from bot.games.tableau.game import TableauGame
from bot.games.tableau.geometry import Slot
from bot.games.tableau.geometry import supports
from bot.games.tableau.view import TableauView
from bot.games.uno.cards import COLOURS
from bot.games.uno.cards import Card

# How far off an action card is, for the placement heuristic: the action pile takes them in
# almost any order, so they are neither urgent nor idle.
ACTION_CARD_DISTANCE = 6


class GreedyPlayer:
    def choose(self, view: TableauView) -> Action:
        ups = [a for a in view.legal if isinstance(a, ToFoundation)]
        plain = [a for a in ups if not card_moved(view, a).is_wild]
        if plain:
            return min(plain, key=lambda a: _foundation_rank(view, a))
        stuck = view.draw_ends_game or DRAW not in view.legal
        if ups and stuck:
            return ups[0]
        if view.draw_ends_game:
            placements = [a for a in view.legal if isinstance(a, Place)]
            if placements:
                return max(placements, key=lambda a: _placement_score(view, a.slot))
        if DRAW in view.legal:
            return DRAW
        return RESIGN


def card_moved(view: TableauView, action: ToFoundation) -> Card:
    card = view.waste_top if action.source is None else view.card_at(action.source)
    assert card is not None
    return card


def _foundation_rank(view: TableauView, action: ToFoundation) -> int:
    """Deeper rows first; -1 stands for the waste, which goes last."""
    return -(-1 if action.source is None else action.source.row)


def distance(view: TableauView, card: Card) -> int:
    """How many cards must go up on `card`'s foundation before it can."""
    if not card.face.is_number:
        return ACTION_CARD_DISTANCE
    assert card.colour is not None
    size = view.colour_foundations[COLOURS.index(card.colour)].size
    value = int(card.face.value)
    ahead = [i - size for i, v in enumerate(COLOUR_SEQUENCE) if v == value and i >= size]
    return min(ahead, default=len(COLOUR_SEQUENCE))


def _placement_score(view: TableauView, slot: Slot) -> tuple[int, int]:
    covered = [view.card_at(s) for s in supports(slot)]
    soonest = min(distance(view, c) for c in covered if c is not None)
    return (soonest, -len(covered))


def play_greedy(game: TableauGame, player: GreedyPlayer | None = None) -> TableauGame:
    """Play `game` to its end with the greedy player; returns the same game."""
    player = player or GreedyPlayer()
    while game.outcome is None:
        game.apply(player.choose(game.view()))
    return game


def greedy_seeds(*, won: bool, start: int = 0) -> Iterator[int]:
    """Seeds from `start` on whose game the greedy player wins (or, with won=False, loses):
    known wins and losses for tests that play a game through to its end."""
    seed = start
    while True:
        if play_greedy(TableauGame.new(seed)).won == won:
            yield seed
        seed += 1
