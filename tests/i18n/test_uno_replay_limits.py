"""The replay viewer (`/uno replay`, `/uno history`) within Discord's limits in every language
(issue 21): the fullest table (ten seats with the longest names Discord allows, the biggest
hands), its last step with the final scores, and a history of ten such games."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from datetime import UTC
from datetime import datetime

import discord
import pytest

from bot.games.uno.playing_cards import Suit
from bot.games.uno.playing_cards import playing_card_deck
from bot.i18n.catalogue import LANGUAGES
from bot.i18n.catalogue import SOURCE
from bot.i18n.words import Words
from bot.render.uno_text import JOKER_EMOJI
from bot.sessions.history import GameReplay
from bot.sessions.history import replay_record
from bot.sessions.table import TableSettings
from bot.store.records import FinishedGameSummary
from bot.store.records import FinishedSeat
from cogs.limits import BUTTON_LABEL
from cogs.limits import EMBED_DESCRIPTION
from cogs.limits import EMBED_FIELD_NAME
from cogs.limits import EMBED_FIELD_VALUE
from cogs.limits import EMBED_FOOTER
from cogs.limits import EMBED_TITLE
from cogs.limits import EMBED_TOTAL
from cogs.limits import MESSAGE
from cogs.limits import SELECT_OPTION_LABEL
from cogs.uno.history import history_message
from cogs.uno.history import replay_message
from tests.history.games import play_game

SEATS = 10
# Discord's longest display name, in letters that are wide in every language's sense.
NAMES = tuple(f"{chr(ord('A') + n)}{'w' * 31}" for n in range(SEATS))
FINISHED = datetime(2026, 11, 23, 20, 0, tzinfo=UTC)


def _summary(game_id: int, rounds: int) -> FinishedGameSummary:
    seats = tuple(
        FinishedSeat(seat=n, user_id=100 + n, display_name=name, points=99_999, won=n < 5, team=None)
        for n, name in enumerate(NAMES)
    )
    return FinishedGameSummary(
        game_id=10**15 + game_id,
        kind="uno",
        ruleset="official",
        guild_id=1,
        channel_id=7,
        finished_at=FINISHED,
        seats=seats,
        rounds=rounds,
        seat_count=SEATS + 2,
        replayable=game_id % 2 == 0,
    )


@pytest.fixture(scope="module")
def shown() -> GameReplay:
    settings = TableSettings().with_option("target_score", 1500)
    played = play_game(3, settings, SEATS)
    replay = replay_record(played.record)
    return GameReplay(
        summary=_summary(0, replay.final.round_number),
        replay=replay,
        names=NAMES,
        recorded_points=tuple(99_999 for _ in NAMES),
        recorded_won=tuple(n < 5 for n in range(SEATS)),
    )


def _steps(shown: GameReplay) -> list[int]:
    """The deal, the step with the most cards in hand, the moves that say the most, the end."""
    frames = shown.replay.frames
    fullest = max(range(len(frames)), key=lambda n: sum(map(len, frames[n].hands)))
    busiest = sorted(range(len(frames)), key=lambda n: len(frames[n].events))[-5:]
    return sorted({0, fullest, *busiest, len(frames) - 1})


def _check_embed(embed: discord.Embed, where: object) -> None:
    assert len(embed.title or "") <= EMBED_TITLE, where
    assert len(embed.description or "") <= EMBED_DESCRIPTION, where
    for field in embed.fields:
        assert len(field.name or "") <= EMBED_FIELD_NAME, where
        assert len(field.value or "") <= EMBED_FIELD_VALUE, where
    assert len(embed.footer.text or "") <= EMBED_FOOTER, where


@pytest.mark.parametrize("language", [SOURCE, *LANGUAGES])
def test_the_fullest_replay_fits_discords_limits_in_every_language(shown: GameReplay, language: str) -> None:
    words = Words(language)
    assert shown.replay.frames[-1].over and len(shown.replay.rounds) > 1
    for step in _steps(shown):
        rendered = replay_message(shown, step, words)
        assert rendered.embed is not None and rendered.view is not None
        _check_embed(rendered.embed, (language, step))
        for child in rendered.view.children:
            item = getattr(child, "item", child)
            if isinstance(item, discord.ui.Button):
                assert item.label and len(item.label) <= BUTTON_LABEL
            elif isinstance(item, discord.ui.Select):
                assert all(len(option.label) <= SELECT_OPTION_LABEL for option in item.options)
                assert item.placeholder and len(item.placeholder) <= SELECT_OPTION_LABEL
    last = replay_message(shown, len(shown.replay.frames) - 1, words).embed
    assert last is not None and last.footer.text and NAMES[0] in last.footer.text


@pytest.mark.parametrize("language", [SOURCE, *LANGUAGES])
def test_a_history_of_ten_full_games_fits_in_every_language(language: str) -> None:
    games = tuple(_summary(n, 999) for n in range(10))
    rendered = history_message(games, title="Last UNO games", say=Words(language))
    assert rendered.embed is not None
    _check_embed(rendered.embed, language)
    empty = history_message((), title="Last UNO games", say=Words(language))
    assert empty.content and len(empty.content) <= MESSAGE


def test_the_replay_reads_in_german() -> None:
    settings = TableSettings().with_option("target_score", 50)
    played = play_game(1, settings, 3)
    replay = replay_record(played.record)
    names = ("anna", "bert", "cem")
    shown = GameReplay(_summary(1, replay.final.round_number), replay, names, (1, 2, 3), (True, False, False))
    german = replay_message(shown, 0, Words("de"))
    english = replay_message(shown, 0)
    assert german.embed is not None and english.embed is not None
    assert german.embed.title and german.embed.title.startswith("Spiel #")
    assert english.embed.title and english.embed.title.startswith("Game #")
    assert german.embed.description and german.embed.description.startswith("**Das Austeilen**")
    assert german.embed.fields[0].name == "Ablagestapel"
    assert all("7 Karten: " in (f.value or "") for f in german.embed.fields[1:])
    assert german.view is not None
    items = [getattr(child, "item", child) for child in german.view.children]
    labels = [item.label for item in items if isinstance(item, discord.ui.Button)]
    assert labels == ["⏮ Anfang", "◀ Zurück", "Weiter ▶", "Ende ⏭"]
    end = replay_message(shown, len(replay.frames) - 1, Words("de")).embed
    assert end is not None and end.footer.text == "Endstand: anna: 1 (gewonnen), bert: 2, cem: 3"


TIMES = "\N{MULTIPLICATION SIGN}"


def _cards_listed(value: str) -> Counter[str]:
    """The cards a replay's hand field lists (`{count} cards: ♣ A  A  2…` a row a suit), as
    `rank+suit` or `joker`; a face held several times is written once each or once with its count."""
    suits = {suit.symbol for suit in Suit}
    cards: Counter[str] = Counter()
    for line in value.split(": ", 1)[-1].splitlines():
        sign, _, faces = line.partition(" ")
        if sign not in suits and sign != JOKER_EMOJI:
            continue
        for face in faces.split("  "):
            name, times, count = face.rpartition(TIMES)
            held = int(count) if times else 1
            cards["joker" if sign == JOKER_EMOJI else f"{name if times else face}{sign}"] += held
    return cards


@pytest.mark.parametrize("language", [SOURCE, *LANGUAGES])
def test_the_biggest_twist_hand_shows_every_card_in_a_replay(language: str) -> None:
    """Twist with eight decks: a hand of 424 cards (all but the discard and one a seat for seven
    others). Its field in the replay used to be cut at Discord's 1,024 characters, past the clubs:
    the rest of the hand was lost."""
    settings = TableSettings.of("twist", {"decks": 8})
    played = play_game(2, settings, 8)
    replay = replay_record(played.record)
    frame = replay.frames[0]
    held = tuple(playing_card_deck(8)[: 432 - 1 - 7])
    frame = replace(frame, hands=(held, *frame.hands[1:]))
    shown = GameReplay(
        summary=_summary(2, replay.final.round_number),
        replay=replace(replay, frames=(frame, *replay.frames[1:])),
        names=NAMES[:8],
        recorded_points=(0,) * 8,
        recorded_won=(True,) * 8,
    )
    embed = replay_message(shown, 0, Words(language)).embed
    assert embed is not None
    _check_embed(embed, language)
    assert len(embed) <= EMBED_TOTAL
    seat = next(n for n, start in enumerate(frame.seats) if start == frame.seats[0])
    value = embed.fields[1 + seat].value or ""
    expected = Counter(
        "joker" if card.suit is None else f"{card.rank.value}{card.suit.symbol}" for card in held
    )
    assert _cards_listed(value) == expected, value[-200:]
