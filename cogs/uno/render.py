"""Turns a table into Discord messages: the public table message (in the table's language),
each player's private hand and the host's lobby settings (in their reader's)."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.uno.actions import ACCEPT
from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import CHALLENGE
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import PASS
from bot.games.uno.actions import ChooseColour
from bot.games.uno.actions import JumpIn
from bot.games.uno.actions import Play
from bot.games.uno.actions import SwapWith
from bot.games.uno.cards import COLOURS
from bot.games.uno.events import TimeCalled
from bot.games.uno.explain import explain
from bot.games.uno.game import Phase
from bot.games.uno.game import SeatView
from bot.games.uno.game import UnoGame
from bot.games.uno.playing_cards import SUITS
from bot.games.uno.playing_cards import uncalled
from bot.games.uno.ruleset import HOUSE_RULES
from bot.games.uno.ruleset import MAX_DECKS
from bot.games.uno.ruleset import MAX_TEAMS
from bot.games.uno.ruleset import MIN_DECKS
from bot.games.uno.ruleset import NO_TEAMS
from bot.games.uno.ruleset import PARTNERS
from bot.games.uno.ruleset import RULESETS
from bot.games.uno.ruleset import Ruleset
from bot.i18n.counts import points
from bot.i18n.counts import points_short
from bot.i18n.text import AllOf
from bot.i18n.text import Markup
from bot.i18n.text import Named
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import joined
from bot.i18n.text import labelled
from bot.i18n.text import symbols
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.uno_text import card_long
from bot.render.uno_text import card_short
from bot.render.uno_text import colour_emoji
from bot.render.uno_text import colour_text
from bot.render.uno_text import describe_event
from bot.render.uno_text import hand_text
from bot.render.uno_text import team_name
from bot.sessions.table import Member
from bot.sessions.table import SeatHand
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from bot.sessions.table import TableSettings
from bot.sessions.table import awaited_seat
from cogs.limits import BUTTON_LABEL
from cogs.limits import EMBED_FIELD_VALUE
from cogs.limits import MESSAGE
from cogs.limits import SELECT_OPTION_DESCRIPTION
from cogs.limits import SELECT_OPTION_LABEL
from cogs.limits import clip
from cogs.limits import first_that_fits
from cogs.limits import last_lines
from cogs.replies import Rendered
from cogs.replies import controls_view
from cogs.uno.components import AgainButton
from cogs.uno.components import GameButton
from cogs.uno.components import HandButton
from cogs.uno.components import LobbyAction
from cogs.uno.components import LobbyButton
from cogs.uno.components import LobbySetting
from cogs.uno.components import PlaySelect
from cogs.uno.components import SettingsSelect
from cogs.uno.host_panel import HostToolsButton

# The table's buttons, which /help names too.
SHOW_HAND = text("Show my hand")
CATCH = text("Catch!")
DEAL_NEXT = text("Deal next round")
CHALLENGE_LABEL = text("Challenge")

SELECT_PAGE = 25
EMBED_COLOURS = {
    None: discord.Colour.dark_grey(),
    COLOURS[0]: discord.Colour.red(),
    COLOURS[1]: discord.Colour.gold(),
    COLOURS[2]: discord.Colour.green(),
    COLOURS[3]: discord.Colour.blue(),
    # Twist's suits: the red suits red, the black ones dark.
    SUITS[0]: discord.Colour.darker_grey(),
    SUITS[1]: discord.Colour.red(),
    SUITS[2]: discord.Colour.red(),
    SUITS[3]: discord.Colour.darker_grey(),
}
# Each house rule as a player reads it: a short name, and what it does (the rule numbers of
# docs and tests, H1-H6 and C8, stay out of what players read).
HOUSE_RULE_TEXT = {
    "stacking": (
        text("Stacking"),
        text("A Draw Two may answer a Draw Two: the next player draws the total"),
    ),
    "stacking_wd4": (
        text("Stacking with Wild +4"),
        text("Draw Two and Wild Draw Four may answer either"),
    ),
    "seven_o": (
        text("Seven-O"),
        text("A 7 swaps hands with a player you pick; a 0 passes every hand on"),
    ),
    "jump_in": (
        text("Jump-in"),
        text("Play the very card on top out of turn, and play goes on from you"),
    ),
    "draw_to_match": (text("Draw to match"), text("Draw until a card can be played")),
    "forced_play": (text("Forced play"), text("A drawn card that can be played must be played")),
    "no_bluffing": (
        text("No bluffing"),
        text("Wild Draw Four only when no card of the colour in force"),
    ),
    "classic_stacking": (
        text("Classic stacking"),
        text("Draw Two, Wild and Wild Draw Four stack on each other"),
    ),
}


def _team_choice(mode: str) -> Text:
    if mode == NO_TEAMS:
        return text("No teams: everyone for themselves")
    if mode == PARTNERS:
        return text("Partners (teams of two, sitting across)")
    return counted("{count} team, seated alternately", "{count} teams, seated alternately", count=int(mode))


def _team_short(mode: str) -> Text | str:
    if mode == NO_TEAMS:
        return text("no teams")
    if mode == PARTNERS:
        return text("partners")
    if mode.isdecimal():
        return counted("{count} team", "{count} teams", count=int(mode))
    return mode


TEAM_MODES = (NO_TEAMS, PARTNERS, *(str(n) for n in range(2, MAX_TEAMS + 1)))
TARGET_CHOICES = (50, 100, 150, 200, 250, 300, 500, 750, 1000)
TIME_CHOICES = (15, 30, 45, 60, 90, 120, 180)
# In the lobby's "target" select a time limit's value is `t<minutes>`, a points target's the number.
TIME_VALUE_PREFIX = "t"


def table_message(table: Table, words: Words | None = None) -> Rendered:
    """The table as its channel sees it, in the table's language (or in `words`', for a reader
    who asked to see it privately)."""
    words = words or table.words
    if table.phase is TablePhase.LOBBY:
        return _lobby(table, words)
    if table.game is None:
        return _ended(table, words)
    return _in_game(table, words)


def rules_summary(settings: TableSettings) -> Text:
    """The ruleset's title, its house rules, and twist's decks and teams, in a few words."""
    rules = settings.rules()
    parts: list[Any] = [rules.title]
    if rules.playing_cards:
        parts.append(counted("{count} deck", "{count} decks", count=rules.decks))
        parts.append(_team_short(rules.teams))
    house = [HOUSE_RULE_TEXT[name][0] if name in HOUSE_RULE_TEXT else name for name in rules.house_rules]
    if house:
        parts.append(text("house rules: {rules}", rules=joined(house)))
    else:
        parts.append(text("house rules: none"))
    if rules.time_limit:
        parts.append(text("⏱ {minutes} min", minutes=rules.time_limit))
    return joined(parts, " · ")


def time_limit_text(minutes: int) -> Text:
    """How the lobby and settings name a game's time limit (T8)."""
    if not minutes:
        return text("no limit")
    return counted(
        "{count} minute from the first deal; the round in play then is the last",
        "{count} minutes from the first deal; the round in play then is the last",
        count=minutes,
    )


def _lobby(table: Table, words: Words) -> Rendered:
    settings = table.settings
    rules = settings.rules()
    embed = discord.Embed(
        title=words(text("UNO table: waiting for players")),
        description=words(
            counted(
                "Press **Join** to sit down. The host presses **Start** when everyone is in "
                "({min} to {max} players) and may change the rules with **Settings**.\n"
                "The lobby closes if nobody starts it within {count} minute.",
                "Press **Join** to sit down. The host presses **Start** when everyone is in "
                "({min} to {max} players) and may change the rules with **Settings**.\n"
                "The lobby closes if nobody starts it within {count} minutes.",
                count=settings.lobby_seconds // 60,
                min=rules.min_players,
                max=rules.max_players,
            )
        ),
        colour=discord.Colour.blurple(),
    )
    embed.add_field(
        name=words(text("Players ({count})", count=len(table.members))),
        value="\n".join(
            words(symbols("{crown}{who}", crown="👑 " if m.user_id == table.host_id else "", who=who(m)))
            for m in table.members
        )
        or words(text("nobody yet")),
        inline=False,
    )
    embed.add_field(
        name=words(text("Rules")), value=clip(words(rules_summary(settings)), EMBED_FIELD_VALUE), inline=False
    )
    embed.add_field(
        name=words(rules.scoring.target_label),
        value=words(points(settings.target_score)),
    )
    embed.add_field(
        name=words(text("Turn timer")), value=words(text("{seconds} s", seconds=settings.turn_seconds))
    )
    embed.add_field(name=words(text("Time limit")), value=words(time_limit_text(settings.time_limit)))
    if rules.teams != NO_TEAMS:
        embed.add_field(
            name=words(text("Teams")),
            value=words(text("Seats are drawn at the start; teams follow from them.")),
            inline=False,
        )
    view = controls_view()
    for what in LobbyAction:
        view.add_item(LobbyButton(table.game_id, what, words))
    if table.guild_id:  # a server table's host may remove players (a DM table has nobody else)
        view.add_item(HostToolsButton(table.game_id, words))
    return Rendered(None, embed, view)


def who(member: Member) -> Named:
    """A person's mention, or a computer player's name (it has no Discord account)."""
    if member.is_computer:
        return symbols("🤖 {name}", name=member.name)
    return Markup.user(member.user_id)


def settings_message(table: Table, words: Words, note: Text | None = None) -> Rendered:
    """The host's private settings for the lobby: a select per setting, showing the current
    choice, in the host's language."""
    settings = table.settings
    rules = settings.rules()
    game_id = table.game_id
    lines = [words(note)] if note is not None else []
    lines.append(words(text("**Table settings**: {summary}", summary=rules_summary(settings))))
    lines.append(words(symbols("{target}.", target=rules.scoring.target_said(settings.target_score))))
    if settings.time_limit:
        lines.append(words(text("Time limit: {limit}.", limit=time_limit_text(settings.time_limit))))
    else:
        lines.append(words(text("No time limit.")))
    lines.append(
        words(
            text(
                "Pick below; a combination that makes no sense is refused with the reason. The last "
                "list holds the points target and, if you want one, a time limit: pick one of each."
            )
        )
    )
    view = controls_view()
    view.add_item(
        SettingsSelect(
            game_id,
            LobbySetting.RULESET,
            [
                discord.SelectOption(
                    label=clip(words(r.title), SELECT_OPTION_LABEL), value=name, default=name == rules.name
                )
                for name, r in RULESETS.items()
            ],
            placeholder=words(text("Ruleset")),
        )
    )
    in_force = set(rules.house_rules)
    view.add_item(
        SettingsSelect(
            game_id,
            LobbySetting.HOUSE_RULES,
            [_house_rule_option(name, name in in_force, words) for name in HOUSE_RULES],
            placeholder=words(text("House rules: none")),
            min_values=0,
            max_values=len(HOUSE_RULES),
        )
    )
    if rules.playing_cards:
        view.add_item(
            SettingsSelect(
                game_id,
                LobbySetting.TEAMS,
                [
                    discord.SelectOption(
                        label=clip(words(_team_choice(mode)), SELECT_OPTION_LABEL),
                        value=mode,
                        default=mode == rules.teams,
                    )
                    for mode in TEAM_MODES
                ],
                placeholder=words(text("Teams")),
            )
        )
        view.add_item(
            SettingsSelect(
                game_id,
                LobbySetting.DECKS,
                [
                    discord.SelectOption(
                        label=clip(
                            words(
                                counted(
                                    "{count} deck ({cards} cards)",
                                    "{count} decks ({cards} cards)",
                                    count=n,
                                    cards=54 * n,
                                )
                            ),
                            SELECT_OPTION_LABEL,
                        ),
                        value=str(n),
                        default=n == rules.decks,
                    )
                    for n in range(MIN_DECKS, MAX_DECKS + 1)
                ],
                placeholder=words(text("Decks")),
            )
        )
    # The points target and the time limit share one select: twist already fills the five rows
    # a message may have (ruleset, house rules, teams, decks, points).
    targets = sorted({*TARGET_CHOICES, settings.target_score})
    minutes = sorted({*TIME_CHOICES, settings.time_limit} - {0})
    options = [
        discord.SelectOption(
            label=clip(words(rules.scoring.target_said(n)), SELECT_OPTION_LABEL),
            value=str(n),
            default=n == settings.target_score,
        )
        for n in targets
    ] + [
        discord.SelectOption(
            label=clip(
                words(counted("⏱ Time limit: {count} minute", "⏱ Time limit: {count} minutes", count=n)),
                SELECT_OPTION_LABEL,
            ),
            value=f"{TIME_VALUE_PREFIX}{n}",
            default=n == settings.time_limit,
        )
        for n in minutes
    ]
    view.add_item(
        SettingsSelect(
            game_id,
            LobbySetting.TARGET,
            options[:25],
            placeholder=words(text("Points, and a time limit if you want one")),
            max_values=2,
        )
    )
    return Rendered(clip("\n".join(lines), MESSAGE), None, view)


def _house_rule_option(name: str, chosen: bool, words: Words) -> discord.SelectOption:
    label, description = HOUSE_RULE_TEXT.get(name, (name, ""))
    return discord.SelectOption(
        label=clip(words(label), SELECT_OPTION_LABEL),
        description=clip(words(description), SELECT_OPTION_DESCRIPTION) or None,
        value=name,
        default=chosen,
    )


def _ended(table: Table, words: Words) -> Rendered:
    reason = table.ended_reason or text("The table was closed.")
    embed = discord.Embed(
        title=words(text("UNO table closed")),
        description=words(reason),
        colour=discord.Colour.dark_grey(),
    )
    return Rendered(None, embed, controls_view())


def _waiting_for(game: UnoGame, name: str, mention: Named) -> Text:
    """Whose turn it is, and what the game waits for them to do."""
    twist = game.ruleset.playing_cards
    if game.phase is Phase.PLAYING and game.pending_draw:
        return text(
            "**{name}** ({mention}) to stack on the penalty or draw {count}",
            name=name,
            mention=mention,
            count=game.pending_draw,
        )
    if game.phase is Phase.PLAYING:
        return text("**{name}** ({mention}) to play", name=name, mention=mention)
    if game.phase is Phase.AWAITING_COLOUR and twist:
        return text("**{name}** ({mention}) to name a suit", name=name, mention=mention)
    if game.phase is Phase.AWAITING_COLOUR:
        return text("**{name}** ({mention}) to call a colour", name=name, mention=mention)
    if game.phase is Phase.AWAITING_CHALLENGE:
        return text(
            "**{name}** ({mention}) to challenge the Wild +4 or take 4 cards", name=name, mention=mention
        )
    if game.phase is Phase.AWAITING_SWAP:
        return text("**{name}** ({mention}) to choose whom to swap hands with", name=name, mention=mention)
    if game.phase is Phase.ROUND_OVER:
        return text(
            "**{name}** ({mention}) to deal the next round (anyone may press it)", name=name, mention=mention
        )
    return symbols("**{name}** ({mention})", name=name, mention=mention)


def _in_game(table: Table, words: Words) -> Rendered:
    game = table.game
    assert game is not None
    rules = game.ruleset
    title = text("UNO: round {number}", number=game.round_number)
    if table.phase is TablePhase.FINISHED:
        title = text("UNO: game over")
    elif table.phase is TablePhase.ABORTED:
        title = text("UNO: game ended")
    embed = discord.Embed(title=words(title), colour=EMBED_COLOURS[game.colour])
    _add_pile_fields(embed, game, words)
    embed.add_field(name=words(text("Players")), value=_players(table, game, words), inline=False)
    if game.is_team_game:
        totals = game.team_scores()
        team_lines = [
            words(
                labelled(
                    symbols(
                        "**{team}** ({members})",
                        team=team_name(team),
                        members=AllOf(tuple(table.members[s].name for s in seats)),
                    ),
                    points_short(totals[team]),
                )
            )
            for team, seats in enumerate(game.teams)
        ]
        embed.add_field(
            name=words(text("Teams (lowest total wins)")),
            value=clip("\n".join(team_lines), EMBED_FIELD_VALUE),
            inline=False,
        )
    clock = _time_limit_field(table)
    if clock is not None:
        embed.add_field(name=words(text("Time limit")), value=words(clock), inline=False)
    if not table.phase.is_over:
        embed.add_field(name=words(text("Turn")), value=words(_turn_text(table, game)), inline=False)
    if table.log:
        embed.add_field(
            name=words(text("Recent")),
            value=last_lines(table.recent_in(words), EMBED_FIELD_VALUE),
            inline=False,
        )
    if table.phase.is_over and table.ended_reason:
        embed.description = words(table.ended_reason)
    footer = text(
        "{title} · draw pile: {pile} · {target} · turn {turn} · table {table}",
        title=rules.title,
        pile=len(game.draw_pile),
        target=rules.scoring.target_noted(rules.target_score),
        turn=game.turn,
        table=table.game_id,
    )
    embed.set_footer(text=words(footer))
    return Rendered(None, embed, _table_controls(table, game, words))


def _add_pile_fields(embed: discord.Embed, game: UnoGame, words: Words) -> None:
    """The top card (and, under a Joker, the card to play on), the colour and the direction."""
    twist = game.ruleset.playing_cards
    embed.add_field(name=words(text("Top card")), value=words(card_short(game.discard_top)))
    # T3: a Joker leaves the card beneath it to be played on.
    beneath = game.view(game.current).play_on if twist else None
    if beneath is not None:
        embed.add_field(name=words(text("Play on")), value=words(card_short(beneath)))
    embed.add_field(
        name=words(text("Suit") if twist else text("Colour")),
        value=words(colour_text(game.colour) if game.colour else uncalled(twist)),
    )
    direction = text("↻ clockwise") if game.direction == 1 else text("↺ counter-clockwise")
    embed.add_field(name=words(text("Direction")), value=words(direction))


# Ten long names full of Markdown characters, escaped, can outgrow a field: their names are then
# shortened, so that every seat keeps its line.
SHORT_NAME = 16


def _players(table: Table, game: UnoGame, words: Words) -> str:
    shown = "\n".join(_seat_lines(table, game, words))
    if len(shown) > EMBED_FIELD_VALUE:
        shown = "\n".join(_seat_lines(table, game, words, name_length=SHORT_NAME))
    return clip(shown, EMBED_FIELD_VALUE)


def _seat_lines(table: Table, game: UnoGame, words: Words, name_length: int | None = None) -> list[str]:
    """One line a seat: whose turn, card count, UNO, points, dealer, team, out."""
    over = table.phase.is_over
    lines = []
    awaited = awaited_seat(game)
    for seat, member in enumerate(table.members):
        out = game.eliminated[seat]
        count = len(game.hands[seat])
        name = member.name if name_length is None else clip(member.name, name_length)
        fields: dict[str, Any] = {
            "marker": "▶️" if seat == awaited and not over else "❌" if out else "▫️",
            "seat": labelled(
                symbols("**{name}**", name=name), counted("{count} card", "{count} cards", count=count)
            ),
            "points": points_short(game.scores[seat]),
        }
        pattern = "{marker} {seat}"
        if count == 1:
            pattern += " **UNO!**"
        pattern += " · {points}"
        if seat == game.dealer and not out:
            pattern += " {dealer}"
            fields["dealer"] = text("(dealer)")
        if game.is_team_game:
            pattern += " · {team}"
            fields["team"] = team_name(game.team_of(seat))
        if out:
            pattern += " · {status}"
            fields["status"] = text("**out**")
        lines.append(words(symbols(pattern, **fields)))
    return lines


def _turn_text(table: Table, game: UnoGame) -> Text:
    current = table.members[awaited_seat(game)]
    waiting = _waiting_for(game, current.name, who(current))
    if table.paused is not None:
        ends = Markup.relative_time(table.paused.until)
        paused = text("⏸ timer paused; the table ends {when} unless resumed", when=ends)
        return symbols("{turn} · {clock}", turn=waiting, clock=paused)
    if table.deadline:
        when = Markup.relative_time(table.deadline)
        return symbols("{turn} · {clock}", turn=waiting, clock=text("time runs out {when}", when=when))
    return waiting


def _table_controls(table: Table, game: UnoGame, words: Words) -> discord.ui.View:
    """Show my hand, and the buttons anyone at the table may press now."""
    view = controls_view()
    if table.phase.is_over:
        # A game won with nobody left to play again (the last person asked to be forgotten)
        # is not recorded: there is nothing to play again from.
        if table.phase is TablePhase.FINISHED and table.has_people:
            view.add_item(AgainButton(table.game_id, words))
        return view
    view.add_item(HandButton(table.game_id, label=words(SHOW_HAND)))
    if game.uno_catchable is not None:
        view.add_item(GameButton(table.game_id, game.turn, "catch", label=words(CATCH)))
    if game.phase is Phase.AWAITING_CHALLENGE:
        view.add_item(GameButton(table.game_id, game.turn, "challenge", label=words(CHALLENGE_LABEL)))
        view.add_item(GameButton(table.game_id, game.turn, "accept", label=words(text("Take 4"))))
    if game.phase is Phase.ROUND_OVER:
        view.add_item(deal_button(table, game, words))
    if table.guild_id:
        view.add_item(HostToolsButton(table.game_id, words))
    return view


def deal_button(table: Table, game: UnoGame, words: Words) -> GameButton:
    """Deal next round: on the table message, and on the ping of the person named to deal."""
    return GameButton(table.game_id, game.turn, "deal", label=words(DEAL_NEXT))


def _time_limit_field(table: Table) -> Text | None:
    """T8: when the game's time is up (a relative timestamp: Discord counts it down, no edit
    needed), or that it is, and what follows."""
    game = table.game
    if game is None or table.game_deadline is None:
        return None
    if game.time_called:
        if table.phase.is_over:
            return text("⏱ Time was up: the game ended.")
        return text("⏱ Time is up: this round is the last, then the game ends.")
    if table.phase.is_over:
        return None
    when = Markup.relative_time(table.game_deadline)
    return text("⏱ Time is up {when}; the round in play then is the last.", when=when)


# What a hand shows below the cards, and its controls, for the phase the player is in: lines of
# text and the items to add, in order.
HandPart = tuple[list[Text], list[discord.ui.Item[Any]]]


def hand_message(hand: SeatHand, words: Words, *, page: int = 0, note: Text | None = None) -> Rendered:
    """The private hand of one player, with the controls for what they may do now, in their
    language."""
    view = hand.view
    more, items = _phase_part(hand, view, page, words)
    # Card by card while it fits Discord's limit; past it (a twist hand of hundreds of cards,
    # long names and translations) each face once with its count, which always fits: a card
    # cut off with the message's end would be a card the player cannot know they hold.
    head = [note] if note is not None else []

    def written(tallied: bool) -> str:
        return "\n".join(words(line) for line in [*head, *_hand_lines(hand, view, tallied=tallied), *more])

    content = first_that_fits(map(written, (False, True)), MESSAGE)
    if CALL_UNO in view.legal:
        items.append(GameButton(hand.game_id, view.turn, str(CALL_UNO), label=words(text("UNO!")), row=1))
    if view.phase not in (Phase.ROUND_OVER, Phase.FINISHED):
        items.append(HandButton(hand.game_id, label=words(text("Refresh")), row=1))
    components = controls_view()
    for item in items:
        components.add_item(item)
    return Rendered(content, None, components)


def _hand_lines(hand: SeatHand, view: SeatView, *, tallied: bool = False) -> list[Text]:
    """The cards (`tallied`: each face once with its count), the top of the discard pile, the
    time and the player's team."""
    count = len(view.hand)
    colour = colour_text(view.colour) if view.colour else uncalled(hand.playing_cards)
    top: Text = card_short(view.discard_top)
    if view.play_on is not None:
        top = text("{card} (play on {other})", card=top, other=card_short(view.play_on))
    cards = hand_text(view.hand, tallied=tallied)
    lines = [
        counted("**Your hand** ({count} card):", "**Your hand** ({count} cards):", count=count),
        symbols("{cards}", cards=cards) if cards.lines else text("*empty*"),
        text("Top card: {top} · suit: {colour}", top=top, colour=colour)
        if hand.playing_cards
        else text("Top card: {top} · colour: {colour}", top=top, colour=colour),
    ]
    if hand.time_called and view.phase is not Phase.FINISHED:
        # The log's own words for it (said by the game: the uno domain).
        time_up = describe_event(TimeCalled(round_number=0, round_in_play=True), [])
        if time_up is not None:
            lines.append(time_up)
    if view.teams:
        team = view.teams[view.seat]
        mates = [hand.name_of(s) for s, t in enumerate(view.teams) if t == team and s != view.seat]
        if mates:
            lines.append(
                text("You play for **{team}** with {mates}.", team=team_name(team), mates=AllOf(tuple(mates)))
            )
        else:
            lines.append(text("You play for **{team}** with nobody.", team=team_name(team)))
    return lines


def _phase_part(hand: SeatHand, view: SeatView, page: int, words: Words) -> HandPart:
    if view.phase in (Phase.ROUND_OVER, Phase.FINISHED):
        return [text("The round is over.")], []
    if view.seat in view.eliminated:
        return [text("You are out of this game (your total passed the limit); watch the rest.")], []
    if not view.my_turn:
        return _waiting_part(hand, view, words)
    if view.phase is Phase.AWAITING_COLOUR:
        return _colour_part(hand, view, words)
    if view.phase is Phase.AWAITING_CHALLENGE:
        return _challenge_part(hand, view, words)
    if view.phase is Phase.AWAITING_SWAP:
        return _swap_part(hand, view, words)
    return _turn_part(hand, view, page, words)


def _waiting_part(hand: SeatHand, view: SeatView, words: Words) -> HandPart:
    """Another player's turn: whom we wait for, and a jump-in (H3) when one is possible."""
    current = hand.name_of(view.current)
    jumps = [action for action in view.legal if isinstance(action, JumpIn)]
    # Down to one card, the jump calls UNO as the card goes down: a player says it while slapping
    # the card, and a separate call would leave a moment to be caught in. The jump without the
    # call is still a move (typed, or in an old game's log), not a button.
    if any(action.uno for action in jumps):
        jumps = [action for action in jumps if action.uno]
    items: list[discord.ui.Item[Any]] = [
        GameButton(
            hand.game_id,
            view.turn,
            str(action),
            label=clip(
                words(
                    text("Jump in with {card} and call UNO!", card=card_short(action.card))
                    if action.uno
                    else text("Jump in with {card}!", card=card_short(action.card))
                ),
                BUTTON_LABEL,
            ),
            style=discord.ButtonStyle.danger,
        )
        for action in jumps
    ]
    return [text("Waiting for **{name}**.", name=current)], items


def _colour_part(hand: SeatHand, view: SeatView, words: Words) -> HandPart:
    twist = hand.playing_cards
    items: list[discord.ui.Item[Any]] = []
    for action in view.legal:
        if isinstance(action, ChooseColour):
            symbol = colour_emoji(action.colour)
            name = action.colour.title
            items.append(
                GameButton(
                    hand.game_id,
                    view.turn,
                    str(action),
                    # Suits go in the label: ♠ and ♣ are not emoji Discord accepts.
                    label=clip(
                        words(symbols("{symbol} {name}", symbol=symbol, name=name) if twist else name),
                        BUTTON_LABEL,
                    ),
                    emoji=None if twist else symbol,
                )
            )
    if twist:
        return [text("**Name a suit** for your Jack:")], items
    if view.colour is None:  # O2: only a Wild turned first leaves no colour in force yet
        return [text("**Call a colour** for the Wild turned first, then play:")], items
    return [text("**Call a colour** for your Wild:")], items


def _challenge_part(hand: SeatHand, view: SeatView, words: Words) -> HandPart:
    return [text("A **Wild +4** was played on you: challenge it, or take the 4 cards.")], [
        GameButton(hand.game_id, view.turn, str(CHALLENGE), label=words(CHALLENGE_LABEL)),
        GameButton(hand.game_id, view.turn, str(ACCEPT), label=words(text("Take 4"))),
    ]


def _swap_part(hand: SeatHand, view: SeatView, words: Words) -> HandPart:
    options = [
        discord.SelectOption(
            label=clip(
                words.plain(
                    counted(
                        "{name} ({count} card)",
                        "{name} ({count} cards)",
                        count=view.hand_counts[a.seat],
                        name=hand.name_of(a.seat),
                    )
                ),
                SELECT_OPTION_LABEL,
            ),
            value=str(a),
        )
        for a in view.legal
        if isinstance(a, SwapWith) and a.seat < len(hand.names)
    ]
    items: list[discord.ui.Item[Any]] = []
    if options:
        items.append(
            PlaySelect(
                hand.game_id,
                view.turn,
                "pick:0",
                options[:SELECT_PAGE],
                placeholder=words(text("Swap hands with…")),
                row=0,
            )
        )
    return [text("**Seven-O**: choose whom to swap hands with.")], items


def _turn_line(view: SeatView, plays: list[Play]) -> Text:
    legal = view.legal
    if view.drawn_card is not None:
        if PASS in legal:
            return text("You drew {card}: play it or pass.", card=card_short(view.drawn_card))
        return text(
            "You drew {card}: it can be played, so you must play it.", card=card_short(view.drawn_card)
        )
    if view.pending_draw:
        return counted(
            "**Your turn**: a penalty of **{count} card** is on you: stack on it, or draw it.",
            "**Your turn**: a penalty of **{count} cards** is on you: stack on it, or draw them all.",
            count=view.pending_draw,
        )
    if plays and DRAW not in legal:
        return text("**Your turn**: you can play, so you must: pick a card.")
    if plays:
        return text("**Your turn**: pick a card to play, or draw.")
    return text("**Your turn**: nothing matches, so draw a card.")


def _turn_part(hand: SeatHand, view: SeatView, page: int, words: Words) -> HandPart:
    """The player's own turn: a page of the cards they may play, paging, draw and pass."""
    game_id, turn, legal = hand.game_id, view.turn, view.legal
    # In the order the hand picture and its text show the cards (by colour, then face).
    plays = sorted((a for a in legal if isinstance(a, Play)), key=lambda a: a.card.order)
    items: list[discord.ui.Item[Any]] = []
    pages = max(1, -(-len(plays) // SELECT_PAGE))
    page = min(max(page, 0), pages - 1)
    shown = plays[page * SELECT_PAGE : (page + 1) * SELECT_PAGE]
    if shown:
        options = [
            discord.SelectOption(label=clip(words(card_long(a.card)), SELECT_OPTION_LABEL), value=str(a))
            for a in shown
        ]
        items.append(
            PlaySelect(game_id, turn, f"pick:{page}", options, placeholder=words(text("Play a card…")), row=0)
        )
    if pages > 1:
        following = (page + 1) % pages
        label = words(text("Cards page {page}/{pages}", page=following + 1, pages=pages))
        items.append(HandButton(game_id, label=label, page=following, row=2))
    if DRAW in legal:
        drawn = text("Draw {count}", count=view.pending_draw) if view.pending_draw else text("Draw")
        items.append(GameButton(game_id, turn, str(DRAW), label=words(drawn), row=1))
    if PASS in legal:
        items.append(GameButton(game_id, turn, str(PASS), label=words(text("Pass")), row=1))
    return [_turn_line(view, plays)], items


def rules_text(rules: Ruleset, heading: Text, words: Words) -> str:
    """`/uno rules`: the rules in force, from the ruleset's own data (explain.explain), in the
    reader's language. With house rules it can outgrow a message: `say` sends it in parts."""
    lines = [words(heading)] + [f"• {words(line)}" for line in explain(rules)]
    return "\n".join(lines)
