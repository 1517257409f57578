"""An UNO Solitaire game as a Discord message: the tableau at a glance, and only legal controls."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import discord

from bot.games.tableau import Slot, TableauGame, TableauView
from bot.games.tableau.actions import DRAW, UNDO, Place, ToFoundation
from bot.games.tableau.odds import GREEDY_ODDS
from bot.i18n.text import Text
from bot.i18n.words import Words
from bot.render.images.tableau import tableau_picture
from bot.render.images.uno import Picture
from bot.render.tableau_text import foundation_lines, slot_text, tableau_lines, token
from bot.render.uno_text import card_short
from bot.sessions.solo import SoloPhase, SoloSession
from cogs.limits import EMBED_DESCRIPTION, clip
from cogs.replies import Rendered, controls_view
from cogs.solo.front import SoloButton, add_choices, result_line

VARIANT = "draw3"
HINT = "hint"


def variant_label(variant: str) -> str:
    return "draw three" if variant == VARIANT else variant


def solitaire_message(session: SoloSession, note: Text | str, words: Words) -> Rendered:
    game = session.game
    assert isinstance(game, TableauGame)
    view = game.view()
    over = session.phase.is_over
    title = "🃏 UNO Solitaire"
    lines = [words(note)] if note else []
    lines += session.recent[-3:]
    if session.phase is SoloPhase.EXPIRED:
        lines.append("⌛ The game was left idle too long and counts as a loss.")
    if over:
        title = "🃏 UNO Solitaire: you won!" if session.won else "🃏 UNO Solitaire: game over"
        lines.append(result_line(session))
    elif view.draw_ends_game:
        lines.append(
            "⚠️ No card has moved since the waste was last turned over: turning it over again "
            "ends the game (the position would repeat forever)."
        )
    board = "\n".join(tableau_lines(view)) or "(the tableau is empty)"
    lines.append(f"```\n{board}\n```")
    embed = discord.Embed(
        title=title,
        description=clip("\n".join(line for line in lines if line), EMBED_DESCRIPTION),
        colour=discord.Colour.dark_teal(),
    )
    embed.add_field(name="Foundations", value="\n".join(foundation_lines(view)), inline=False)
    waste = f"{card_short(view.waste_top)} ({view.waste_size} cards)" if view.waste_top else "empty"
    embed.add_field(name="Waste", value=waste)
    embed.add_field(name="Stock", value=f"{view.stock_size} cards")
    embed.set_footer(
        text=f"Game {session.game_id} · move {session.move} · "
        f"{view.moves} moves in force · undos used: {view.undos} · "
        f"a careful player wins {GREEDY_ODDS.rate:.0%} of deals ({GREEDY_ODDS.deals:,} played)"
    )
    return Rendered(None, embed, None if over else _controls(session, view))


def solitaire_picture(session: SoloSession) -> Callable[[], Picture]:
    """The tableau as it stands, to draw in a worker thread."""
    game = session.game
    assert isinstance(game, TableauGame)
    return partial(tableau_picture, game.view())


def source_text(view: TableauView, source: Slot | None) -> str:
    if source is None:
        return f"{token(view.waste_top).strip() if view.waste_top else '?'} from the waste"
    card = view.card_at(source)
    return f"{token(card).strip() if card else '?'} from {slot_text(source)}"


def place_text(view: TableauView, slot: Slot) -> str:
    row = view.rows[slot.row]
    covered = [view.card_at(s) for s in row[slot.index].rests_on]
    on = " and ".join(token(c).strip() for c in covered if c is not None)
    return f"{slot_text(slot).capitalize()}" + (f" (on {on})" if on else "")


def _controls(session: SoloSession, view: TableauView) -> discord.ui.View:
    controls = controls_view()
    gid, move = session.game_id, session.move
    ups = [a for a in view.legal if isinstance(a, ToFoundation)]
    places = [a for a in view.legal if isinstance(a, Place)]
    if ups:
        add_choices(
            controls,
            session,
            [(f"{source_text(view, a.source)} to its foundation", str(a)) for a in ups],
            placeholder="Move a card to a foundation…",
        )
    if places:
        waste = token(view.waste_top).strip() if view.waste_top else "the waste card"
        add_choices(
            controls,
            session,
            [(place_text(view, a.slot), str(a)) for a in places],
            placeholder=f"Place {waste} on the tableau…",
            first=len(controls.children),
        )
    row = min(len(controls.children), 3)
    if DRAW in view.legal:
        label = "Draw 3" if view.stock_size else "Turn over the waste"
        if view.draw_ends_game:
            label += " (ends the game)"
        controls.add_item(SoloButton(gid, move, str(DRAW), label=label, row=row))
    if UNDO in view.legal:
        controls.add_item(
            SoloButton(gid, move, str(UNDO), label="Undo", row=row, style=discord.ButtonStyle.secondary)
        )
    controls.add_item(SoloButton(gid, move, HINT, label="Hint", row=row, style=discord.ButtonStyle.secondary))
    controls.add_item(
        SoloButton(gid, move, "resign", label="Resign", style=discord.ButtonStyle.danger, row=4)
    )
    return controls
