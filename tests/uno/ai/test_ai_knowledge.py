"""What a seat infers from the public history: the habit of keeping Wilds for last, and the
same knowledge whether read on from the last decision or afresh."""

from __future__ import annotations

import random

import pytest

from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import Action
from bot.games.uno.ai.arena import play_game
from bot.games.uno.ai.history import PublicHistory
from bot.games.uno.ai.knowledge import KnowledgeReader
from bot.games.uno.ai.knowledge import _Reader
from bot.games.uno.ai.knowledge import infer
from bot.games.uno.ai.normal import NormalPlayer
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.events import CardPlayed
from bot.games.uno.events import ColourChosen
from bot.games.uno.events import FirstCardTurned
from bot.games.uno.game import SeatView
from bot.games.uno.ruleset import OFFICIAL
from tests.uno.test_uno_variant_properties import COMBINATIONS
from tests.uno.test_uno_variant_properties import players_for


def read(habits: bool, *cards: str) -> _Reader:
    reader = _Reader(OFFICIAL, strict=False, habits=habits)
    reader.read(FirstCardTurned(Card.parse("R5")))
    for code in cards:
        reader.read(CardPlayed(1, Card.parse(code)))
        if code == "W":
            reader.read(ColourChosen(1, Colour.BLUE))
    return reader


def test_a_plain_wild_is_read_as_holding_nothing_else_that_would_go() -> None:
    void = read(True, "W").voids[1]
    assert void.excludes(Card.parse("R9")) and void.excludes(Card.parse("G5"))
    assert not void.excludes(Card.parse("B7")) and not void.fresh
    assert 1 not in read(False, "W").voids


def test_a_card_played_against_the_belief_ends_it() -> None:
    assert 1 in read(True, "W", "B7").voids
    assert 1 not in read(True, "W", "B7", "R2").voids


class Checked:
    """A normal player whose knowledge, read on from its last decision, is checked against the
    whole history read afresh at every decision (and some seats leave, so seats move down)."""

    def __init__(self, seed: int, leaves: bool) -> None:
        self.player = NormalPlayer(seed)
        self.reader = KnowledgeReader(strict=False, habits=True)
        self.rng = random.Random(seed)
        self.leaves = leaves
        self.decisions = 0

    def choose(self, view: SeatView, history: PublicHistory) -> Action:
        self.check(view, history)
        if self.leaves and view.seat_count > 2 and LEAVE in view.legal and self.rng.random() < 0.002:
            return LEAVE
        return self.player.choose(view, history)

    def react(self, view: SeatView, history: PublicHistory) -> Action | None:
        self.check(view, history)
        return self.player.react(view, history)

    def check(self, view: SeatView, history: PublicHistory) -> None:
        assert self.reader.infer(view, history) == infer(view, history, strict=False, habits=True)
        self.decisions += 1


@pytest.mark.parametrize("index", range(0, len(COMBINATIONS), 7))
def test_knowledge_read_on_from_the_last_decision_is_the_whole_history_read_afresh(index: int) -> None:
    """Rounds restart the history, Seven-O and the twist swap hands, seats leave and move down:
    at every decision, what a player read on equals the whole history read from its start."""
    ruleset = COMBINATIONS[index].with_target(150)
    decisions = 0
    for game in range(3):
        seats = players_for(ruleset, 2 + (index + game) % 5)
        players = [Checked(index * 100 + game * 10 + seat, leaves=game == 2) for seat in range(seats)]
        play_game(ruleset, players, index * 1000 + game)
        decisions += sum(player.decisions for player in players)
    assert decisions > 100
