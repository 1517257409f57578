"""Turns a table into Discord messages: the public table message and each player's private hand."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.games.uno.actions import (
    ACCEPT,
    CALL_UNO,
    CHALLENGE,
    DRAW,
    PASS,
    ChooseColour,
    Play,
)
from bot.games.uno.cards import COLOURS
from bot.games.uno.game import Phase, SeatView
from bot.games.uno.ruleset import ruleset_named
from bot.render.uno_text import card_long, card_short, colour_emoji, hand_text
from bot.sessions.table import Table, TablePhase
from cogs.uno.components import GameButton, HandButton, LobbyButton, PlaySelect

SELECT_PAGE = 25
EMBED_COLOURS = {
    None: discord.Colour.dark_grey(),
    COLOURS[0]: discord.Colour.red(),
    COLOURS[1]: discord.Colour.gold(),
    COLOURS[2]: discord.Colour.green(),
    COLOURS[3]: discord.Colour.blue(),
}


@dataclass(frozen=True, slots=True)
class Rendered:
    content: str | None
    embed: discord.Embed | None
    view: discord.ui.View | None


def table_message(table: Table) -> Rendered:
    if table.phase is TablePhase.LOBBY:
        return _lobby(table)
    if table.game is None:
        return _ended(table)
    return _in_game(table)


def _lobby(table: Table) -> Rendered:
    settings = table.settings
    ruleset = ruleset_named(settings.ruleset)
    embed = discord.Embed(
        title="UNO table: waiting for players",
        description=(
            "Press **Join** to sit down. The host presses **Start** when everyone is in "
            f"(2 to 10 players).\nThe lobby closes if nobody starts it within "
            f"{settings.lobby_seconds // 60} minutes."
        ),
        colour=discord.Colour.blurple(),
    )
    embed.add_field(
        name=f"Players ({len(table.members)})",
        value="\n".join(
            f"{'👑 ' if m.user_id == table.host_id else ''}<@{m.user_id}>" for m in table.members
        )
        or "nobody yet",
        inline=False,
    )
    embed.add_field(name="Rules", value=ruleset.title)
    embed.add_field(name="Play to", value=f"{settings.target_score} points")
    embed.add_field(name="Turn timer", value=f"{settings.turn_seconds} s")
    view = discord.ui.View(timeout=None)
    view.add_item(LobbyButton(table.game_id, "join"))
    view.add_item(LobbyButton(table.game_id, "leave"))
    view.add_item(LobbyButton(table.game_id, "start"))
    view.add_item(LobbyButton(table.game_id, "rules"))
    return Rendered(None, embed, view)


def _ended(table: Table) -> Rendered:
    embed = discord.Embed(
        title="UNO table closed",
        description=table.ended_reason or "The table was closed.",
        colour=discord.Colour.dark_grey(),
    )
    return Rendered(None, embed, discord.ui.View(timeout=None))


def _in_game(table: Table) -> Rendered:
    game = table.game
    assert game is not None
    over = table.phase.is_over
    top = game.discard_top
    title = f"UNO: round {game.round_number}"
    if table.phase is TablePhase.FINISHED:
        title = "UNO: game over"
    elif table.phase is TablePhase.ABORTED:
        title = "UNO: game ended"
    embed = discord.Embed(title=title, colour=EMBED_COLOURS[game.colour])
    embed.add_field(name="Top card", value=card_short(top))
    colour = f"{colour_emoji(game.colour)} {game.colour.label}" if game.colour else "to be called"
    embed.add_field(name="Colour", value=colour)
    embed.add_field(
        name="Direction", value="↻ clockwise" if game.direction == 1 else "↺ counter-clockwise"
    )
    lines = []
    for seat, member in enumerate(table.members):
        marker = "▶️" if seat == game.current and not over else "▫️"
        count = len(game.hands[seat])
        uno = " **UNO!**" if count == 1 else ""
        dealer = " (dealer)" if seat == game.dealer else ""
        lines.append(
            f"{marker} **{discord.utils.escape_markdown(member.name)}**: "
            f"{count} card{'s' if count != 1 else ''}{uno} · {game.scores[seat]} pts{dealer}"
        )
    embed.add_field(name="Players", value="\n".join(lines)[:1024], inline=False)
    if not over:
        current = table.members[game.current]
        waiting = {
            Phase.PLAYING: "to play",
            Phase.AWAITING_COLOUR: "to call a colour",
            Phase.AWAITING_CHALLENGE: "to challenge the Wild +4 or take 4 cards",
            Phase.ROUND_OVER: "to deal the next round (anyone may press it)",
        }[game.phase]
        deadline = (
            f" · time runs out <t:{int(table.deadline.timestamp())}:R>" if table.deadline else ""
        )
        name = discord.utils.escape_markdown(current.name)
        embed.add_field(
            name="Turn", value=f"**{name}** (<@{current.user_id}>) {waiting}{deadline}", inline=False
        )
    if table.recent:
        embed.add_field(name="Recent", value="\n".join(table.recent)[-1024:], inline=False)
    if table.phase is TablePhase.ABORTED and table.ended_reason:
        embed.description = table.ended_reason
    embed.set_footer(
        text=f"Draw pile: {len(game.draw_pile)} · play to {game.ruleset.target_score} · "
        f"turn {game.turn} · table {table.game_id}"
    )
    view = discord.ui.View(timeout=None)
    if not over:
        view.add_item(HandButton(table.game_id, label="Show my hand"))
        if game.uno_catchable is not None:
            view.add_item(GameButton(table.game_id, game.turn, "catch", label="Catch!"))
        if game.phase is Phase.AWAITING_CHALLENGE:
            view.add_item(GameButton(table.game_id, game.turn, "challenge", label="Challenge"))
            view.add_item(GameButton(table.game_id, game.turn, "accept", label="Take 4"))
        if game.phase is Phase.ROUND_OVER:
            view.add_item(GameButton(table.game_id, game.turn, "deal", label="Deal next round"))
    return Rendered(None, embed, view)


def hand_message(table: Table, view: SeatView, *, page: int = 0, note: str = "") -> Rendered:
    """The private hand of one player, with the controls for what they may do now."""
    game_id, turn = table.game_id, view.turn
    lines = []
    if note:
        lines.append(note)
    count = len(view.hand)
    lines.append(f"**Your hand** ({count} card{'s' if count != 1 else ''}):")
    lines.append(hand_text(view.hand) or "*empty*")
    colour = f"{colour_emoji(view.colour)} {view.colour.label.lower()}" if view.colour else "none yet"
    lines.append(f"Top card: {card_short(view.discard_top)} · colour: {colour}")
    components = discord.ui.View(timeout=None)
    legal = view.legal
    if view.phase in (Phase.ROUND_OVER, Phase.FINISHED):
        lines.append("The round is over.")
    elif not view.my_turn:
        current = table.members[view.current].name if view.current < len(table.members) else "?"
        lines.append(f"Waiting for **{current}**.")
    elif view.phase is Phase.AWAITING_COLOUR:
        lines.append("**Call a colour** for your Wild:")
        for action in legal:
            if isinstance(action, ChooseColour):
                components.add_item(
                    GameButton(
                        game_id,
                        turn,
                        str(action),
                        label=action.colour.label,
                        emoji=colour_emoji(action.colour),
                    )
                )
    elif view.phase is Phase.AWAITING_CHALLENGE:
        lines.append("A **Wild +4** was played on you: challenge it, or take the 4 cards.")
        components.add_item(GameButton(game_id, turn, str(CHALLENGE), label="Challenge"))
        components.add_item(GameButton(game_id, turn, str(ACCEPT), label="Take 4"))
    else:
        plays = [a for a in legal if isinstance(a, Play)]
        if view.drawn_card is not None:
            lines.append(f"You drew {card_short(view.drawn_card)}: play it or pass.")
        elif plays:
            lines.append("**Your turn**: pick a card to play, or draw.")
        else:
            lines.append("**Your turn**: nothing matches, so draw a card.")
        pages = max(1, -(-len(plays) // SELECT_PAGE))
        page = min(max(page, 0), pages - 1)
        shown = plays[page * SELECT_PAGE : (page + 1) * SELECT_PAGE]
        if shown:
            options = [
                discord.SelectOption(label=card_long(a.card)[:100], value=str(a)) for a in shown
            ]
            components.add_item(PlaySelect(game_id, turn, page, options))
        if pages > 1:
            following = (page + 1) % pages
            components.add_item(
                HandButton(game_id, label=f"Cards page {following + 1}/{pages}", page=following, row=2)
            )
        if DRAW in legal:
            components.add_item(GameButton(game_id, turn, str(DRAW), label="Draw", row=1))
        if PASS in legal:
            components.add_item(GameButton(game_id, turn, str(PASS), label="Pass", row=1))
    if CALL_UNO in legal:
        components.add_item(GameButton(game_id, turn, str(CALL_UNO), label="UNO!", row=1))
    if view.phase not in (Phase.ROUND_OVER, Phase.FINISHED):
        components.add_item(HandButton(game_id, label="Refresh", row=1))
    return Rendered("\n".join(lines)[:2000], None, components)


def rules_text(ruleset_name: str, target_score: int) -> str:
    ruleset = ruleset_named(ruleset_name).with_target(target_score)
    return "\n".join(f"• {line}" for line in ruleset.explain())[:2000]
