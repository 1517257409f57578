"""What a card does when it is played, and what follows a Wild: the colour called, the Wild
Draw Four's challenge (O6), the penalties (O5, C2, T3, stacking H1/C8/T4), Skip and Reverse
(O5, C4, twist's 7 with teams), Seven-O's swaps (H2). Written against card roles, so UNO cards
and twist's playing cards go through the same code.

Each function acts on the game it is given, through its state and its small steps (drawing,
passing the turn, going out)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.uno.cards import DRAW_FIVE
from bot.games.uno.cards import DRAW_TWO
from bot.games.uno.cards import NUMBER
from bot.games.uno.cards import REVERSE
from bot.games.uno.cards import SKIP
from bot.games.uno.cards import WILD
from bot.games.uno.cards import WILD_DRAW_FOUR
from bot.games.uno.cards import Face
from bot.games.uno.cards import Role
from bot.games.uno.cards import remove_card
from bot.games.uno.events import CardPlayed
from bot.games.uno.events import ChallengeResolved
from bot.games.uno.events import ColourChosen
from bot.games.uno.events import DirectionReversed
from bot.games.uno.events import DrawReason
from bot.games.uno.events import Event
from bot.games.uno.events import HandsRotated
from bot.games.uno.events import HandsSwapped
from bot.games.uno.events import PenaltyPending
from bot.games.uno.events import TurnSkipped
from bot.games.uno.penalties import PENALTY_REASONS
from bot.games.uno.penalties import penalty
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.playing_cards import AnyColour
from bot.games.uno.view import AWAITING_COLOUR
from bot.games.uno.view import AWAITING_SWAP
from bot.games.uno.view import PLAYING
from bot.games.uno.view import Phase
from bot.games.uno.view import card_sort_key

if TYPE_CHECKING:
    from bot.games.uno.game import UnoGame


def choose_colour(game: UnoGame, seat: int, colour: AnyColour) -> list[Event]:
    """The colour (or suit) called for the wild card on top. The first player calls it for a
    Wild turned first and plays on; otherwise the challenge (O6) follows where one may be
    made, else the card's penalty (a Wild Draw Four, or a Wild under C2), else the next turn."""
    game.colour = colour
    events: list[Event] = [ColourChosen(seat, colour)]
    if game.colour_then_play:
        game.colour_then_play = False
        game.phase = Phase.PLAYING
        return events
    if game.wd4_offender is not None:
        game.phase = Phase.AWAITING_CHALLENGE
        events.append(game.next_turn(1))
        return events
    game.phase = Phase.PLAYING
    role = game.discard[-1].role
    if penalty(game.ruleset, role):
        impose(game, role, events)
    else:
        events.append(game.next_turn(1))
    return events


def challenge(game: UnoGame, seat: int) -> list[Event]:
    offender = game.wd4_offender
    assert offender is not None
    guilty = game.wd4_guilty
    revealed = tuple(sorted(game.hands[offender], key=card_sort_key))
    events: list[Event] = [ChallengeResolved(seat, offender, guilty, revealed)]
    game.wd4_offender = None
    game.phase = PLAYING
    if guilty:
        # The bluffer takes the four cards; the challenger then plays their turn as usual.
        game.draw_cards(offender, 4, DrawReason.CAUGHT_BLUFFING, events)
        return events
    game.draw_cards(seat, 6, DrawReason.CHALLENGE_LOST, events)
    events.append(TurnSkipped(seat))
    events.append(game.next_turn(1))
    return events


def accept_draw_four(game: UnoGame, seat: int) -> list[Event]:
    game.wd4_offender = None
    game.phase = PLAYING
    events: list[Event] = []
    game.draw_cards(seat, 4, DrawReason.WILD_DRAW_FOUR, events)
    events.append(TurnSkipped(seat))
    events.append(game.next_turn(1))
    return events


def play_card(game: UnoGame, seat: int, card: AnyCard) -> list[Event]:
    rules = game.ruleset
    hand = game.hands[seat]
    role = card.role
    challengeable = (
        role is WILD_DRAW_FOUR
        and rules.challenge
        and not rules.no_bluffing
        and role not in rules.stack_answers
    )
    guilty = challengeable and game.holds_colour_in_force(seat)
    remove_card(hand, card)
    game.discard.append(card)
    game.drawn_card = None
    events: list[Event] = [CardPlayed(seat, card)]
    if len(hand) == 1 and game.uno_declared != seat:
        game.uno_catchable = seat
    game.uno_declared = None
    if not role.is_wild:
        game.colour = card.colour
    if not hand:
        return events + game.go_out(seat, card)
    if role is NUMBER:
        # Asked first: most cards played are numbers.
        if rules.seven_o and card.face is Face.SEVEN:
            game.phase = AWAITING_SWAP  # H2: the player picks whom to swap with
            return events
        if rules.seven_o and card.face is Face.ZERO:
            _rotate_hands(game, events)
        events.append(game.next_turn(1))
    elif role is WILD or role is WILD_DRAW_FOUR:
        game.phase = AWAITING_COLOUR
        if challengeable:
            game.wd4_offender = seat
            game.wd4_guilty = guilty
    elif role is DRAW_TWO or role is DRAW_FIVE:
        impose(game, role, events)
    elif role is SKIP:
        if rules.two_player_skip_reverse_void and _two_players_left(game):
            events.append(game.next_turn(1))  # C4
        else:
            _skip(game, seat, events)
    elif role is REVERSE:
        if rules.two_player_skip_reverse_void and _two_players_left(game):
            events.append(game.next_turn(1))  # C4
        else:
            game.direction = -game.direction
            events.append(DirectionReversed(game.direction))
            if _two_players_left(game):
                events.append(TurnSkipped(game.next_seat()))
                events.append(game.next_turn(2))
            else:
                events.append(game.next_turn(1))
    return events


def _two_players_left(game: UnoGame) -> bool:
    return game.seat_count - game.eliminated.count(True) == 2


def _skip(game: UnoGame, seat: int, events: list[Event]) -> None:
    """A Skip, or twist's 7: with more than two teams the turn goes to the next player of
    the player's own team (T3 and the decisions); otherwise the next player is skipped."""
    skipped = [game.next_seat()]
    if game.is_team_game and game.team_count > 2:
        team = game.team_of(seat)
        following = game.following_seat(seat, 1)
        skipped = []
        while following != seat and game.team_of(following) != team:
            skipped.append(following)
            following = game.following_seat(following, 1)
        if following == seat:  # no teammate is left at the table
            skipped = [game.next_seat()]
    for other in skipped:
        events.append(TurnSkipped(other))
    events.append(game.next_turn(len(skipped) + 1))


def impose(game: UnoGame, role: Role, events: list[Event], *, on_current: bool = False) -> None:
    """The penalty of the card just played (or the Wild just given its colour) falls on the
    next player: at once, or, where it stacks, added to the pending sum they must answer.
    `on_current`: on the seat already in turn (the card's player left before it took effect)."""
    amount = penalty(game.ruleset, role)
    victim = game.current if on_current else game.next_seat()
    passes = 0 if on_current else 1  # to reach the victim
    if role in game.ruleset.stack_answers:
        game.pending_draw += amount
        events.append(PenaltyPending(victim, game.pending_draw))
        if passes:
            events.append(game.next_turn(passes))
        return
    game.draw_cards(victim, amount, PENALTY_REASONS[role], events)
    events.append(TurnSkipped(victim))
    events.append(game.next_turn(passes + 1))


def swap_hands(game: UnoGame, seat: int, target: int) -> list[Event]:
    """H2: the player of a 7 swaps hands with the player they chose."""
    hands = game.hands
    hands[seat], hands[target] = hands[target], hands[seat]
    # A hand that changed places was not played down to one card: nothing to catch; and its
    # new holder did not draw the card that waited in it (C3).
    game.uno_catchable = None
    game.stop_waiting(seat, target)
    game.phase = PLAYING
    return [HandsSwapped(seat, target), game.next_turn(1)]


def _rotate_hands(game: UnoGame, events: list[Event]) -> None:
    """H2: a 0 passes every hand one seat along the direction of play."""
    seats = game.active_seats
    old = [game.hands[seat] for seat in seats]
    for index, hand in enumerate(old):
        game.hands[seats[(index + game.direction) % len(seats)]] = hand
    game.uno_catchable = None
    game.waiting = ()
    events.append(HandsRotated(game.direction))
