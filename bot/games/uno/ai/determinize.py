"""A whole game built from one seat's knowledge: its view, plus a guess at every hidden card.

The hard player imagines the hidden cards many times over (`sample_hidden`: the other hands and
the draw pile, drawn from the unseen cards and respecting what the seat inferred about voids),
builds a game from each guess (`determinized_game`) and plays it out. The game is an ordinary
`UnoGame`: one rules path, the engine's own. It is built through `UnoGame.new` (for the ruleset,
seats and teams) and then given the view's state through the game's state attributes; `clone`
copies it for each rollout.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from bot.games.uno.actions import CALL_UNO
from bot.games.uno.ai.knowledge import Knowledge
from bot.games.uno.game import Phase
from bot.games.uno.game import SeatView
from bot.games.uno.game import UnoGame
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.ruleset import Ruleset


def sample_hidden(
    view: SeatView, knowledge: Knowledge, rng: random.Random
) -> tuple[list[list[AnyCard]], list[AnyCard], list[AnyCard]]:
    """One guess at the hidden cards: (every hand, the draw pile, the discard pile beneath its
    known part). Seats with a void get cards outside it first, as far as the unseen cards allow;
    a void that cannot be met is dropped rather than the guess refused."""
    pool: list[AnyCard] = list(knowledge.unseen.elements())
    rng.shuffle(pool)
    counts = view.hand_counts
    hands: list[list[AnyCard]] = [[] for _ in counts]
    hands[view.seat] = list(view.hand)
    taken = [False] * len(pool)
    # The most constrained seats choose first.
    for seat, void in sorted(knowledge.voids.items(), key=lambda kv: counts[kv[0]] - kv[1].fresh):
        want = counts[seat] - void.fresh
        hand = hands[seat]
        for index, card in enumerate(pool):
            if len(hand) >= want:
                break
            if not taken[index] and not void.excludes(card):
                taken[index] = True
                hand.append(card)
    rest = [card for index, card in enumerate(pool) if not taken[index]]
    for seat, count in enumerate(counts):
        if seat == view.seat:
            continue
        missing = count - len(hands[seat])
        if missing > 0:
            hands[seat] += rest[-missing:]
            del rest[-missing:]
    draw_pile = rest[len(rest) - view.draw_pile_size :] if view.draw_pile_size else []
    buried = rest[: len(rest) - view.draw_pile_size]
    return hands, draw_pile, buried


# The state a view does not show but a game needs, and what it is set to; checked against the
# game's attributes so that a renamed attribute fails loudly rather than being set beside it.
def _set(game: UnoGame, name: str, value: Any) -> None:
    if not hasattr(game, name):
        raise AttributeError(f"UnoGame has no attribute {name!r} to determinize")
    setattr(game, name, value)


def determinized_game(
    view: SeatView,
    ruleset: Ruleset,
    hands: list[list[AnyCard]],
    draw_pile: list[AnyCard],
    discard: list[AnyCard],
    seed: int,
) -> UnoGame:
    """A game in the view's state, with these hands, draw pile and discard pile (top last).

    Only the state a seat can see is set: a pending Wild Draw Four challenge or a Wild turned
    first are not rebuilt, so the hard player searches from its own turn in play only."""
    # The seats of a game in play, which players may have left: fewer than a new game needs, or
    # partners at an odd count (T7 asks for an even one at the start only). The teams are the view's.
    game, _ = UnoGame.new(ruleset, view.seat_count, seed, check_seats=False)
    _set(game, "hands", hands)
    _set(game, "draw_pile", draw_pile)
    _set(game, "discard", discard)
    _set(game, "colour", view.colour)
    _set(game, "current", view.current)
    _set(game, "direction", view.direction)
    _set(game, "phase", view.phase)
    _set(game, "turn", view.turn)
    _set(game, "round_number", view.round_number)
    _set(game, "dealer", view.dealer)
    _set(game, "scores", list(view.scores))
    _set(game, "drawn_card", view.drawn_card)
    _set(game, "uno_catchable", view.uno_catchable)
    _set(game, "pending_draw", view.pending_draw)
    eliminated = set(view.eliminated)
    _set(game, "eliminated", [seat in eliminated for seat in range(view.seat_count)])
    declared = (
        view.my_turn
        and view.phase is Phase.PLAYING
        and len(view.hand) == 2
        and CALL_UNO not in view.legal
        and view.uno_catchable != view.seat
    )
    _set(game, "uno_declared", view.seat if declared else None)
    if view.teams:
        _set(game, "team_list", list(view.teams))
    return game


class Determinizer:
    """Builds games for many guesses at the hidden cards of one decision: the state the view
    shows is set once, each guess copies it and deals the hidden cards."""

    def __init__(self, view: SeatView, ruleset: Ruleset, knowledge: Knowledge, seed: int) -> None:
        self.view = view
        self.knowledge = knowledge
        hands = [list(view.hand) if seat == view.seat else [] for seat in range(view.seat_count)]
        self.base = determinized_game(view, ruleset, hands, [], list(knowledge.discard), seed)

    def sample(self, rng: random.Random) -> UnoGame:
        hands, draw_pile, buried = sample_hidden(self.view, self.knowledge, rng)
        game = clone(self.base, rng.getrandbits(32))
        game.hands = hands
        game.draw_pile = draw_pile
        game.discard = buried + self.knowledge.discard
        return game


def clone(game: UnoGame, seed: int) -> UnoGame:
    """A copy to play on: the lists of the state copied (hands one level deeper), a new
    generator for what the copy draws at random."""
    twin = copy.copy(game)
    state = vars(twin)
    for name, value in state.items():
        if type(value) is list:
            state[name] = [list(v) if type(v) is list else v for v in value]
    twin.rng = random.Random(seed)
    return twin
