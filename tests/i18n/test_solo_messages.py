"""Survive the Flood and the shared solo pieces in six languages (issue 21): the fullest messages
within Discord's limits in every language, refusals and hints in the reader's language, and a
solo game's language and recent lines kept across a save."""

from __future__ import annotations

from collections import Counter
from datetime import UTC
from datetime import datetime
from typing import Any

import discord
import pytest

from bot.games.errors import GameError
from bot.games.flood import DRAW
from bot.games.flood import Difficulty
from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.flood import GreedyPlayer
from bot.games.flood.events import CardsDrawn
from bot.games.flood.events import DrawReason
from bot.games.flood.events import GameEnded
from bot.games.flood.events import Outcome
from bot.games.flood.events import PileReshuffled
from bot.i18n.catalogue import SOURCE
from bot.i18n.text import Text
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.flood_text import describe_events
from bot.render.images.flood import picture_words
from bot.sessions.solo import SoloPhase
from bot.sessions.solo import SoloSession
from bot.store import SoloStats
from bot.store.records import FinishedGameSummary
from bot.store.records import FinishedSeat
from cogs.flood.cog import FLOOD
from cogs.flood.render import VARIANTS
from cogs.flood.render import flood_message
from cogs.flood.render import hint_note
from cogs.flood.render import variant_label
from cogs.flood.rules import rules_text
from cogs.limits import BUTTON_LABEL
from cogs.limits import EMBED_DESCRIPTION
from cogs.limits import EMBED_FIELD_NAME
from cogs.limits import EMBED_FIELD_VALUE
from cogs.limits import EMBED_FOOTER
from cogs.limits import EMBED_TITLE
from cogs.limits import EMBED_TOTAL
from cogs.limits import MESSAGE
from cogs.limits import SELECT_OPTION_LABEL
from cogs.limits import SELECT_PLACEHOLDER
from cogs.solo.front import result_said
from cogs.solo.front import stats_lines
from cogs.solo.replay import STEP_LABELS
from cogs.solo.replay import recent_line
from tests.i18n import EVERY_LANGUAGE
from tests.i18n import solo_session

ALT_TEXT = 1024
NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)


def _session(game: FloodGame, variant: str, **state: Any) -> SoloSession:
    return solo_session(FLOOD, game, variant, now=NOW, **state)


def _biggest_hand(difficulty: str, deck: str) -> FloodGame:
    """A game whose hand holds the whole deck but the top card and two cards to draw (the reserve,
    where the difficulty keeps one, holds every special), with a penalty owed on draws."""
    game, _ = FloodGame.new(FloodOptions.make(difficulty, deck, 100, penalty_draws=True), 7)
    cards = [*game.hand, *game.reserve, *game.draw_pile, *game.discard]
    top = next(card for card in cards if not card.is_special)
    cards.remove(top)
    game.discard, game.draw_pile = [top], cards[:2]
    game.hand, game.reserve = [], []
    for card in cards[2:]:
        game._take(card)
    game.suit = top.suit
    game.rounds_done = 99
    return game


def _longest_recent(game: FloodGame) -> list[Any]:
    """The longest lines a move can add: a draw of many cards into the reserve, the end."""
    lines: list[Any] = describe_events(game.apply(DRAW))
    many = tuple(game.hand[:8])
    lines += describe_events(
        [
            CardsDrawn(many, DrawReason.WILD_DRAW_FOUR, many[:4]),
            PileReshuffled(99),
            GameEnded(Outcome.PENALTY, 99, 100),
        ]
    )
    return lines


def _embed_within_limits(embed: discord.Embed) -> None:
    assert embed.title is not None and len(embed.title) <= EMBED_TITLE
    assert embed.description is not None and len(embed.description) <= EMBED_DESCRIPTION
    assert not embed.description.endswith("…"), "nothing was cut"
    for field in embed.fields:
        assert field.name is not None and len(field.name) <= EMBED_FIELD_NAME
        assert field.value is not None and len(field.value) <= EMBED_FIELD_VALUE
        assert not field.value.endswith("…"), (field.name, "was cut")
    assert len(embed.footer.text or "") <= EMBED_FOOTER
    assert len(embed) <= EMBED_TOTAL


def _controls_within_limits(view: discord.ui.View) -> None:
    for item in view.children:
        if isinstance(item, discord.ui.Button):
            assert item.label is not None and len(item.label) <= BUTTON_LABEL
        if isinstance(item, discord.ui.Select):
            assert len(item.placeholder or "") <= SELECT_PLACEHOLDER
            assert all(len(option.label) <= SELECT_OPTION_LABEL for option in item.options)


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
@pytest.mark.parametrize(
    ("difficulty", "deck"), [("easy", "standard"), ("medium", "uno"), ("master", "standard")]
)
def test_the_flood_message_with_the_biggest_hand_fits_discord_in_every_language(
    language: str, difficulty: str, deck: str
) -> None:
    words = Words(language)
    game = _biggest_hand(difficulty, deck)
    view = game.view()
    assert view.obliged and view.can_draw
    session = _session(game, f"{difficulty}/{deck}", move=99_999)
    hint = hint_note(session)
    rendered = flood_message(session, hint, words)
    assert rendered.embed is not None and rendered.view is not None
    _embed_within_limits(rendered.embed)
    _controls_within_limits(rendered.view)
    said = picture_words(view, words)
    assert said.description.startswith(words(text("Survive the Flood")))
    assert all(len(caption) <= ALT_TEXT for caption in said[:-1])  # the alt text is cut by encode()

    # Its end, with the longest lines a move adds above it and the streak under it.
    session.recent = _longest_recent(game)
    session.phase = SoloPhase.EXPIRED
    session.stats = SoloStats(1, "flood", session.variant, 99_999, 99_998, 0, 99_998)
    ended = flood_message(session, "", words)
    assert ended.embed is not None and ended.view is None
    _embed_within_limits(ended.embed)


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_flood_rules_fit_one_embed_in_every_language(language: str) -> None:
    words, english = Words(language), Words(SOURCE)
    rules = words(rules_text())
    assert len(rules) <= EMBED_DESCRIPTION
    assert len(words(text("🌊 Survive the Flood: the rules"))) <= EMBED_TITLE
    if language != SOURCE:
        for line in rules_text().lines:
            if line:
                assert words(line) != english(line), (language, str(line))


def test_f1_the_master_rules_line_is_true_of_both_master_decks() -> None:
    """F1: the UNO master deck is two colours of one UNO deck (a single 0 of each colour), two
    Wilds and two Wild Draw Fours; only the playing-card one takes two packs. `/flood rules` must
    not tell players that every card of the two suits comes twice."""
    line = Words(SOURCE)(rules_text(Difficulty.MASTER))
    uno = Counter(FloodOptions.make("master", "uno").full_deck())
    assert sorted(str(card) for card, count in uno.items() if count == 1) == ["B0", "R0"]
    assert "two copies of each card" not in line
    assert "one UNO deck" in line and "two packs" in line


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        # master-inhand's line: 0% of 2,000 deals on each deck, a count with a thousands separator,
        # the percent sign spaced (no-break) as the language writes it
        ("en", "A careful computer player wins 0% with the UNO deck (2,000 deals) and 0% with"),
        ("de", "Ein umsichtiger Computerspieler gewinnt 0\xa0% mit dem UNO-Deck (2.000 Partien) und 0\xa0%"),
        ("fr", "gagne 0\xa0% avec le jeu UNO (2\u202f000 donnes) et 0\xa0%"),
        ("pt_BR", "vence 0% com o baralho UNO (2.000 distribuições) e 0%"),
    ],
)
def test_the_odds_are_written_the_locales_way(language: str, expected: str) -> None:
    assert expected in Words(language)(rules_text())


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_the_stats_embed_and_a_replay_step_fit_discord_in_every_language(language: str) -> None:
    words = Words(language)
    rows = tuple(SoloStats(1, "flood", variant, 123_456, 65_432, 9_999, 12_345) for variant in VARIANTS)
    description = "\n".join(stats_lines(rows, variant_label, words))
    assert len(description) <= EMBED_DESCRIPTION
    summary = FinishedGameSummary(
        game_id=2**53,
        kind="flood",
        ruleset="master-inhand/standard",
        guild_id=None,
        channel_id=2,
        finished_at=NOW,
        seats=(FinishedSeat(0, 1, "ann", 99_999, False, None),),
        rounds=0,
        seat_count=1,
        replayable=True,
    )
    recent = "\n".join(words(recent_line(summary, variant_label)) for _ in range(5))
    assert len(recent) <= EMBED_FIELD_VALUE
    game = str(summary.game_id)
    heading = text("📼 Replay of game #{game} · move {move} of {last}", game=game, move=99_999, last=99_999)
    session = _session(_biggest_hand("medium", "uno"), "medium/uno", move=99_999)
    rendered = flood_message(session, heading, words)
    assert rendered.embed is not None
    rendered.embed.set_footer(text=words(text("Replay of game #{game} · only you see it", game=game)))
    _embed_within_limits(rendered.embed)
    for label in STEP_LABELS.values():
        assert len(words(label)) <= BUTTON_LABEL
    for option in (text("Move {move}", move=99_999), text("The deal")):
        assert len(words(option)) <= SELECT_OPTION_LABEL
    for placeholder in (text("Jump to a move"), text("Pick a game")):
        assert len(words(placeholder)) <= SELECT_PLACEHOLDER
    assert len(words(text("Which game do you want to watch again?"))) <= MESSAGE


def test_a_refusal_and_a_hint_are_said_in_the_readers_language() -> None:
    game, _ = FloodGame.new(FloodOptions.make("medium", "standard"), 3)
    while not game.view().obliged:
        game.apply(GreedyPlayer().choose(game.view()))
    with pytest.raises(GameError) as refused:
        game.apply(DRAW)
    said = refused.value.said
    assert str(said).startswith("You can play (")
    assert Words("de")(said).startswith("Du kannst spielen (")
    assert "so you may not draw" not in Words("fr")(said)
    hint = hint_note(_session(game, "medium/standard"))
    assert Words("pt_BR")(hint).startswith("💡 Dica: ")


def test_a_solo_game_keeps_its_language_and_recent_lines_through_its_save() -> None:
    game, events = FloodGame.new(FloodOptions.make("easy", "uno"), 11)
    recent = describe_events(events + game.apply(GreedyPlayer().choose(game.view())))
    session = _session(game, "easy/uno", language="pt_BR", recent=recent)
    saved = session.snapshot()
    assert saved["language"] == "pt_BR"
    back = SoloSession.from_snapshot(FLOOD, saved, lambda: NOW)
    assert back.language == "pt_BR"
    assert back.recent == recent
    assert all(isinstance(line, Text) for line in back.recent)
    assert [Words("it")(line) for line in back.recent] == [Words("it")(line) for line in recent]


def test_an_old_save_without_a_language_reads_as_english() -> None:
    game, _ = FloodGame.new(FloodOptions.make("easy", "uno"), 11)
    saved = _session(game, "easy/uno", language="de").snapshot()
    del saved["language"]
    saved["recent"] = ["You played 🟥 7."]  # an older save's lines: English words
    back = SoloSession.from_snapshot(FLOOD, saved, lambda: NOW)
    assert back.language == "en"
    assert back.recent == ["You played 🟥 7."]
    rendered = flood_message(back, "", Words(back.language))
    assert rendered.embed is not None and "You played 🟥 7." in (rendered.embed.description or "")


def test_a_won_streak_is_said_in_every_language() -> None:
    game, _ = FloodGame.new(FloodOptions.make("easy", "uno"), 11)
    session = _session(game, "easy/uno", phase=SoloPhase.EXPIRED)
    session.stats = SoloStats(1, "flood", "easy/uno", 3, 1, 0, 1)
    assert Words("es")(result_said(session)) == "Racha reiniciada. Mejor racha: 1 · 1/3 ganadas."


async def test_a_game_that_cannot_be_restored_is_regretted_in_its_players_language() -> None:
    from bot.sessions.solo import SoloManager
    from cogs.solo.front import SoloFront

    sent: list[str] = []

    class Channel:
        async def send(self, content: str) -> None:
            sent.append(content)

    class Bot:
        solo = SoloManager()

        def get_partial_messageable(self, channel_id: int) -> Channel:
            return Channel()

    front = SoloFront(Bot(), FLOOD, flood_message)  # type: ignore[arg-type]
    await front.damaged("0123abcd", None, 2, "it")
    await front.damaged("0123abcd", None, 2)
    await front.damaged("0123abcd", 3, 2, "it")  # in a server, nobody to tell
    assert sent[0].startswith("⚠️ La tua partita a Sopravvivi al diluvio non si è potuta ripristinare")
    assert sent[1].startswith("⚠️ Your Survive the Flood game could not be restored")
    assert len(sent) == 2
