"""A computer player receives its seat's view and the public history only: no card of another
hand reaches it. Checked by type (the history's events exclude the engine's private ones) and at
run time, over whole games: every card reachable from what a player is given is in its own hand,
was drawn by itself, or lay face up on the table; and the view is the same whatever the hidden
cards are."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

from bot.games.uno.ai import HistoryRecorder
from bot.games.uno.ai import PublicHistory
from bot.games.uno.ai import computer_player
from bot.games.uno.ai.determinize import Determinizer
from bot.games.uno.ai.history import HiddenDraw
from bot.games.uno.ai.history import OwnDraw
from bot.games.uno.ai.knowledge import infer
from bot.games.uno.cards import Card
from bot.games.uno.events import CardPlayed
from bot.games.uno.events import CardsDrawn
from bot.games.uno.events import ChallengeResolved
from bot.games.uno.events import Event
from bot.games.uno.events import FirstCardReturned
from bot.games.uno.events import FirstCardTurned
from bot.games.uno.game import Phase
from bot.games.uno.game import SeatView
from bot.games.uno.game import UnoGame
from bot.games.uno.playing_cards import PlayingCard
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.ruleset import TWIST
from bot.games.uno.ruleset import Ruleset

RULESETS = (
    OFFICIAL.with_target(1),
    OFFICIAL.with_house_rules("seven_o", "jump_in").with_target(1),
    TWIST.with_options(teams="partners").with_target(1),
)


def cards_in(value: object) -> Iterator[object]:
    """Every card reachable from `value` through tuples, lists and dataclass fields."""
    if isinstance(value, Card | PlayingCard):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))


def public_cards(event: Event) -> list[object]:
    if isinstance(event, CardPlayed | FirstCardTurned | FirstCardReturned):
        return [event.card]
    return []


def hidden_permuted(game: UnoGame, seat: int, rng: random.Random) -> UnoGame:
    """The same game with every card `seat` cannot see (other hands, the draw pile) dealt
    afresh among the same places."""
    data = game.to_json()
    hidden = [c for s, hand in enumerate(data["hands"]) if s != seat for c in hand]
    hidden += data["draw_pile"]
    rng.shuffle(hidden)
    for s, hand in enumerate(data["hands"]):
        if s != seat:
            data["hands"][s] = [hidden.pop() for _ in hand]
    data["draw_pile"] = [hidden.pop() for _ in data["draw_pile"]]
    return UnoGame.from_json(data)


def assert_private(view: SeatView, history: PublicHistory, seen: set[object], own: set[object]) -> None:
    for event in history.events:
        assert not isinstance(event, CardsDrawn | ChallengeResolved)
        if isinstance(event, OwnDraw):
            assert event.seat == history.seat
    fields = tuple(getattr(view, field.name) for field in dataclasses.fields(view))
    for card in (*cards_in(fields), *cards_in(history.events)):
        assert card in seen or card in own or card in view.hand, card


def play_watched(ruleset: Ruleset, seats: int, seed: int) -> int:
    game, events = UnoGame.new(ruleset, seats, seed)
    recorders = [HistoryRecorder(s, ruleset) for s in range(seats)]
    players = [computer_player(("easy", "normal")[s % 2], seed + s) for s in range(seats)]
    seen: set[object] = set()
    own: list[set[object]] = [set() for _ in range(seats)]
    rng = random.Random(seed)
    checked = 0

    def observe(new: list[Event]) -> None:
        for event in new:
            seen.update(public_cards(event))
            if isinstance(event, CardsDrawn):
                own[event.seat].update(event.cards)
        for recorder in recorders:
            recorder.observe(new)

    observe(events)
    while game.phase is not Phase.FINISHED:
        seat = game.current
        view, history = game.view(seat), recorders[seat].history()
        assert_private(view, history, seen, own[seat])
        if game.phase is Phase.PLAYING and checked % 5 == 0:
            assert hidden_permuted(game, seat, rng).view(seat) == view
        checked += 1
        observe(game.apply(seat, players[seat].choose(view, history)))
    return checked


def test_no_card_of_another_hand_reaches_a_computer_player() -> None:
    checked = 0
    for index, ruleset in enumerate(RULESETS):
        for seed in range(8):
            seats = 4 if ruleset.playing_cards else 2 + seed % 3
            checked += play_watched(ruleset, seats, 100 * index + seed)
    assert checked > 1000


def test_another_seats_draw_is_recorded_as_a_count() -> None:
    game, events = UnoGame.new(OFFICIAL, 3, 4)
    recorder = HistoryRecorder(0, OFFICIAL)
    recorder.observe(events)
    drawer = game.current if game.current != 0 else 1
    while game.current != drawer:
        game.apply(game.current, next(a for a in game.legal_actions(game.current) if str(a) == "draw"))
    drawn = game.apply(drawer, next(a for a in game.legal_actions(drawer) if str(a) == "draw"))
    recorder.observe(drawn)
    cards = next(e for e in drawn if isinstance(e, CardsDrawn)).cards
    recorded = recorder.history().events[-len(drawn) :]
    assert not any(isinstance(e, CardsDrawn) for e in recorded)
    counts = [e for e in recorded if isinstance(e, HiddenDraw)]
    assert [(e.seat, e.count) for e in counts] == [(drawer, len(cards))]
    assert list(cards_in(recorded)) == [c for e in drawn for c in public_cards(e)]


def test_a_determinized_game_shows_the_seat_its_own_view() -> None:
    """The search's imagined games agree with everything the seat knows."""
    for seed, ruleset in enumerate(RULESETS * 2):
        seats = 4 if ruleset.playing_cards else 3
        game, events = UnoGame.new(ruleset, seats, seed)
        recorders = [HistoryRecorder(s, ruleset) for s in range(seats)]
        for recorder in recorders:
            recorder.observe(events)
        players = [computer_player("normal", s) for s in range(seats)]
        rng = random.Random(seed)
        for _ in range(60):
            if game.phase is not Phase.PLAYING:
                break
            seat = game.current
            view, history = game.view(seat), recorders[seat].history()
            knowledge = infer(view, history, strict=False)
            imagined = Determinizer(view, ruleset, knowledge, seed).sample(rng)
            assert imagined.view(seat) == view
            assert imagined.card_count == game.card_count
            new = game.apply(seat, players[seat].choose(view, history))
            for recorder in recorders:
                recorder.observe(new)
