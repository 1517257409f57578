"""A Survive the Flood game as a Discord message: what the player knows, and a control per legal move."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import discord

from bot.games.flood import (
    DRAW,
    Action,
    Bury,
    CallSuit,
    DeckKind,
    Difficulty,
    Draw,
    FloodGame,
    FloodView,
    GreedyPlayer,
    Phase,
    Play,
)
from bot.i18n.text import Text
from bot.i18n.words import Words
from bot.render.flood_text import card_short, cards_text, hand_lines, suit_text
from bot.render.images.flood import flood_picture
from bot.render.images.uno import Picture
from bot.sessions.solo import SoloPhase, SoloSession
from cogs.limits import EMBED_DESCRIPTION, EMBED_FIELD_VALUE, clip
from cogs.replies import Rendered, controls_view
from cogs.solo.front import SoloButton, add_choices, result_line

HINT = "hint"

DIFFICULTY_TITLES = {
    Difficulty.EASY: "Easy",
    Difficulty.MEDIUM: "Medium",
    Difficulty.HARD: "Hard",
    Difficulty.MASTER: "Master",
    Difficulty.MASTER_INHAND: "Master (in hand)",
}
DECK_TITLES = {DeckKind.UNO: "UNO deck", DeckKind.STANDARD: "standard deck"}
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


def variant_label(variant: str) -> str:
    difficulty, _, deck = variant.partition("/")
    try:
        return f"{DIFFICULTY_TITLES[Difficulty(difficulty)]} · {DECK_TITLES[DeckKind(deck)]}"
    except ValueError:
        return variant


VARIANTS: tuple[str, ...] = tuple(variant_of(d, k) for d in Difficulty for k in DeckKind)


def flood_message(session: SoloSession, note: Text | str, words: Words) -> Rendered:
    game = session.game
    assert isinstance(game, FloodGame)
    view = game.view()
    options = view.options
    title = f"🌊 Survive the Flood · {variant_label(session.variant)}"
    lines = [words(note)] if note else []
    lines += session.recent[-4:]
    over = session.phase.is_over
    if session.phase is SoloPhase.EXPIRED:
        lines.append("⌛ The game was left idle too long and counts as a loss.")
    if over:
        won = session.won
        title = "🌊 You survived the flood!" if won else "🌊 The flood won"
        lines.append(result_line(session))
    else:
        lines.append(_prompt(view))
    embed = discord.Embed(
        title=title,
        description=clip("\n".join(line for line in lines if line), EMBED_DESCRIPTION),
        colour=SUIT_COLOURS.get(view.suit.value if view.suit else "", discord.Colour.blurple()),
    )
    embed.add_field(name="Top card", value=card_short(view.discard_top))
    embed.add_field(name="Suit in force", value=suit_text(view.suit))
    embed.add_field(
        name="Draw decks survived", value=f"{view.rounds_done} of {view.target}"
    )
    embed.add_field(name="Draw pile", value=f"{view.draw_pile_size} cards left")
    count = len(view.hand)
    embed.add_field(
        name=f"Hand ({count} card{'s' if count != 1 else ''})",
        value=clip("\n".join(hand_lines(view.hand)), EMBED_FIELD_VALUE) or "*empty*",
        inline=False,
    )
    if options.difficulty.specials_in_reserve:
        embed.add_field(
            name=f"Reserve ({len(view.reserve)})",
            value=clip(cards_text(view.reserve), EMBED_FIELD_VALUE) or "*empty*",
            inline=False,
        )
    rules = " · penalty draws on" if options.penalty_draws else ""
    embed.set_footer(text=f"Game {session.game_id} · move {session.move}{rules}")
    return Rendered(None, embed, None if over else _controls(session, view))


def flood_game_picture(session: SoloSession) -> Callable[[], Picture]:
    """The player's view of the game as it stands, to draw in a worker thread."""
    game = session.game
    assert isinstance(game, FloodGame)
    return partial(flood_picture, game.view())


def _prompt(view: FloodView) -> str:
    if view.phase is Phase.CALLING_SUIT:
        return "**Call a suit** for your wild card."
    if view.phase is Phase.BURYING:
        return f"**Penalty:** put {view.bury_left} more card(s) under the top card."
    if any(isinstance(a, Play) for a in view.legal):
        if view.can_draw and not view.obliged:
            return "**Play a card** from your reserve, or draw."
        return "**Play a card.**"
    return "Nothing can be played: **draw a card**."


def _controls(session: SoloSession, view: FloodView) -> discord.ui.View:
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
                (card_short(a.card) + (" (reserve)" if a.card in reserve else ""), str(a))
                for a in plays
            ],
            placeholder="Play a card…",
        )
    if buries:
        add_choices(
            controls,
            session,
            [(card_short(a.card), str(a)) for a in buries],
            placeholder="Put a card under the top card…",
            first=len(controls.children),
        )
    row = min(len(controls.children), 3)  # below the selects
    for action in calls:
        suit = action.suit
        controls.add_item(
            SoloButton(gid, move, str(action), label=suit.label, emoji=suit.symbol, row=row)
        )
    if view.can_draw:
        label = "Draw (penalty)" if view.obliged else "Draw"
        controls.add_item(SoloButton(gid, move, str(DRAW), label=label, row=row))
    controls.add_item(
        SoloButton(gid, move, HINT, label="Hint", style=discord.ButtonStyle.secondary, row=4)
    )
    controls.add_item(
        SoloButton(
            gid, move, "resign", label="Resign", style=discord.ButtonStyle.danger, row=4
        )
    )
    return controls


def hint_note(session: SoloSession) -> str:
    """The greedy player's move for the player's view, with its one line of why."""
    game = session.game
    assert isinstance(game, FloodGame)
    advice = GreedyPlayer().advise(game.view())
    return f"💡 Hint: {action_words(advice.action)}. {advice.reason}"


def action_words(action: Action) -> str:
    if isinstance(action, Play):
        return f"play the {action.card.label}"
    if isinstance(action, CallSuit):
        return f"call {action.suit.label.lower()}"
    if isinstance(action, Bury):
        return f"put the {action.card.label} under the top card"
    if isinstance(action, Draw):
        return "draw a card"
    return "resign"
