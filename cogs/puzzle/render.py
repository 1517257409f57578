"""Puzzles as Discord messages: the chain being built or the duel, and a control per card.

Cards are buttons while a hand has at most 20 different cards (four rows of five, the fifth row
keeps Undo, Restart and Give up); a bigger hand offers its playable cards in selects of 25.
A card that cannot be played now is shown greyed out, so the buttons also show the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from functools import partial

import discord

from bot.games.puzzles import GIVE_UP, RESTART, UNDO, ChainPuzzle, DuelGame, PlayCard
from bot.games.puzzles.duel import BOT, PLAYER
from bot.games.solver import Card, solve_duel
from bot.games.solver.cards import format_hand
from bot.i18n.text import Text
from bot.i18n.words import Words
from bot.render.images.puzzle import chain_picture, duel_picture
from bot.render.images.uno import Picture
from bot.render.puzzle_text import (
    card_text,
    chain_text,
    colour_square,
    copies_label,
    count_values,
    day_text,
    duel_history_lines,
    duel_result_line,
    hand_lines,
)
from bot.sessions.records import PuzzleStats
from bot.sessions.solo import SoloPhase, SoloSession
from cogs.limits import EMBED_DESCRIPTION, EMBED_FIELD_VALUE, EMBED_TITLE, clip
from cogs.replies import Rendered, controls_view
from cogs.solo.front import SoloButton, add_choices

CARD_BUTTONS = 20
PER_ROW = 5
CONTROL_ROW = 4
PUZZLE_COLOUR = discord.Colour.purple()
DUEL_COLOUR = discord.Colour.dark_orange()


# ---------------------------------------------------------------------- the chain (daily, practice)


def heading(game: ChainPuzzle) -> str:
    if game.day is not None:
        return f"Daily puzzle · {day_text(game.day)} · {game.difficulty}"
    return f"Practice puzzle · {len(game.hand)} cards · {game.difficulty}"


def record_line(game: ChainPuzzle, record: object) -> str:
    """What this result did to the player's puzzle record (once the store counted it)."""
    if not isinstance(record, PuzzleStats):
        return ""
    if game.day is None:
        return f"Practice puzzles solved: **{record.practice_solved}**."
    streak = f"Daily streak: **{record.current_streak}** (best {record.best_streak})"
    solved = f"{record.solved} daily puzzle{'s' if record.solved != 1 else ''} solved"
    return f"{'🔥 ' if game.won else ''}{streak} · {solved}."


def chain_message(session: SoloSession, note: Text | str, words: Words) -> Rendered:
    game = session.game
    assert isinstance(game, ChainPuzzle)
    over = session.phase.is_over
    lines = [words(note)] if note else []
    if not game.chain and not over:
        lines.append(
            f"Play all {len(game.hand)} cards in one chain: each card must share its colour or "
            "its number with the card before it. The first card is free."
        )
    lines += session.recent[-3:]
    title = f"🧩 {heading(game)}"
    if session.phase is SoloPhase.EXPIRED:
        title = f"🧩 Closed · {heading(game)}"
        lines.append("⌛ This puzzle was left idle too long and was closed; it does not count.")
    elif game.won:
        title = f"🧩 Solved! · {heading(game)}"
        lines.append(
            f"Solved with {game.plays} cards played, {game.undos} undo"
            f"{'s' if game.undos != 1 else ''} and {game.restarts} restart"
            f"{'s' if game.restarts != 1 else ''}."
        )
        lines.append(record_line(game, session.record))
    elif game.given_up:
        title = f"🧩 Given up · {heading(game)}"
        lines.append(f"A solution: {chain_text(game.solution())}")
        lines.append(record_line(game, session.record))
    elif game.stuck and game.last is not None:
        lines.append(f"🚧 No card left can follow {card_text(game.last)}: press **Undo** or **Restart**.")
    embed = discord.Embed(
        title=clip(title, EMBED_TITLE),
        description=clip("\n".join(line for line in lines if line), EMBED_DESCRIPTION),
        colour=PUZZLE_COLOUR,
    )
    embed.add_field(
        name=f"Chain ({len(game.chain)} of {len(game.hand)})",
        value=clip(chain_text(game.chain), EMBED_FIELD_VALUE) or "empty: any card may start",
        inline=False,
    )
    if game.left:
        embed.add_field(
            name=f"Cards left ({len(game.left)})",
            value=clip("\n".join(hand_lines(game.left)), EMBED_FIELD_VALUE),
            inline=False,
        )
    counted = f" · {game.solutions} chains solve it" if game.solutions else ""
    embed.set_footer(
        text=f"Puzzle {session.game_id} · move {session.move} · undos {game.undos} · "
        f"restarts {game.restarts}{counted}"
    )
    return Rendered(None, embed, None if over else _chain_controls(session, game))


def chain_game_picture(session: SoloSession) -> Callable[[], Picture]:
    """The chain and the cards left as they stand, to draw in a worker thread."""
    game = session.game
    assert isinstance(game, ChainPuzzle)
    return partial(chain_picture, heading(game), tuple(game.chain), game.left, game.playable_cards())


def _chain_controls(session: SoloSession, game: ChainPuzzle) -> discord.ui.View:
    controls = controls_view()
    add_card_controls(controls, session, game.left, game.playable_cards())
    for action, label in ((UNDO, "Undo"), (RESTART, "Restart")):
        button = SoloButton(
            session.game_id,
            session.move,
            str(action),
            label=label,
            row=CONTROL_ROW,
            style=discord.ButtonStyle.secondary,
        )
        button.item.disabled = not game.chain
        controls.add_item(button)
    controls.add_item(give_up_button(session))
    return controls


def give_up_button(session: SoloSession) -> SoloButton:
    return SoloButton(
        session.game_id,
        session.move,
        str(GIVE_UP),
        label="Give up",
        row=CONTROL_ROW,
        style=discord.ButtonStyle.danger,
    )


def add_card_controls(
    controls: discord.ui.View, session: SoloSession, hand: Iterable[Card], playable: Iterable[Card]
) -> None:
    """A button per different card of `hand` (greyed out unless playable), or, for a hand too
    varied for four rows of buttons, selects of the playable cards."""
    values = count_values(hand)
    can_play = set(playable)
    if len(values) > CARD_BUTTONS:
        add_choices(
            controls,
            session,
            [
                (f"{colour_square(card.colour)} {copies_label(card, copies)}", str(PlayCard(card)))
                for card, copies in values
                if card in can_play
            ],
            placeholder="Play a card…",
        )
        return
    for index, (card, copies) in enumerate(values):
        button = SoloButton(
            session.game_id,
            session.move,
            str(PlayCard(card)),
            label=copies_label(card, copies),
            emoji=colour_square(card.colour),
            row=index // PER_ROW,
            style=discord.ButtonStyle.primary if card in can_play else discord.ButtonStyle.secondary,
        )
        button.item.disabled = card not in can_play
        controls.add_item(button)


def daily_done_message(
    day: date, solved: bool, stats: PuzzleStats, solution: tuple[Card, ...], next_at: int
) -> discord.Embed:
    """`/puzzle daily` once the day's result is in."""
    if solved:
        lines = [f"✅ You already solved today's puzzle. 🔥 Daily streak: **{stats.current_streak}**"]
    else:
        lines = [
            f"🏳️ You gave up on today's puzzle. Daily streak: **{stats.current_streak}**",
            f"A solution: {chain_text(solution)}",
        ]
    lines[0] += f" (best {stats.best_streak}) · {stats.solved} solved of {stats.attempted} played."
    lines.append(f"The next puzzle comes <t:{next_at}:R> (midnight UTC).")
    return discord.Embed(
        title=f"🧩 Daily puzzle · {day_text(day)}",
        description=clip("\n".join(lines), EMBED_DESCRIPTION),
        colour=PUZZLE_COLOUR,
    )


# ---------------------------------------------------------------------- the duel


def verdict_line(game: DuelGame) -> str:
    """Said from the start: who can force a win from this deal (the bot plays perfectly)."""
    if game.player_could_win:
        return "🧠 From this deal **you can force a win**, even against perfect play. Find the line!"
    return (
        "🧠 From this deal **the bot can force a win**, and it plays perfectly: see whether you can spot how."
    )


def duel_status(game: DuelGame) -> str:
    if game.is_over:
        return "You won!" if game.won else "The bot won"
    return "Your turn" if game.last is not None else "Your turn: open with any card"


def duel_game_picture(session: SoloSession) -> Callable[[], Picture]:
    """Both open hands and the card last played, to draw in a worker thread."""
    game = session.game
    assert isinstance(game, DuelGame)
    return partial(
        duel_picture,
        game.hand(PLAYER),
        game.hand(BOT),
        game.last,
        game.legal_cards(PLAYER),
        duel_status(game),
    )


def duel_message(session: SoloSession, note: Text | str, words: Words) -> Rendered:
    game = session.game
    assert isinstance(game, DuelGame)
    over = session.phase.is_over
    lines = [words(note)] if note else []
    lines.append(verdict_line(game))
    if not game.played and not over:
        lines.append(
            "Open with any card; then each of you plays a card of your own that matches the card "
            "just played, by colour or number. Whoever cannot play on their turn loses, also with "
            "an empty hand: the last card played wins."
        )
    lines += duel_history_lines(game)
    title = "⚔️ Duel against the bot"
    if session.phase is SoloPhase.EXPIRED:
        title = "⚔️ Duel: closed"
        lines.append("⌛ This duel was left idle too long and was closed.")
    elif over:
        title = "⚔️ Duel: you won!" if game.won else "⚔️ Duel: the bot won"
        lines.append(duel_result_line(game))
        if not game.won and game.player_could_win and game.starter == PLAYER:
            openings = solve_duel(game.hands[PLAYER], game.hands[BOT]).winning_openings
            lines.append(f"Winning openings from the deal: {format_hand(openings)}.")
    embed = discord.Embed(
        title=clip(title, EMBED_TITLE),
        description=clip("\n".join(line for line in lines if line), EMBED_DESCRIPTION),
        colour=DUEL_COLOUR,
    )
    last = game.last
    embed.add_field(
        name="Last card played",
        value=card_text(last) if last else "none yet: open with any card",
        inline=False,
    )
    for seat, name in ((PLAYER, "Your hand"), (BOT, "The bot's hand")):
        hand = game.hand(seat)
        embed.add_field(
            name=f"{name} ({len(hand)})",
            value=clip("\n".join(hand_lines(hand)), EMBED_FIELD_VALUE) or "empty",
            inline=True,
        )
    embed.set_footer(text=f"Duel {session.game_id} · move {session.move}")
    if over:
        return Rendered(None, embed, None)
    controls = controls_view()
    add_card_controls(controls, session, game.hand(PLAYER), game.legal_cards(PLAYER))
    controls.add_item(give_up_button(session))
    return Rendered(None, embed, controls)
