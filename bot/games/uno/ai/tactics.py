"""Judgements every level above `easy` shares: whom a card hurts, which colour to call, whether a
Wild Draw Four was a bluff, whom to swap hands with. They read a view and what the seat inferred
(`Knowledge`), nothing else."""

from __future__ import annotations

from collections import Counter

from bot.games.uno.actions import ACCEPT
from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import CATCH
from bot.games.uno.actions import CHALLENGE
from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.actions import Action
from bot.games.uno.actions import ChooseColour
from bot.games.uno.actions import SwapWith
from bot.games.uno.actions import choose
from bot.games.uno.actions import swap_with
from bot.games.uno.ai.knowledge import Knowledge
from bot.games.uno.cards import Role
from bot.games.uno.game import SeatView
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.playing_cards import AnyColour

# Roles that hurt the next player (or, for a 7 with three or more teams, pass the turn on).
HURTING = frozenset({Role.SKIP, Role.DRAW_TWO, Role.WILD_DRAW_FOUR, Role.DRAW_FIVE})


def first_duty(legal: tuple[Action, ...], *, catches: bool = True) -> Action | None:
    """What a player does before thinking, when it is offered: deal the next round, call UNO,
    catch a player who forgot to (a player that never catches, as rlcard's, says so)."""
    if DEAL_NEXT_ROUND in legal:
        return DEAL_NEXT_ROUND
    if CALL_UNO in legal:
        return CALL_UNO
    if catches and CATCH in legal:
        return CATCH
    return None


def same_side(view: SeatView, seat: int, other: int) -> bool:
    """Are `seat` and `other` on one side (the same seat, or partners in twist teams)?"""
    if seat == other:
        return True
    return bool(view.teams) and view.teams[seat] == view.teams[other]


def seat_after(view: SeatView, seat: int, steps: int = 1) -> int:
    """`steps` seats on along the direction of play, passing over eliminated seats (C7)."""
    out = set(view.eliminated)
    n = view.seat_count
    for _ in range(steps):
        seat = (seat + view.direction) % n
        while seat in out and seat != view.seat:
            seat = (seat + view.direction) % n
    return seat


def opponents(view: SeatView) -> list[int]:
    out = set(view.eliminated)
    return [s for s in range(view.seat_count) if s not in out and not same_side(view, view.seat, s)]


def danger(view: SeatView) -> int:
    """The fewest cards an opponent holds (a large number when nobody is near going out)."""
    counts = [view.hand_counts[s] for s in opponents(view)]
    return min(counts) if counts else 99


def colour_counts(hand: tuple[AnyCard, ...] | list[AnyCard]) -> Counter[AnyColour]:
    return Counter(c.colour for c in hand if c.colour is not None and not c.role.is_wild)


def best_colour(
    view: SeatView, choices: list[AnyColour], knowledge: Knowledge | None, keep: AnyCard | None = None
) -> AnyColour:
    """The colour to call: the one the hand holds most of (points break ties), nudged towards
    a colour the next opponent is believed not to hold. `keep` is the card about to leave."""
    hand = list(view.hand)
    if keep is not None and keep in hand:
        hand.remove(keep)
    counts = colour_counts(hand)
    points: Counter[AnyColour] = Counter()
    for card in hand:
        if card.colour is not None:
            points[card.colour] += card.points
    follower = seat_after(view, view.current)
    void = knowledge.voids.get(follower) if knowledge else None
    hostile = not same_side(view, view.seat, follower)

    def score(colour: AnyColour) -> tuple[float, int]:
        bonus = 0.0
        if void is not None and colour in void.colours:
            bonus = 1.5 if hostile else -1.5
        return counts[colour] + bonus, points[colour]

    return max(choices, key=score)


def colour_choice(view: SeatView, knowledge: Knowledge | None) -> Action:
    colours = [a.colour for a in view.legal if isinstance(a, ChooseColour)]
    return choose(best_colour(view, colours, knowledge))


def swap_choice(view: SeatView) -> Action:
    """Seven-O: take the smallest hand of an opponent (a partner's only when no opponent is
    offered); the largest, if ours is already the smallest, would only hurt us."""
    seats = [a.seat for a in view.legal if isinstance(a, SwapWith)]
    hostile = [s for s in seats if not same_side(view, view.seat, s)] or seats
    return swap_with(min(hostile, key=lambda s: (view.hand_counts[s], s)))


def bluff_odds(view: SeatView, knowledge: Knowledge) -> float:
    """How likely the Wild Draw Four on us was a bluff (O6): its player held a card of the
    colour in force before it. Without the play, the chance a hand of h unseen cards holds that
    colour; the play itself is evidence of innocence (a player without the colour is more
    likely to play it), weighed by a fixed likelihood ratio."""
    offender = knowledge.last_player
    colour = knowledge.colour_before_last
    if offender is None or colour is None:
        return 0.0
    void = knowledge.voids.get(offender)
    if void is not None and colour in void.colours and not void.fresh:
        return 0.02
    unseen = knowledge.unseen
    total = sum(unseen.values())
    if not total:
        return 0.0
    of_colour = sum(n for card, n in unseen.items() if card.colour == colour)
    share = of_colour / total
    held = view.hand_counts[offender] + 1  # before the Wild Draw Four went down
    holds = 1.0 - (1.0 - share) ** held
    # Most players play a Wild Draw Four while holding the colour only to stop someone about
    # to go out; one already caught bluffing this round is believed more ready to.
    likelihood = 0.3 if len(view.hand) <= 2 else 0.03
    if knowledge.bluffers.get(offender):
        likelihood = 0.5
    return holds * likelihood / (holds * likelihood + (1.0 - holds))


def challenge_choice(view: SeatView, knowledge: Knowledge, threshold: float) -> Action:
    """Challenge when the odds of a bluff beat `threshold`: a caught bluff costs its player four
    cards and spares us four and our turn, a failed challenge costs us two more."""
    return CHALLENGE if bluff_odds(view, knowledge) > threshold else ACCEPT
