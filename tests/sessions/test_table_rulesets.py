"""Tables under every ruleset, without Discord: settings and their refusals, time-outs that
choose only legal moves, the Seven-O phase, typed playing cards, and the saved snapshot."""

from __future__ import annotations

import random
from dataclasses import asdict
from dataclasses import replace
from typing import Any

import pytest

from bot.games.errors import GameError
from bot.games.errors import IllegalAction
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import SwapWith
from bot.games.uno.actions import parse_action
from bot.games.uno.actions import play
from bot.games.uno.ai import RandomPlayer
from bot.games.uno.cards import Card
from bot.games.uno.cards import Face
from bot.games.uno.game import Phase
from bot.games.uno.playing_cards import PlayingCard
from bot.games.uno.playing_cards import Rank
from bot.games.uno.playing_cards import Suit
from bot.games.uno.ruleset import HOUSE_RULES
from bot.games.uno.ruleset import RULESETS
from bot.games.uno.ruleset import ruleset_named
from bot.sessions.manager import TableManager
from bot.sessions.table import TRANSITIONS
from bot.sessions.table import Member
from bot.sessions.table import SessionError
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from bot.sessions.table import TableSettings
from bot.sessions.table import parse_card_action
from tests.sessions.tables import clock
from tests.sessions.tables import players
from tests.sessions.tables import seated_table


async def started(settings: TableSettings, count: int, channel_id: int = 7) -> Table:
    manager = TableManager(now=clock)
    return await seated_table(
        manager, players(count), channel_id=channel_id, settings=settings, seed=channel_id
    )


def test_settings_start_from_each_preset_and_keep_only_what_differs() -> None:
    for name, preset in RULESETS.items():
        settings = TableSettings().with_ruleset(name)
        assert settings.rules() == preset and settings.options == {}
        assert settings.target_score == preset.target_score  # classic: out above 250
    twist = TableSettings().edited(ruleset="twist", teams="partners", decks=6, target_score=300)
    assert twist.options == {"teams": "partners", "decks": 6}
    assert twist.server_options() == {"teams": "partners", "decks": 6, "target_score": 300}
    assert TableSettings.of("twist", twist.server_options()) == twist
    # House rules replace those in force and keep twist's decks and teams.
    assert twist.with_house_rules(["jump_in"]).options == {"teams": "partners", "decks": 6, "jump_in": True}
    assert twist.with_house_rules(["jump_in"]).with_house_rules([]).options == twist.options


@pytest.mark.parametrize(
    ("ruleset", "house", "reason"),
    [
        ("official", ["stacking_wd4"], "also turn on no bluffing."),
        ("official", ["stacking", "classic_stacking"], "Choose one kind of stacking"),
        ("official", ["classic_stacking"], "here a Wild makes nobody draw"),
        ("classic", ["no_bluffing"], "No bluffing is already how these rules play"),
        ("classic", ["forced_play"], "a drawn card waits for the next turn."),
        ("twist", ["seven_o"], "Seven-O needs UNO cards"),
        ("twist", ["stacking"], "Twist already stacks"),
        ("official", ["no_such_rule"], "There is no house rule called"),
    ],
)
async def test_a_combination_that_makes_no_sense_is_refused_in_the_lobby(
    ruleset: str, house: list[str], reason: str
) -> None:
    manager = TableManager(now=clock)
    table = await manager.open_table(
        guild_id=1, channel_id=3, host=Member(1, "host"), settings=TableSettings().with_ruleset(ruleset)
    )
    before = table.settings
    with pytest.raises(SessionError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        await table.change_settings(1, lambda s: s.with_house_rules(house))
    assert table.settings == before
    with pytest.raises(SessionError, match="Only the host"):
        await table.change_settings(2, lambda s: s.with_house_rules([]))
    await manager.close()


def test_every_house_rule_alone_is_either_accepted_or_refused_with_a_reason() -> None:
    for name in RULESETS:
        for house in HOUSE_RULES:
            try:
                TableSettings().with_ruleset(name).with_house_rules([house]).rules()
            except IllegalAction as refusal:
                assert str(refusal).endswith((".", ")")), refusal


async def test_teams_outside_twist_and_partners_at_an_odd_table_are_refused() -> None:
    with pytest.raises(GameError, match="Teams are a twist rule"):
        TableSettings().with_option("teams", "partners")
    manager = TableManager(now=clock)
    settings = TableSettings().edited(ruleset="twist", teams="partners")
    table = await manager.open_table(guild_id=1, channel_id=4, host=Member(1, "a"), settings=settings)
    for n in (2, 3):
        await table.join(Member(n, f"p{n}"))
    with pytest.raises(SessionError, match="Partners need an even number of players"):
        await table.start(1)
    assert table.phase is TablePhase.LOBBY and table.game is None
    await manager.close()


@pytest.mark.parametrize(
    "settings",
    [
        TableSettings().with_ruleset("classic"),
        TableSettings().edited(ruleset="twist", teams="2"),
        TableSettings().with_house_rules(["forced_play", "seven_o", "stacking"]),
        TableSettings().with_house_rules(["draw_to_match", "jump_in"]),
    ],
    ids=["classic", "twist teams", "forced play seven-o", "draw to match"],
)
async def test_time_outs_only_make_legal_moves_until_the_game_moves_on(settings: TableSettings) -> None:
    """C3, T5 and H5 refuse a plain draw or pass at times: a time-out must still move the
    game on, whatever phase the player left it in."""
    table = await started(settings, 4)
    game = table.game
    assert game is not None
    rng = random.Random(9)
    mover = RandomPlayer(rng)
    timeouts = 0
    for step in range(400):
        if table.phase.is_over:
            break
        if step % 3 == 0:  # every third turn the player is away
            turn, phase, seats = game.turn, table.phase, len(table.members)
            await table.deadline_passed(table.version)
            timeouts += 1
            moved_on = game.turn > turn or table.phase is not phase or len(table.members) < seats
            assert moved_on, (phase, game)
            _sane(table)
            continue
        if game.phase is Phase.ROUND_OVER:
            await table.act(table.members[0].user_id, parse_action("deal"))
            continue
        seat = game.current
        action = mover.choose(game.view(seat))
        if action is LEAVE:
            action = DRAW
        await table.act(table.members[seat].user_id, action)
        _sane(table)
    assert timeouts >= 20
    assert game.card_count == game.ruleset.deck_size


def _sane(table: Table) -> None:
    game = table.game
    assert game is not None
    assert table.phase in TRANSITIONS
    if not table.phase.is_over:
        assert table.phase.value == game.phase.value


async def test_seven_o_waits_for_the_swap_and_a_time_out_chooses_one() -> None:
    table = await started(TableSettings().with_house_rules(["seven_o"]), 3)
    game = table.game
    assert game is not None
    if game.phase is Phase.AWAITING_COLOUR:
        await table.deadline_passed(table.version)
    seat = game.current
    seven = Card.of(game.colour, Face.SEVEN)  # type: ignore[arg-type]
    if seven not in game.hands[seat]:
        holder = next(pile for pile in (game.draw_pile, *game.hands) if seven in pile)
        holder[holder.index(seven)] = game.hands[seat].pop(0)
        game.hands[seat].append(seven)
    assert game.card_count == 108
    await table.act(table.members[seat].user_id, play(seven))
    assert table.phase is TablePhase.AWAITING_SWAP and game.phase is Phase.AWAITING_SWAP
    snapshot = table.snapshot()
    assert snapshot["phase"] == "awaiting swap"
    await table.deadline_passed(table.version)
    assert game.phase is Phase.PLAYING and game.current != seat
    assert any("swapped hands with" in line for line in table.recent)
    restored = Table.from_snapshot(snapshot, clock)
    assert restored.phase is TablePhase.AWAITING_SWAP
    assert restored.game is not None and isinstance(restored.game.legal_actions(seat)[0], SwapWith)


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("7H", PlayingCard.of(Suit.HEARTS, Rank.SEVEN)),
        ("7♥", PlayingCard.of(Suit.HEARTS, Rank.SEVEN)),
        ("10s", PlayingCard.of(Suit.SPADES, Rank.TEN)),
        ("Q♣", PlayingCard.of(Suit.CLUBS, Rank.QUEEN)),
        ("jk", PlayingCard.of(None, Rank.JOKER)),
        ("r5", Card.parse("R5")),
        ("W4", Card.parse("W4")),
    ],
)
def test_typed_cards_of_either_deck(typed: str, card: Any) -> None:
    assert parse_card_action(typed) == play(card)


def test_typed_actions() -> None:
    assert parse_card_action("Draw") == DRAW
    assert str(parse_card_action("colour ♥")) == "colour H"
    assert str(parse_card_action("swap 2")) == "swap 2"
    with pytest.raises(GameError, match="is not a card"):
        parse_card_action("X9")


@pytest.mark.parametrize(
    "settings",
    [
        TableSettings(language="de", takeover="easy"),
        TableSettings().with_ruleset("twist").with_option("teams", "partners"),
        TableSettings().with_house_rules(["stacking", "seven_o", "jump_in"]),
    ],
)
def test_settings_save_and_play_as_their_fields_say(settings: TableSettings) -> None:
    # The snapshot's settings are written field by field and the ruleset is built once per
    # settings: both must stay what asdict and a fresh build give.
    assert settings.to_json() == asdict(settings)
    assert settings.to_json()["options"] is not settings.options
    rules = settings.rules()
    assert rules == ruleset_named(settings.ruleset).with_options(**settings.options).with_target(
        settings.target_score
    )
    higher = replace(settings, target_score=settings.target_score + 1)
    assert higher.rules().target_score == rules.target_score + 1


def test_settings_with_an_option_that_is_no_options_value_are_refused() -> None:
    with pytest.raises(IllegalAction):
        TableSettings(options={"seven_o": [True]}).rules()
