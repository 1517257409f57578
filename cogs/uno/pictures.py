"""The UNO table's pictures for the cog: drawn in a worker thread, and never in the way of a
move (a picture that fails is logged and the message goes as text)."""

from __future__ import annotations

from functools import partial

from bot.games.uno.actions import Play
from bot.games.uno.game import SeatView
from bot.i18n.text import text
from bot.render.images.uno import PublicTable
from bot.render.images.uno import Say
from bot.render.images.uno import hand_picture
from bot.render.images.uno import table_picture
from bot.sessions.table import Table
from cogs.replies import Rendered
from cogs.replies import drawn
from cogs.replies import with_picture


def public_table(table: Table, view: SeatView, say: Say = str) -> PublicTable:
    names = [member.name for member in table.members]
    names += [
        say(text("Seat {number}", number=seat + 1)) for seat in range(len(names), len(view.hand_counts))
    ]
    return PublicTable.from_view(view, names)


async def with_table_picture(table: Table, rendered: Rendered, say: Say = str) -> Rendered:
    """The table message with the public picture inside its embed; `say` (the table's `Words`)
    puts its words into the table's language."""
    if table.game is None or rendered.embed is None:
        return rendered
    # Any seat's view holds the public facts; PublicTable keeps only those.
    public = public_table(table, table.game.view(0), say)
    return with_picture(rendered, await drawn(partial(table_picture, public, say)))


async def with_hand_picture(view: SeatView, rendered: Rendered, say: Say = str) -> Rendered:
    """The private hand with its picture, in the order the text lists it; `say` (its reader's
    `Words`) puts its words into their language."""
    hand = sorted(view.hand, key=lambda card: card.order)
    playable_cards = {action.card for action in view.legal if isinstance(action, Play)}
    playable = frozenset(i for i, card in enumerate(hand) if card in playable_cards)
    return with_picture(rendered, await drawn(partial(hand_picture, hand, playable, say=say)))
