"""Turns a table into Discord messages: the public table message, each player's private hand
and the host's lobby settings."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.uno.actions import (
    ACCEPT,
    CALL_UNO,
    CHALLENGE,
    DRAW,
    PASS,
    ChooseColour,
    JumpIn,
    Play,
    SwapWith,
)
from bot.games.uno.cards import COLOURS
from bot.games.uno.game import Phase, SeatView, UnoGame
from bot.games.uno.playing_cards import SUITS
from bot.games.uno.ruleset import (
    HOUSE_RULES,
    MAX_DECKS,
    MAX_TEAMS,
    MIN_DECKS,
    NO_TEAMS,
    PARTNERS,
    RULESETS,
    Ruleset,
)
from bot.i18n.text import Text
from bot.i18n.words import Words
from bot.render.uno_text import card_long, card_short, colour_emoji, colour_text, hand_text, team_name
from bot.sessions.table import Member, SeatHand, Table, TablePhase, TableSettings
from cogs.replies import Rendered, controls_view
from cogs.uno.components import (
    GameButton,
    HandButton,
    LobbyAction,
    LobbyButton,
    LobbySetting,
    PlaySelect,
    SettingsSelect,
)
from cogs.uno.host_panel import HostToolsButton

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
    "stacking": ("Stacking", "A Draw Two may answer a Draw Two: the next player draws the total"),
    "stacking_wd4": ("Stacking with Wild +4", "Draw Two and Wild Draw Four may answer either"),
    "seven_o": ("Seven-O", "A 7 swaps hands with a player you pick; a 0 passes every hand on"),
    "jump_in": ("Jump-in", "Play the very card on top out of turn, and play goes on from you"),
    "draw_to_match": ("Draw to match", "Draw until a card can be played"),
    "forced_play": ("Forced play", "A drawn card that can be played must be played"),
    "no_bluffing": ("No bluffing", "Wild Draw Four only when no card of the colour in force"),
    "classic_stacking": ("Classic stacking", "Draw Two, Wild and Wild Draw Four stack on each other"),
}


TEAM_CHOICES = {
    NO_TEAMS: "No teams: everyone for themselves",
    PARTNERS: "Partners (teams of two, sitting across)",
    **{str(n): f"{n} teams, seated alternately" for n in range(2, MAX_TEAMS + 1)},
}
TEAM_SHORT = {
    NO_TEAMS: "no teams",
    PARTNERS: "partners",
    **{str(n): f"{n} teams" for n in range(2, MAX_TEAMS + 1)},
}
TARGET_CHOICES = (50, 100, 150, 200, 250, 300, 500, 750, 1000)
TIME_CHOICES = (15, 30, 45, 60, 90, 120, 180)
# In the lobby's "target" select a time limit's value is `t<minutes>`, a points target's the number.
TIME_VALUE_PREFIX = "t"


def table_message(table: Table) -> Rendered:
    if table.phase is TablePhase.LOBBY:
        return _lobby(table)
    if table.game is None:
        return _ended(table)
    return _in_game(table)


def rules_summary(settings: TableSettings) -> str:
    """The ruleset's title, its house rules, and twist's decks and teams, in a few words."""
    rules = settings.rules()
    parts = [str(rules.title)]
    if rules.playing_cards:
        parts.append(f"{rules.decks} deck{'s' if rules.decks != 1 else ''}")
        parts.append(TEAM_SHORT.get(rules.teams, rules.teams))
    house = [HOUSE_RULE_TEXT[name][0] if name in HOUSE_RULE_TEXT else name for name in rules.house_rules]
    parts.append("house rules: " + (", ".join(house) if house else "none"))
    if rules.time_limit:
        parts.append(f"⏱ {rules.time_limit} min")
    return " · ".join(parts)


def time_limit_text(minutes: int) -> str:
    """How the lobby and settings name a game's time limit (T8)."""
    if not minutes:
        return "none"
    return f"{minutes} minutes from the first deal; the round in play then is the last"


def _lobby(table: Table) -> Rendered:
    settings = table.settings
    rules = settings.rules()
    embed = discord.Embed(
        title="UNO table: waiting for players",
        description=(
            "Press **Join** to sit down. The host presses **Start** when everyone is in "
            f"({rules.min_players} to {rules.max_players} players) and may change the rules "
            f"with **Settings**.\nThe lobby closes if nobody starts it within "
            f"{settings.lobby_seconds // 60} minutes."
        ),
        colour=discord.Colour.blurple(),
    )
    embed.add_field(
        name=f"Players ({len(table.members)})",
        value="\n".join(f"{'👑 ' if m.user_id == table.host_id else ''}{who(m)}" for m in table.members)
        or "nobody yet",
        inline=False,
    )
    embed.add_field(name="Rules", value=rules_summary(settings)[:1024], inline=False)
    embed.add_field(name=_target_name(rules), value=f"{settings.target_score} points")
    embed.add_field(name="Turn timer", value=f"{settings.turn_seconds} s")
    embed.add_field(name="Time limit", value=time_limit_text(settings.time_limit))
    if rules.teams != NO_TEAMS:
        embed.add_field(
            name="Teams",
            value="Seats are drawn at the start; teams follow from them.",
            inline=False,
        )
    view = controls_view()
    for what in LobbyAction:
        view.add_item(LobbyButton(table.game_id, what))
    if table.guild_id:  # a server table's host may remove players (a DM table has nobody else)
        view.add_item(HostToolsButton(table.game_id))
    return Rendered(None, embed, view)


def who(member: Member) -> str:
    """A person's mention, or a computer player's name (it has no Discord account)."""
    if member.is_computer:
        return f"🤖 {discord.utils.escape_markdown(member.name)}"
    return f"<@{member.user_id}>"


def _target_name(rules: Ruleset) -> str:
    return str(rules.scoring.target_label)


def settings_message(table: Table, note: str = "") -> Rendered:
    """The host's private settings for the lobby: a select per setting, showing the current
    choice."""
    settings = table.settings
    rules = settings.rules()
    game_id = table.game_id
    lines = [note] if note else []
    lines.append(f"**Table settings**: {rules_summary(settings)}")
    lines.append(f"{_target_name(rules)} {settings.target_score} points.")
    lines.append(f"Time limit: {time_limit_text(settings.time_limit)}.")
    lines.append(
        "Pick below; a combination that makes no sense is refused with the reason. The last "
        "list holds the points target and, if you want one, a time limit: pick one of each."
    )
    view = controls_view()
    view.add_item(
        SettingsSelect(
            game_id,
            LobbySetting.RULESET,
            [
                discord.SelectOption(label=str(r.title)[:100], value=name, default=name == rules.name)
                for name, r in RULESETS.items()
            ],
            placeholder="Ruleset",
        )
    )
    in_force = set(rules.house_rules)
    view.add_item(
        SettingsSelect(
            game_id,
            LobbySetting.HOUSE_RULES,
            [
                discord.SelectOption(
                    label=HOUSE_RULE_TEXT.get(name, (name, ""))[0][:100],
                    description=HOUSE_RULE_TEXT.get(name, (name, ""))[1][:100] or None,
                    value=name,
                    default=name in in_force,
                )
                for name in HOUSE_RULES
            ],
            placeholder="House rules: none",
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
                    discord.SelectOption(label=label, value=mode, default=mode == rules.teams)
                    for mode, label in TEAM_CHOICES.items()
                ],
                placeholder="Teams",
            )
        )
        view.add_item(
            SettingsSelect(
                game_id,
                LobbySetting.DECKS,
                [
                    discord.SelectOption(
                        label=f"{n} deck{'s' if n != 1 else ''} ({54 * n} cards)",
                        value=str(n),
                        default=n == rules.decks,
                    )
                    for n in range(MIN_DECKS, MAX_DECKS + 1)
                ],
                placeholder="Decks",
            )
        )
    # The points target and the time limit share one select: twist already fills the five rows
    # a message may have (ruleset, house rules, teams, decks, points).
    targets = sorted({*TARGET_CHOICES, settings.target_score})
    minutes = sorted({*TIME_CHOICES, settings.time_limit} - {0})
    options = [
        discord.SelectOption(
            label=f"{_target_name(rules)} {n} points",
            value=str(n),
            default=n == settings.target_score,
        )
        for n in targets
    ] + [
        discord.SelectOption(
            label=f"⏱ Time limit: {n} minutes",
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
            placeholder="Points, and a time limit if you want one",
            max_values=2,
        )
    )
    return Rendered("\n".join(lines)[:2000], None, view)


def _ended(table: Table) -> Rendered:
    embed = discord.Embed(
        title="UNO table closed",
        description=table.ended_reason or "The table was closed.",
        colour=discord.Colour.dark_grey(),
    )
    return Rendered(None, embed, controls_view())


def _waiting_for(game: UnoGame) -> str:
    twist = game.ruleset.playing_cards
    if game.phase is Phase.PLAYING and game.pending_draw:
        return f"to stack on the penalty or draw {game.pending_draw}"
    return {
        Phase.PLAYING: "to play",
        Phase.AWAITING_COLOUR: "to name a suit" if twist else "to call a colour",
        Phase.AWAITING_CHALLENGE: "to challenge the Wild +4 or take 4 cards",
        Phase.AWAITING_SWAP: "to choose whom to swap hands with",
        Phase.ROUND_OVER: "to deal the next round (anyone may press it)",
        Phase.FINISHED: "",
    }[game.phase]


def _in_game(table: Table) -> Rendered:
    game = table.game
    assert game is not None
    rules = game.ruleset
    title = f"UNO: round {game.round_number}"
    if table.phase is TablePhase.FINISHED:
        title = "UNO: game over"
    elif table.phase is TablePhase.ABORTED:
        title = "UNO: game ended"
    embed = discord.Embed(title=title, colour=EMBED_COLOURS[game.colour])
    _add_pile_fields(embed, game)
    embed.add_field(name="Players", value="\n".join(_seat_lines(table, game))[:1024], inline=False)
    if game.is_team_game:
        totals = game.team_scores()
        team_lines = [
            f"**{team_name(team)}** ({' & '.join(table.members[s].name for s in seats)}): {totals[team]} pts"
            for team, seats in enumerate(game.teams)
        ]
        embed.add_field(name="Teams (lowest total wins)", value="\n".join(team_lines)[:1024], inline=False)
    clock = _time_limit_field(table)
    if clock:
        embed.add_field(name="Time limit", value=clock, inline=False)
    if not table.phase.is_over:
        embed.add_field(name="Turn", value=_turn_text(table, game), inline=False)
    if table.recent:
        embed.add_field(name="Recent", value="\n".join(table.recent)[-1024:], inline=False)
    if table.phase is TablePhase.ABORTED and table.ended_reason:
        embed.description = table.ended_reason
    embed.set_footer(
        text=f"{rules.title} · draw pile: {len(game.draw_pile)} · "
        f"{_target_name(rules).lower()} {rules.target_score} · turn {game.turn} · "
        f"table {table.game_id}"
    )
    return Rendered(None, embed, _table_controls(table, game))


def _add_pile_fields(embed: discord.Embed, game: UnoGame) -> None:
    """The top card (and, under a Joker, the card to play on), the colour and the direction."""
    twist = game.ruleset.playing_cards
    embed.add_field(name="Top card", value=card_short(game.discard_top))
    # T3: a Joker leaves the card beneath it to be played on.
    beneath = game.view(game.current).play_on if twist else None
    if beneath is not None:
        embed.add_field(name="Play on", value=card_short(beneath))
    called = "to be named" if twist else "to be called"
    embed.add_field(
        name="Suit" if twist else "Colour", value=colour_text(game.colour) if game.colour else called
    )
    embed.add_field(name="Direction", value="↻ clockwise" if game.direction == 1 else "↺ counter-clockwise")


def _seat_lines(table: Table, game: UnoGame) -> list[str]:
    """One line a seat: whose turn, card count, UNO, points, dealer, team, out."""
    over = table.phase.is_over
    lines = []
    for seat, member in enumerate(table.members):
        out = game.eliminated[seat]
        marker = "▶️" if seat == game.current and not over else "❌" if out else "▫️"
        count = len(game.hands[seat])
        uno = " **UNO!**" if count == 1 else ""
        dealer = " (dealer)" if seat == game.dealer and not out else ""
        team = f" · {team_name(game.team_of(seat))}" if game.is_team_game else ""
        status = " · **out**" if out else ""
        lines.append(
            f"{marker} **{discord.utils.escape_markdown(member.name)}**: "
            f"{count} card{'s' if count != 1 else ''}{uno} · {game.scores[seat]} pts"
            f"{dealer}{team}{status}"
        )
    return lines


def _turn_text(table: Table, game: UnoGame) -> str:
    current = table.members[game.current]
    deadline = f" · time runs out <t:{int(table.deadline.timestamp())}:R>" if table.deadline else ""
    if table.paused is not None:
        deadline = " · ⏸ timer paused by the host"
    name = discord.utils.escape_markdown(current.name)
    return f"**{name}** ({who(current)}) {_waiting_for(game)}{deadline}"


def _table_controls(table: Table, game: UnoGame) -> discord.ui.View:
    """Show my hand, and the buttons anyone at the table may press now."""
    view = controls_view()
    if table.phase.is_over:
        return view
    view.add_item(HandButton(table.game_id, label="Show my hand"))
    if game.uno_catchable is not None:
        view.add_item(GameButton(table.game_id, game.turn, "catch", label="Catch!"))
    if game.phase is Phase.AWAITING_CHALLENGE:
        view.add_item(GameButton(table.game_id, game.turn, "challenge", label="Challenge"))
        view.add_item(GameButton(table.game_id, game.turn, "accept", label="Take 4"))
    if game.phase is Phase.ROUND_OVER:
        view.add_item(GameButton(table.game_id, game.turn, "deal", label="Deal next round"))
    if table.guild_id:
        view.add_item(HostToolsButton(table.game_id))
    return view


def _time_limit_field(table: Table) -> str:
    """T8: when the game's time is up (a relative timestamp: Discord counts it down, no edit
    needed), or that it is, and what follows."""
    game = table.game
    if game is None or table.game_deadline is None:
        return ""
    if game.time_called:
        if table.phase.is_over:
            return "⏱ Time was up: the game ended."
        return "⏱ Time is up: this round is the last, then the game ends."
    if table.phase.is_over:
        return ""
    return f"⏱ Time is up <t:{int(table.game_deadline.timestamp())}:R>; the round in play then is the last."


# What a hand shows below the cards, and its controls, for the phase the player is in: lines of
# text and the items to add, in order.
HandPart = tuple[list[str], list[discord.ui.Item[Any]]]


def hand_message(hand: SeatHand, *, page: int = 0, note: str = "") -> Rendered:
    """The private hand of one player, with the controls for what they may do now."""
    view = hand.view
    lines = ([note] if note else []) + _hand_lines(hand, view)
    more, items = _phase_part(hand, view, page)
    lines += more
    if CALL_UNO in view.legal:
        items.append(GameButton(hand.game_id, view.turn, str(CALL_UNO), label="UNO!", row=1))
    if view.phase not in (Phase.ROUND_OVER, Phase.FINISHED):
        items.append(HandButton(hand.game_id, label="Refresh", row=1))
    components = controls_view()
    for item in items:
        components.add_item(item)
    return Rendered("\n".join(lines)[:2000], None, components)


def _hand_lines(hand: SeatHand, view: SeatView) -> list[str]:
    """The cards, the top of the discard pile, the time and the player's team."""
    count = len(view.hand)
    kind = "suit" if hand.playing_cards else "colour"
    colour = colour_text(view.colour) if view.colour else "none yet"
    top = str(card_short(view.discard_top))
    if view.play_on is not None:
        top += f" (play on {card_short(view.play_on)})"
    lines = [
        f"**Your hand** ({count} card{'s' if count != 1 else ''}):",
        str(hand_text(view.hand)) or "*empty*",
        f"Top card: {top} · {kind}: {colour}",
    ]
    if hand.time_called and view.phase is not Phase.FINISHED:
        lines.append("⏱ Time is up: this round is the last.")
    if view.teams:
        team = view.teams[view.seat]
        mates = [hand.name_of(s) for s, t in enumerate(view.teams) if t == team and s != view.seat]
        lines.append(f"You play for **{team_name(team)}** with {', '.join(mates) or 'nobody'}.")
    return lines


def _phase_part(hand: SeatHand, view: SeatView, page: int) -> HandPart:
    if view.phase in (Phase.ROUND_OVER, Phase.FINISHED):
        return ["The round is over."], []
    if view.seat in view.eliminated:
        return ["You are out of this game (your total passed the limit); watch the rest."], []
    if not view.my_turn:
        return _waiting_part(hand, view)
    if view.phase is Phase.AWAITING_COLOUR:
        return _colour_part(hand, view)
    if view.phase is Phase.AWAITING_CHALLENGE:
        return _challenge_part(hand, view)
    if view.phase is Phase.AWAITING_SWAP:
        return _swap_part(hand, view)
    return _turn_part(hand, view, page)


def _waiting_part(hand: SeatHand, view: SeatView) -> HandPart:
    """Another player's turn: whom we wait for, and a jump-in (H3) when one is possible."""
    current = hand.name_of(view.current)
    items: list[discord.ui.Item[Any]] = [
        GameButton(
            hand.game_id,
            view.turn,
            str(action),
            label=f"Jump in with {card_short(action.card)}!"[:80],
            style=discord.ButtonStyle.danger,
        )
        for action in view.legal
        if isinstance(action, JumpIn)
    ]
    return [f"Waiting for **{current}**."], items


def _colour_part(hand: SeatHand, view: SeatView) -> HandPart:
    twist = hand.playing_cards
    items: list[discord.ui.Item[Any]] = []
    for action in view.legal:
        if isinstance(action, ChooseColour):
            symbol = colour_emoji(action.colour)
            items.append(
                GameButton(
                    hand.game_id,
                    view.turn,
                    str(action),
                    # Suits go in the label: ♠ and ♣ are not emoji Discord accepts.
                    label=f"{symbol} {action.colour.label}" if twist else action.colour.label,
                    emoji=None if twist else symbol,
                )
            )
    return ["**Name a suit** for your Jack:" if twist else "**Call a colour** for your Wild:"], items


def _challenge_part(hand: SeatHand, view: SeatView) -> HandPart:
    return ["A **Wild +4** was played on you: challenge it, or take the 4 cards."], [
        GameButton(hand.game_id, view.turn, str(CHALLENGE), label="Challenge"),
        GameButton(hand.game_id, view.turn, str(ACCEPT), label="Take 4"),
    ]


def _swap_part(hand: SeatHand, view: SeatView) -> HandPart:
    options = [
        discord.SelectOption(
            label=f"{hand.name_of(a.seat)} ({view.hand_counts[a.seat]} cards)"[:100],
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
                placeholder="Swap hands with…",
                row=0,
            )
        )
    return ["**Seven-O**: choose whom to swap hands with."], items


def _turn_line(view: SeatView, plays: list[Play]) -> str:
    legal = view.legal
    if view.drawn_card is not None:
        also = "" if PASS in legal else " (it must be played)"
        return f"You drew {card_short(view.drawn_card)}: play it or pass{also}."
    if view.pending_draw:
        return (
            f"**Your turn**: a penalty of **{view.pending_draw} cards** is on you: stack on "
            "it, or draw them all."
        )
    if plays and DRAW not in legal:
        return "**Your turn**: you can play, so you must: pick a card."
    if plays:
        return "**Your turn**: pick a card to play, or draw."
    return "**Your turn**: nothing matches, so draw a card."


def _turn_part(hand: SeatHand, view: SeatView, page: int) -> HandPart:
    """The player's own turn: a page of the cards they may play, paging, draw and pass."""
    game_id, turn, legal = hand.game_id, view.turn, view.legal
    plays = [a for a in legal if isinstance(a, Play)]
    items: list[discord.ui.Item[Any]] = []
    pages = max(1, -(-len(plays) // SELECT_PAGE))
    page = min(max(page, 0), pages - 1)
    shown = plays[page * SELECT_PAGE : (page + 1) * SELECT_PAGE]
    if shown:
        options = [discord.SelectOption(label=str(card_long(a.card))[:100], value=str(a)) for a in shown]
        items.append(PlaySelect(game_id, turn, f"pick:{page}", options, placeholder="Play a card…", row=0))
    if pages > 1:
        following = (page + 1) % pages
        items.append(HandButton(game_id, label=f"Cards page {following + 1}/{pages}", page=following, row=2))
    if DRAW in legal:
        label = f"Draw {view.pending_draw}" if view.pending_draw else "Draw"
        items.append(GameButton(game_id, turn, str(DRAW), label=label, row=1))
    if PASS in legal:
        items.append(GameButton(game_id, turn, str(PASS), label="Pass", row=1))
    return [_turn_line(view, plays)], items


def rules_text(rules: Ruleset, heading: Text, words: Words) -> str:
    """`/uno rules`: the rules in force, from the ruleset's own data (Ruleset.explain), in the
    reader's language."""
    lines = [words(heading)] + [f"• {words(line)}" for line in rules.explain()]
    return "\n".join(lines)[:2000]
