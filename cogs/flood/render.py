"""A Survive the Flood game as a Discord message: what the player knows, and a control per legal move."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import discord

from bot.games.flood import DRAW
from bot.games.flood import Action
from bot.games.flood import Bury
from bot.games.flood import CallSuit
from bot.games.flood import DeckKind
from bot.games.flood import Difficulty
from bot.games.flood import Draw
from bot.games.flood import FloodGame
from bot.games.flood import FloodView
from bot.games.flood import Planner
from bot.games.flood import Play
from bot.i18n.text import Lines
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.flood_text import asked_text
from bot.render.flood_text import card_short
from bot.render.flood_text import cards_text
from bot.render.flood_text import hand_lines
from bot.render.flood_text import no_suit
from bot.render.flood_text import suit_text
from bot.render.images.flood import flood_picture
from bot.render.images.flood import picture_words
from bot.render.images.uno import Picture
from bot.sessions.solo import SoloPhase
from bot.sessions.solo import SoloSession
from cogs.limits import EMBED_DESCRIPTION
from cogs.limits import EMBED_FIELD_VALUE
from cogs.limits import clip
from cogs.replies import Rendered
from cogs.replies import controls_view
from cogs.solo.front import RESIGN_LABEL
from cogs.solo.front import SoloButton
from cogs.solo.front import add_choices
from cogs.solo.front import resign_button
from cogs.solo.front import result_said

HINT = "hint"  # not shown to players: the Hint button's action

SUIT_COLOURS = {
    "H": discord.Colour.red(),
    "D": discord.Colour.red(),
    "S": discord.Colour.dark_grey(),
    "C": discord.Colour.dark_grey(),
    "R": discord.Colour.red(),
    "Y": discord.Colour.gold(),
    "G": discord.Colour.green(),
    "B": discord.Colour.blue(),
}


def variant_of(difficulty: Difficulty, deck: DeckKind) -> str:
    """The streak a game counts for: `easy/uno`, `master-inhand/standard`."""
    return f"{difficulty.value}/{deck.value}"


def variant_label(variant: str) -> Text | str:
    """`Easy · UNO deck`, in the reader's language once shown."""
    difficulty, _, deck = variant.partition("/")
    try:
        return Text(
            "{difficulty} · {deck}",
            (("difficulty", Difficulty(difficulty).said), ("deck", DeckKind(deck).said)),
        )
    except ValueError:
        return variant


VARIANTS: tuple[str, ...] = tuple(variant_of(d, k) for d in Difficulty for k in DeckKind)


def flood_message(session: SoloSession, note: Text | str, words: Words) -> Rendered:
    game = session.game
    assert isinstance(game, FloodGame)
    view = game.view()
    options = view.options
    title = words(text("🌊 Survive the Flood · {variant}", variant=variant_label(session.variant)))
    lines = [words(note)] if note else []
    lines += [words(line) for line in session.recent[-4:]]
    over = session.phase.is_over
    if session.phase is SoloPhase.EXPIRED:
        lines.append(words(text("⌛ The game was left idle too long and counts as a loss.")))
    if over:
        won = session.won
        title = words(text("🌊 You survived the flood!") if won else text("🌊 The flood won"))
        lines.append(words(result_said(session)))
    else:
        lines.append(words(asked_text(view)))
    embed = discord.Embed(
        title=title,
        description=clip("\n".join(line for line in lines if line), EMBED_DESCRIPTION),
        colour=SUIT_COLOURS.get(view.suit.value if view.suit else "", discord.Colour.blurple()),
    )
    embed.add_field(name=words(text("Top card")), value=words(card_short(view.discard_top)))
    in_force = text("Colour in force") if options.has_colours else text("Suit in force")
    embed.add_field(name=words(in_force), value=words(suit_text(view.suit) if view.suit else no_suit(view)))
    embed.add_field(
        name=words(text("Draw decks survived")),
        value=words(text("{done} of {target}", done=view.rounds_done, target=view.target)),
    )
    embed.add_field(
        name=words(text("Draw pile")),
        value=words(counted("{count} card left", "{count} cards left", count=view.draw_pile_size)),
    )
    empty = words(text("*empty*"))
    embed.add_field(
        name=words(counted("Hand ({count} card)", "Hand ({count} cards)", count=len(view.hand))),
        value=clip(words(Lines(tuple(hand_lines(view.hand)))), EMBED_FIELD_VALUE) or empty,
        inline=False,
    )
    if options.difficulty.specials_in_reserve:
        embed.add_field(
            name=words(text("Reserve ({count})", count=len(view.reserve))),
            value=clip(words(cards_text(view.reserve)), EMBED_FIELD_VALUE) or empty,
            inline=False,
        )
    footer = (
        text("Game {game} · move {move} · penalty draws on", game=session.game_id, move=session.move)
        if options.penalty_draws
        else text("Game {game} · move {move}", game=session.game_id, move=session.move)
    )
    embed.set_footer(text=words(footer))
    return Rendered(None, embed, None if over else _controls(session, view, words))


def flood_game_picture(session: SoloSession, words: Words) -> Callable[[], Picture]:
    """The player's view of the game as it stands, with its words in `words`, to draw in a
    worker thread."""
    game = session.game
    assert isinstance(game, FloodGame)
    view = game.view()
    return partial(flood_picture, view, picture_words(view, words))


def _controls(session: SoloSession, view: FloodView, words: Words) -> discord.ui.View:
    controls = controls_view()
    gid, move = session.game_id, session.move
    plays = [a for a in view.legal if isinstance(a, Play)]
    buries = [a for a in view.legal if isinstance(a, Bury)]
    calls = [a for a in view.legal if isinstance(a, CallSuit)]
    if plays:
        reserve = set(view.reserve)
        add_choices(
            controls,
            session,
            [
                (
                    words(
                        text("{card} (reserve)", card=card_short(a.card))
                        if a.card in reserve
                        else card_short(a.card)
                    ),
                    str(a),
                )
                for a in plays
            ],
            placeholder=words(text("Play a card…")),
        )
    if buries:
        add_choices(
            controls,
            session,
            [(words(card_short(a.card)), str(a)) for a in buries],
            placeholder=words(text("Put a card under the top card…")),
            first=len(controls.children),
        )
    row = min(len(controls.children), 3)  # below the selects
    for action in calls:
        suit = action.suit
        controls.add_item(
            SoloButton(gid, move, str(action), label=words(suit.said), emoji=suit.symbol, row=row)
        )
    if view.can_draw:
        label = text("Draw (penalty)") if view.obliged else text("Draw")
        controls.add_item(SoloButton(gid, move, str(DRAW), label=words(label), row=row))
    controls.add_item(
        SoloButton(gid, move, HINT, label=words(text("Hint")), style=discord.ButtonStyle.secondary, row=4)
    )
    controls.add_item(resign_button(session, words(RESIGN_LABEL), row=4))
    return controls


def hint_note(session: SoloSession) -> Text:
    """The planner's move for the player's view, with its one line of why."""
    game = session.game
    assert isinstance(game, FloodGame)
    advice = Planner().advise(game.view())
    return text("💡 Hint: {move}. {reason}", move=action_words(advice.action), reason=advice.reason)


def action_words(action: Action) -> Text:
    if isinstance(action, Play):
        return text("play the {card}", card=action.card.said)
    if isinstance(action, CallSuit):
        return text("call {suit}", suit=action.suit.said_lower)
    if isinstance(action, Bury):
        return text("put the {card} under the top card", card=action.card.said)
    if isinstance(action, Draw):
        return text("draw a card")
    return text("resign")
