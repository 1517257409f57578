"""Every refusal of the UNO engine reads in the player's language (issue 21).

The engine is driven into its refusals: random games under each preset and house rule, where at
every few moves each seat tries what it may not do (cards it does not hold or that do not match,
out-of-turn actions, colours, swaps, challenges, catches...), and the tables' options, the typed
actions and the seats a ruleset refuses. Every sentence a refusal can say (each `text(...)` the
engine raises, read from its source) must come up; each refusal found reads with no English left
in every language, within a Discord message's 2,000 characters.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.games.errors import GameError
from bot.games.uno.actions import ACCEPT
from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import CATCH
from bot.games.uno.actions import CHALLENGE
from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import PASS
from bot.games.uno.actions import Action
from bot.games.uno.actions import choose
from bot.games.uno.actions import jump_in
from bot.games.uno.actions import parse_action
from bot.games.uno.actions import play
from bot.games.uno.actions import swap_with
from bot.games.uno.ai import RandomPlayer
from bot.games.uno.cards import ALL_CARDS
from bot.games.uno.cards import COLOURS
from bot.games.uno.cards import Card
from bot.games.uno.game import Phase
from bot.games.uno.game import UnoGame
from bot.games.uno.playing_cards import ALL_PLAYING_CARDS
from bot.games.uno.playing_cards import SUITS
from bot.games.uno.playing_cards import PlayingCard
from bot.games.uno.playing_cards import parse_card
from bot.games.uno.playing_cards import parse_colour
from bot.games.uno.ruleset import CLASSIC
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.ruleset import TWIST
from bot.games.uno.ruleset import Ruleset
from bot.games.uno.ruleset import ruleset_named
from bot.games.uno.teams import seat_teams
from bot.i18n.catalogue import LANGUAGES
from bot.i18n.text import AllOf
from bot.i18n.text import AnyOf
from bot.i18n.text import Clauses
from bot.i18n.text import Lines
from bot.i18n.text import Text
from bot.i18n.words import Words
from cogs.limits import MESSAGE

ROOT = Path(__file__).resolve().parents[2]
# The engine's files that refuse what a player asks.
REFUSING = (
    "bot/games/uno/game.py",
    "bot/games/uno/ruleset.py",
    "bot/games/uno/teams.py",
    "bot/games/uno/cards.py",
    "bot/games/uno/playing_cards.py",
    "bot/games/uno/actions.py",
)
REFUSALS = {"IllegalAction", "GameOver", "NotYourTurn", "MalformedAction"}
# Sentences the engine keeps for states no game reaches: a turn action refused in none of the
# ways `_refuse_turn` names first.
UNREACHABLE = {"{action} is not possible now."}


def _msgids(node: ast.AST) -> Iterator[str]:
    for call in ast.walk(node):
        if (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id in ("text", "counted")
            and call.args
            and isinstance(call.args[0], ast.Constant)
        ):
            yield str(call.args[0].value)


def engine_refusals() -> set[str]:
    """Every sentence the engine may refuse with: the `text(...)` inside each `raise` of a
    refusal, and those `_why_not_playable` returns (raised by `_check_play`)."""
    found: set[str] = set()
    for path in REFUSING:
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Raise)
                and isinstance(node.exc, ast.Call)
                and isinstance(node.exc.func, ast.Name)
                and node.exc.func.id in REFUSALS
            ):
                found.update(_msgids(node.exc))
            elif isinstance(node, ast.FunctionDef) and node.name == "_why_not_playable":
                found.update(_msgids(node))
    return found


# ---------------------------------------------------------------------------- driving the engine


def _rulesets() -> list[Ruleset]:
    rules = [OFFICIAL, CLASSIC, TWIST, CLASSIC.with_house_rules("classic_stacking")]
    rules += [OFFICIAL.with_house_rules(name) for name in ("stacking", "seven_o", "jump_in", "draw_to_match")]
    rules += [OFFICIAL.with_house_rules("forced_play", "no_bluffing")]
    rules += [OFFICIAL.with_house_rules("stacking_wd4", "no_bluffing", "jump_in").with_options(time_limit=30)]
    rules += [TWIST.with_options(teams="partners"), TWIST.with_house_rules("jump_in")]
    return rules


def _candidates(game: UnoGame, seat: int) -> list[Action]:
    """What a seat might try: its own cards and a few it does not hold, played or jumped in with,
    every colour and suit, every call."""
    deck: tuple[Card | PlayingCard, ...] = ALL_PLAYING_CARDS if game.ruleset.playing_cards else ALL_CARDS
    held = list(dict.fromkeys(game.hands[seat]))
    others = [card for card in deck if card not in held][:3]
    actions: list[Action] = [play(card) for card in held + others]
    actions += [jump_in(card) for card in held[:4] + others[:1]]
    actions += [jump_in(game.discard_top)]
    actions += [choose(colour) for colour in (*COLOURS, *SUITS)]
    actions += [swap_with(other) for other in range(game.seat_count + 1)]
    actions += [DRAW, PASS, CALL_UNO, CATCH, CHALLENGE, ACCEPT, DEAL_NEXT_ROUND]
    return actions


def _acting_seat(game: UnoGame) -> int:
    for seat in [game.current, *range(game.seat_count)]:
        if game.legal_actions(seat):
            return seat
    raise AssertionError("nobody can act")


def _try(found: dict[str, Text], attempt: Callable[[], object]) -> None:
    """Keep the refusal `attempt` raises (the longest in English for each sentence)."""
    try:
        attempt()
    except GameError as refusal:
        said = refusal.said
        kept = found.get(said.msgid)
        if kept is None or len(str(said)) > len(str(kept)):
            found[said.msgid] = said


def _refusals_in_play(found: dict[str, Text]) -> None:
    for index, rules in enumerate(_rulesets()):
        for seed in range(3):
            rng = random.Random(seed * 100 + index)
            seats = 4 if rules.teams != "none" else rng.randint(rules.min_players, 5)
            game, _ = UnoGame.new(rules.with_target(60), seats, seed)
            mover = RandomPlayer(rng)
            for move in range(400):
                if game.is_over:
                    break
                if move % 3 == 0:
                    for seat in range(game.seat_count):
                        legal = set(game.legal_actions(seat))
                        for action in _candidates(game, seat):
                            if action not in legal:
                                _try(found, lambda g=game, s=seat, a=action: g.apply(s, a))
                if game.ruleset.time_limit and move == 200:
                    game.call_time()
                    _try(found, game.call_time)
                if game.phase is Phase.ROUND_OVER:
                    game.apply(game.current, DEAL_NEXT_ROUND)
                    continue
                seat = _acting_seat(game)
                game.apply(seat, mover.choose(game.view(seat)))
            if game.is_over:
                _try(found, lambda game=game: game.apply(0, DRAW))
                _try(found, game.call_time)
            _try(found, lambda game=game: game.apply(game.seat_count, DRAW))
            _try(found, lambda game=game: game.apply(0, "draw"))  # type: ignore[arg-type]
            if not game.ruleset.time_limit and not game.is_over:
                _try(found, game.call_time)


def _refusals_of_tables(found: dict[str, Text]) -> None:
    attempts: list[Callable[[], object]] = [
        lambda: OFFICIAL.with_target(0),
        lambda: OFFICIAL.with_options(colours=3),
        lambda: OFFICIAL.with_options(seven_o="yes"),
        lambda: OFFICIAL.with_house_rules("upside_down"),
        lambda: OFFICIAL.with_house_rules("stacking", "stacking_wd4"),
        lambda: OFFICIAL.with_options(stacking="sideways"),
        lambda: TWIST.with_house_rules("stacking"),
        lambda: OFFICIAL.with_options(stacking="twist"),
        lambda: OFFICIAL.with_house_rules("classic_stacking"),
        lambda: OFFICIAL.with_house_rules("stacking_wd4"),
        lambda: TWIST.with_house_rules("seven_o"),
        lambda: CLASSIC.with_house_rules("draw_to_match"),
        lambda: CLASSIC.with_house_rules("forced_play"),
        lambda: TWIST.with_house_rules("no_bluffing"),
        lambda: CLASSIC.with_house_rules("no_bluffing"),
        lambda: TWIST.with_options(decks=2),
        lambda: OFFICIAL.with_options(decks=2),
        lambda: OFFICIAL.with_options(time_limit=1),
        lambda: OFFICIAL.with_options(teams="partners"),
        lambda: TWIST.with_options(teams="9"),
        lambda: ruleset_named("speed"),
        lambda: seat_teams("partners", 5),
        lambda: seat_teams("3", 8),
        lambda: UnoGame(TWIST, 2, 0),
        lambda: UnoGame(OFFICIAL, 4, 0).call_time(),
        lambda: parse_action("dance wildly"),
        lambda: parse_card("Z" * 60),
        lambda: parse_colour("purple"),
        lambda: Card.parse("R10"),
        lambda: PlayingCard.parse("11H"),
    ]
    for attempt in attempts:
        _try(found, attempt)
    _try(found, _time_called_twice)
    _try(found, _jump_in_while_a_penalty_is_pending)
    _try(found, _jump_in_with_the_card_just_drawn)


def _time_called_twice() -> None:
    game, _ = UnoGame.new(OFFICIAL.with_options(time_limit=30), 3, 0)
    game.call_time()
    game.call_time()


def _jump_in_while_a_penalty_is_pending() -> None:
    rules = OFFICIAL.with_house_rules("stacking", "jump_in")
    game = next(
        game for seed in range(100) if not (game := UnoGame.new(rules, 3, seed)[0]).discard_top.role.is_wild
    )
    seat = (game.current + 1) % game.seat_count
    game.hands[seat].append(game.discard_top)
    game.pending_draw = 2
    game.apply(seat, jump_in(game.discard_top))


def _jump_in_with_the_card_just_drawn() -> None:
    game, _ = UnoGame.new(CLASSIC.with_house_rules("jump_in"), 3, 0)
    seat, top = game.current, game.discard_top
    game.hands[seat] = [
        c for c in ALL_CARDS if c.colour not in (top.colour, None) and c.face is not top.face
    ][:2]
    game.draw_pile.append(top)
    game.apply(seat, DRAW)
    game.apply(seat, jump_in(top))


@pytest.fixture(scope="module")
def refusals() -> dict[str, Text]:
    found: dict[str, Text] = {}
    _refusals_of_tables(found)
    _refusals_in_play(found)
    return found


# ---------------------------------------------------------------------------- reading them


def untranslated(value: Any, words: Words) -> list[str]:
    """The sentences of `value` that `words` has no translation for (symbols-only patterns, as
    `Text("{a} {b}", ...)` builds them, need none)."""
    if isinstance(value, Text):
        missing = [item for _, field in value.fields for item in untranslated(field, words)]
        words_of_pattern = any(ch.isalpha() for ch in _without_fields(value.msgid))
        if words_of_pattern and not any(
            (
                domain.translate(words.language, value.msgid)
                if value.plural is None
                else domain.translate_counted(words.language, value.msgid, value.count)
            )
            for domain in words.domains
        ):
            missing.append(value.msgid)
        return missing
    if isinstance(value, AnyOf):
        return [item for choice in value.choices for item in untranslated(choice, words)]
    if isinstance(value, AllOf):
        return [item for part in value.items for item in untranslated(part, words)]
    if isinstance(value, Clauses):
        return [item for clause in value.clauses for item in untranslated(clause, words)]
    if isinstance(value, Lines):
        return [item for line in value.lines for item in untranslated(line, words)]
    return []


def _without_fields(pattern: str) -> str:
    out, depth = [], 0
    for ch in pattern:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def test_the_engine_is_driven_into_every_refusal_it_can_say(refusals: dict[str, Text]) -> None:
    expected = engine_refusals()
    assert len(expected) > 50, "the refusals are read from the engine's source"
    never = expected - set(refusals) - UNREACHABLE
    assert never == set(), "refusals never reached: drive the engine into them"
    assert not UNREACHABLE & set(refusals), "an unreachable sentence was said: take it from UNREACHABLE"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_reads_in_each_language_with_no_english_left_and_fits_a_message(
    refusals: dict[str, Text], language: str
) -> None:
    words = Words(language)
    for msgid, said in refusals.items():
        shown = words(said)
        assert len(shown) <= MESSAGE, (language, msgid, len(shown))
        if language != "en":
            assert untranslated(said, words) == [], (language, msgid)
            assert shown != str(said) or not any(ch.isalpha() for ch in _without_fields(msgid)), (
                language,
                shown,
            )


def test_a_refusal_names_the_card_in_the_readers_language() -> None:
    game, _ = UnoGame.new(OFFICIAL, 2, 1)
    seat = game.current
    missing = next(card for card in ALL_CARDS if card not in game.hands[seat] and card.colour is not None)
    with pytest.raises(GameError) as refused:
        game.apply(seat, play(missing))
    assert str(refused.value) == f"You don't hold a {missing.label}."
    german = Words("de")(refused.value.said)
    assert german.startswith("Du hast ") and "nicht auf der Hand" in german
    colour_de = Words("de")(missing.named)
    assert colour_de in german and colour_de != missing.label
