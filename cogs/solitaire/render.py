"""An UNO Solitaire game as a Discord message: the tableau at a glance, and only legal controls."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import discord

from bot.games.actions import DRAW
from bot.games.actions import UNDO
from bot.games.tableau import Slot
from bot.games.tableau import TableauGame
from bot.games.tableau import TableauView
from bot.games.tableau.actions import Place
from bot.games.tableau.actions import ToFoundation
from bot.games.tableau.odds import SOLITAIRE_ODDS
from bot.i18n.text import AllOf
from bot.i18n.text import Percent
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.images.tableau import tableau_picture
from bot.render.images.uno import Picture
from bot.render.tableau_text import card_from
from bot.render.tableau_text import foundation_lines
from bot.render.tableau_text import grid_legend
from bot.render.tableau_text import slot_title
from bot.render.tableau_text import tableau_lines
from bot.render.uno_text import card_short
from bot.sessions.solo import SoloPhase
from bot.sessions.solo import SoloSession
from cogs.limits import EMBED_DESCRIPTION
from cogs.limits import clip
from cogs.replies import Rendered
from cogs.replies import controls_view
from cogs.solo.front import RESIGN_LABEL
from cogs.solo.front import SoloButton
from cogs.solo.front import add_choices
from cogs.solo.front import resign_button
from cogs.solo.front import result_line

VARIANT = "draw3"
HINT = "hint"


VARIANT_NAME = text("draw three")
TITLE = text("🃏 UNO Solitaire")
WON_TITLE = text("🃏 UNO Solitaire: you won!")
LOST_TITLE = text("🃏 UNO Solitaire: game over")
EXPIRED = text("⌛ The game was left idle too long and counts as a loss.")
DRAW_ENDS_GAME = text(
    "⚠️ No card has moved since the waste was last turned over: turning it over again "
    "ends the game (the position would repeat forever)."
)


def variant_label(variant: str) -> Text | str:
    """The variant's name in words: "draw three"."""
    return VARIANT_NAME if variant == VARIANT else variant


def solitaire_message(session: SoloSession, note: Text | str, words: Words) -> Rendered:
    game = session.game
    assert isinstance(game, TableauGame)
    view = game.view()
    over = session.phase.is_over
    title = words(TITLE)
    lines = [words(note)] if note else []
    lines += [words(line) for line in session.recent[-3:]]
    if session.phase is SoloPhase.EXPIRED:
        lines.append(words(EXPIRED))
    if over:
        title = words(WON_TITLE if session.won else LOST_TITLE)
        lines.append(result_line(session, words))
    elif view.draw_ends_game:
        lines.append(words(DRAW_ENDS_GAME))
    grid = tableau_lines(view)
    board = "\n".join(grid) or words(text("(the tableau is empty)"))
    lines.append(f"```\n{board}\n```")
    if grid:
        lines.append(f"-# {words(grid_legend())}")  # subtext: the grid's codes, explained nowhere else
    embed = discord.Embed(
        title=title,
        description=clip("\n".join(line for line in lines if line), EMBED_DESCRIPTION),
        colour=discord.Colour.dark_teal(),
    )
    embed.add_field(
        name=words(text("Foundations")),
        value="\n".join(words(line) for line in foundation_lines(view)),
        inline=False,
    )
    waste = text("empty")
    if view.waste_top:
        waste = counted(
            "{card} ({count} card)",
            "{card} ({count} cards)",
            count=view.waste_size,
            card=card_short(view.waste_top),
        )
    embed.add_field(name=words(text("Waste")), value=words(waste))
    embed.add_field(
        name=words(text("Stock")),
        value=words(counted("{count} card", "{count} cards", count=view.stock_size)),
    )
    embed.set_footer(
        text=words(
            text(
                "Game {game} · move {move} · {moves} · undos used: {undos} · "
                "a careful player wins {rate} of deals ({deals} played)",
                game=session.game_id,
                move=session.move,
                moves=counted("{count} move in force", "{count} moves in force", count=view.moves),
                undos=view.undos,
                # 9,993 wins in 10,000 reads 99.9%, never 100% (Percent).
                rate=Percent(SOLITAIRE_ODDS.rate),
                deals=SOLITAIRE_ODDS.deals,
            )
        )
    )
    return Rendered(None, embed, None if over else _controls(session, view, words))


def solitaire_picture(session: SoloSession, words: Words) -> Callable[[], Picture]:
    """The tableau as it stands, to draw in a worker thread, its words in `words`."""
    game = session.game
    assert isinstance(game, TableauGame)
    return partial(tableau_picture, game.view(), words)


def source_text(view: TableauView, source: Slot | None) -> Text:
    """A card that may go up, and where it is: "🟥 5 from the waste", "🟩 Skip from row 1, slot 4".
    Named as a hand names it, as the foundations do: the grid's codes are English letters ("GS")."""
    found = view.waste_top if source is None else view.card_at(source)
    return card_from(card_short(found) if found else "?", source)


def place_text(view: TableauView, slot: Slot) -> Text:
    row = view.rows[slot.row]
    covered = [view.card_at(s) for s in row[slot.index].rests_on]
    on = tuple(card_short(c) for c in covered if c is not None)
    if not on:
        return slot_title(slot)
    return text("{slot} (on {cards})", slot=slot_title(slot), cards=AllOf(on))


def _controls(session: SoloSession, view: TableauView, words: Words) -> discord.ui.View:
    controls = controls_view()
    gid, move = session.game_id, session.move
    ups = [a for a in view.legal if isinstance(a, ToFoundation)]
    places = [a for a in view.legal if isinstance(a, Place)]
    if ups:
        add_choices(
            controls,
            session,
            [
                (words(text("{card} to its foundation", card=source_text(view, a.source))), str(a))
                for a in ups
            ],
            placeholder=words(text("Move a card to a foundation…")),
        )
    if places:
        waste = card_short(view.waste_top) if view.waste_top else None
        add_choices(
            controls,
            session,
            [(words(place_text(view, a.slot)), str(a)) for a in places],
            placeholder=words(
                text("Place {card} on the tableau…", card=waste)
                if waste
                else text("Place the waste card on the tableau…")
            ),
            first=len(controls.children),
        )
    row = min(len(controls.children), 3)
    if DRAW in view.legal:
        if view.draw_ends_game:
            label = (
                text("Draw 3 (ends the game)")
                if view.stock_size
                else text("Turn over the waste (ends the game)")
            )
        else:
            label = text("Draw 3") if view.stock_size else text("Turn over the waste")
        controls.add_item(SoloButton(gid, move, str(DRAW), label=words(label), row=row))
    if UNDO in view.legal:
        controls.add_item(
            SoloButton(
                gid, move, str(UNDO), label=words(text("Undo")), row=row, style=discord.ButtonStyle.secondary
            )
        )
    controls.add_item(
        SoloButton(gid, move, HINT, label=words(text("Hint")), row=row, style=discord.ButtonStyle.secondary)
    )
    controls.add_item(resign_button(session, words(RESIGN_LABEL), row=4))
    return controls
