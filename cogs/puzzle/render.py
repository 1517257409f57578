"""Puzzles as Discord messages: the chain being built or the duel, and a control per card.

Cards are buttons while a hand has at most 20 different cards (four rows of five, the fifth row
keeps Undo, Restart and Give up); a bigger hand offers its playable cards in selects of 25.
A card that cannot be played now is shown greyed out, so the buttons also show the hand.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from datetime import date
from datetime import datetime
from functools import partial

import discord

from bot.games.puzzles import RESTART
from bot.games.puzzles import UNDO
from bot.games.puzzles import ChainPuzzle
from bot.games.puzzles import DuelGame
from bot.games.puzzles import PlayCard
from bot.games.puzzles.duel import BOT
from bot.games.puzzles.duel import PLAYER
from bot.games.puzzles.generate import COUNT_CAP
from bot.games.solver import Card
from bot.games.solver import solve_duel
from bot.games.solver.cards import card_text
from bot.games.solver.cards import colour_square
from bot.i18n.counts import puzzles_played
from bot.i18n.counts import puzzles_solved
from bot.i18n.text import Markup
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.images.puzzle import ANY_START
from bot.render.images.puzzle import EMPTY_CHAIN
from bot.render.images.puzzle import cards_left_name
from bot.render.images.puzzle import chain_name
from bot.render.images.puzzle import chain_picture
from bot.render.images.puzzle import duel_picture
from bot.render.images.uno import Picture
from bot.render.puzzle_text import chain_text
from bot.render.puzzle_text import copies_label
from bot.render.puzzle_text import count_values
from bot.render.puzzle_text import duel_history_lines
from bot.render.puzzle_text import duel_result_line
from bot.render.puzzle_text import hand_lines
from bot.sessions.records import PuzzleStats
from bot.sessions.solo import SoloPhase
from bot.sessions.solo import SoloSession
from cogs.limits import EMBED_DESCRIPTION
from cogs.limits import EMBED_FIELD_VALUE
from cogs.limits import EMBED_TITLE
from cogs.limits import clip
from cogs.replies import Rendered
from cogs.replies import controls_view
from cogs.solo.front import SoloButton
from cogs.solo.front import add_choices
from cogs.solo.front import resign_button

CARD_BUTTONS = 20
PER_ROW = 5
CONTROL_ROW = 4
PUZZLE_COLOUR = discord.Colour.purple()
DUEL_COLOUR = discord.Colour.dark_orange()
GIVE_UP = text("Give up")  # the puzzles' Resign


# ---------------------------------------------------------------------- the chain (daily, practice)


ENGLISH = Words("en")
IDLE_PUZZLE = text("⌛ This puzzle was left idle too long and was closed; it does not count.")
IDLE_DUEL = text("⌛ This duel was left idle too long and was closed.")
DUEL_RULES = text(
    "Open with any card; then each of you plays a card of your own that matches the card "
    "just played, by colour or number. Whoever cannot play on their turn loses, also with "
    "an empty hand: the last card played wins."
)
DUEL_RULES_AFTER_BOT = text(
    "The bot opened; now each of you in turn plays a card of your own that matches the card just "
    "played, by colour or number. Whoever cannot play on their turn loses, also with an empty hand: "
    "the last card played wins."
)


def heading(game: ChainPuzzle, words: Words = ENGLISH) -> str:
    if game.day is not None:
        return words(
            text(
                "Daily puzzle · {day} · {difficulty}",
                day=words.long_day(game.day),
                difficulty=difficulty_said(game),
            )
        )
    return words(
        counted(
            "Practice puzzle · {count} card · {difficulty}",
            "Practice puzzle · {count} cards · {difficulty}",
            count=len(game.hand),
            difficulty=difficulty_said(game),
        )
    )


_DIFFICULTIES = {
    "easy": text("easy"),
    "medium": text("medium"),
    "hard": text("hard"),
    "long": text("long"),  # a practice hand too big to count its chains
}


def difficulty_said(game: ChainPuzzle) -> Text | str:
    """The puzzle's difficulty in words: "medium"."""
    return _DIFFICULTIES.get(game.difficulty, game.difficulty)


def record_line(game: ChainPuzzle, record: object) -> Text | None:
    """What this result did to the player's puzzle record (once the store counted it)."""
    if not isinstance(record, PuzzleStats):
        return None
    if game.day is None:
        return text("Practice puzzles solved: **{count}**.", count=record.practice_solved)
    solved = counted("{count} daily puzzle solved", "{count} daily puzzles solved", count=record.solved)
    if game.won:
        return text(
            "🔥 Daily streak: **{streak}** (best {best}) · {solved}.",
            streak=record.current_streak,
            best=record.best_streak,
            solved=solved,
        )
    return text(
        "Daily streak: **{streak}** (best {best}) · {solved}.",
        streak=record.current_streak,
        best=record.best_streak,
        solved=solved,
    )


def chain_message(session: SoloSession, note: Text | str, words: Words) -> Rendered:
    game = session.game
    assert isinstance(game, ChainPuzzle)
    over = session.phase.is_over
    lines = [words(note)] if note else []
    if not game.chain and not over:
        lines.append(
            words(
                counted(
                    "Play the {count} card in one chain: each card must share its colour or "
                    "its number with the card before it. The first card is free.",
                    "Play all {count} cards in one chain: each card must share its colour or "
                    "its number with the card before it. The first card is free.",
                    count=len(game.hand),
                )
            )
        )
    lines += [words(line) for line in session.recent[-3:]]
    head = heading(game, words)
    title = words(text("🧩 {heading}", heading=head))
    if session.phase is SoloPhase.EXPIRED:
        title = words(text("🧩 Closed · {heading}", heading=head))
        lines.append(words(IDLE_PUZZLE))
    elif game.won:
        title = words(text("🧩 Solved! · {heading}", heading=head))
        lines.append(
            words(
                text(
                    "Solved with {plays}, {undos} and {restarts}.",
                    plays=counted("{count} card played", "{count} cards played", count=game.plays),
                    undos=counted("{count} undo", "{count} undos", count=game.undos),
                    restarts=counted("{count} restart", "{count} restarts", count=game.restarts),
                )
            )
        )
        lines.append(words(record_line(game, session.record) or ""))
    elif game.given_up:
        title = words(text("🧩 Given up · {heading}", heading=head))
        lines.append(words(text("A solution: {chain}", chain=chain_text(game.solution()))))
        lines.append(words(record_line(game, session.record) or ""))
    elif game.stuck and game.last is not None:
        lines.append(
            words(
                text(
                    "🚧 No card left can follow {card}: press **Undo** or **Restart**.",
                    card=card_text(game.last),
                )
            )
        )
    embed = discord.Embed(
        title=clip(title, EMBED_TITLE),
        description=clip("\n".join(line for line in lines if line), EMBED_DESCRIPTION),
        colour=PUZZLE_COLOUR,
    )
    embed.add_field(
        name=words(chain_name(len(game.chain), len(game.hand))),
        value=clip(chain_text(game.chain), EMBED_FIELD_VALUE) or words(EMPTY_CHAIN if over else ANY_START),
        inline=False,
    )
    if game.left:
        embed.add_field(
            name=words(cards_left_name(len(game.left))),
            value=clip("\n".join(hand_lines(game.left)), EMBED_FIELD_VALUE),
            inline=False,
        )
    # Counted when the hand was small enough to count its chains (`solutions` 0: not counted).
    fields = {"game": session.game_id, "move": session.move, "undos": game.undos, "restarts": game.restarts}
    footer = (
        counted(
            "Puzzle {game} · move {move} · undos {undos} · restarts {restarts} · {count} chain solves it",
            "Puzzle {game} · move {move} · undos {undos} · restarts {restarts} · {count} chains solve it",
            count=game.solutions,
            **fields,
        )
        if 0 < game.solutions < COUNT_CAP
        # The count stopped at the cap: there are at least that many.
        else text(
            "Puzzle {game} · move {move} · undos {undos} · restarts {restarts} · "
            "{count} or more chains solve it",
            count=game.solutions,
            **fields,
        )
        if game.solutions
        else text("Puzzle {game} · move {move} · undos {undos} · restarts {restarts}", **fields)
    )
    embed.set_footer(text=words(footer))
    return Rendered(None, embed, None if over else _chain_controls(session, game, words))


def chain_game_picture(session: SoloSession, words: Words) -> Callable[[], Picture]:
    """The chain and the cards left as they stand, to draw in a worker thread, in `words`."""
    game = session.game
    assert isinstance(game, ChainPuzzle)
    # A closed puzzle (given up, solved or left idle) has no card to play.
    playable = () if session.phase.is_over else game.playable_cards()
    return partial(chain_picture, heading(game, words), tuple(game.chain), game.left, playable, words)


def _chain_controls(session: SoloSession, game: ChainPuzzle, words: Words) -> discord.ui.View:
    controls = controls_view()
    add_card_controls(controls, session, game.left, game.playable_cards(), words)
    for action, label in ((UNDO, words(text("Undo"))), (RESTART, words(text("Restart")))):
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
    controls.add_item(give_up_button(session, words))
    return controls


def give_up_button(session: SoloSession, words: Words) -> SoloButton:
    return resign_button(session, words(GIVE_UP), row=CONTROL_ROW)


def add_card_controls(
    controls: discord.ui.View,
    session: SoloSession,
    hand: Iterable[Card],
    playable: Iterable[Card],
    words: Words,
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
            placeholder=words(text("Play a card…")),
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
    day: date,
    solved: bool,
    stats: PuzzleStats,
    solution: tuple[Card, ...],
    next_at: datetime,
    words: Words = ENGLISH,
) -> discord.Embed:
    """`/puzzle daily` once the day's result is in, in `words`."""
    record = text(
        "(best {best}) · {solved} of {played}.",
        best=stats.best_streak,
        solved=puzzles_solved(stats.solved),
        played=puzzles_played(stats.attempted),
    )
    if solved:
        lines = [
            words(
                text(
                    "✅ You already solved today's puzzle. 🔥 Daily streak: **{streak}** {record}",
                    streak=stats.current_streak,
                    record=record,
                )
            )
        ]
    else:
        lines = [
            words(
                text(
                    "🏳️ You gave up on today's puzzle. Daily streak: **{streak}** {record}",
                    streak=stats.current_streak,
                    record=record,
                )
            ),
            words(text("A solution: {chain}", chain=chain_text(solution))),
        ]
    lines.append(
        words(text("The next puzzle comes {when} (midnight UTC).", when=Markup.relative_time(next_at)))
    )
    return discord.Embed(
        title=clip(words(text("🧩 Daily puzzle · {day}", day=words.long_day(day))), EMBED_TITLE),
        description=clip("\n".join(lines), EMBED_DESCRIPTION),
        colour=PUZZLE_COLOUR,
    )


# ---------------------------------------------------------------------- the duel


def verdict_line(game: DuelGame) -> Text:
    """Said from the start: who can force a win from this deal (the bot plays perfectly); once
    the duel is over, who could have."""
    if game.is_over:
        if game.player_could_win:
            return text("🧠 From this deal **you could force a win**, even against perfect play.")
        return text("🧠 From this deal **the bot could force a win**, whatever you played.")
    if game.player_could_win:
        return text("🧠 From this deal **you can force a win**, even against perfect play. Find the line!")
    return text(
        "🧠 From this deal **the bot can force a win**, and it plays perfectly: see whether you can spot how."
    )


def duel_status(game: DuelGame) -> Text:
    if game.is_over:
        # No "!": the picture's description ends the status with a full stop ("You won!." before).
        return text("You won") if game.won else text("The bot won")
    return text("Your turn") if game.last is not None else text("Your turn: open with any card")


def duel_game_picture(session: SoloSession, words: Words) -> Callable[[], Picture]:
    """Both open hands and the card last played, to draw in a worker thread, in `words`."""
    game = session.game
    assert isinstance(game, DuelGame)
    return partial(
        duel_picture,
        game.hand(PLAYER),
        game.hand(BOT),
        game.last,
        game.legal_cards(PLAYER),
        duel_status(game),
        words,
    )


def duel_message(session: SoloSession, note: Text | str, words: Words) -> Rendered:
    game = session.game
    assert isinstance(game, DuelGame)
    over = session.phase.is_over
    lines = [words(note)] if note else []
    lines.append(words(verdict_line(game)))
    if not over and not game.played:
        lines.append(words(DUEL_RULES))
    elif not over and len(game.played) == 1 and game.starter == BOT:
        lines.append(words(DUEL_RULES_AFTER_BOT))  # the player's first move: the rules are news
    lines += [words(line) for line in duel_history_lines(game)]
    title = text("⚔️ Duel against the bot")
    if session.phase is SoloPhase.EXPIRED:
        title = text("⚔️ Duel: closed")
        lines.append(words(IDLE_DUEL))
    elif over:
        title = text("⚔️ Duel: you won!") if game.won else text("⚔️ Duel: the bot won")
        lines.append(words(duel_result_line(game) or ""))
        if not game.won and game.player_could_win and game.starter == PLAYER:
            openings = solve_duel(game.hands[PLAYER], game.hands[BOT]).winning_openings
            cards = " ".join(card_text(card) for card in openings)
            lines.append(words(text("Winning openings from the deal: {cards}.", cards=cards)))
    embed = discord.Embed(
        title=clip(words(title), EMBED_TITLE),
        description=clip("\n".join(line for line in lines if line), EMBED_DESCRIPTION),
        colour=DUEL_COLOUR,
    )
    last = game.last
    embed.add_field(
        name=words(text("Last card played")),
        value=card_text(last) if last else words(text("none yet: open with any card")),
        inline=False,
    )
    your_hand, bot_hand = game.hand(PLAYER), game.hand(BOT)
    for hand, name in (
        (your_hand, text("Your hand ({count})", count=len(your_hand))),
        (bot_hand, text("The bot's hand ({count})", count=len(bot_hand))),
    ):
        embed.add_field(
            name=words(name),
            value=clip("\n".join(hand_lines(hand)), EMBED_FIELD_VALUE) or words(text("no cards left")),
            inline=True,
        )
    embed.set_footer(text=words(text("Duel {game} · move {move}", game=session.game_id, move=session.move)))
    if over:
        return Rendered(None, embed, None)
    controls = controls_view()
    add_card_controls(controls, session, game.hand(PLAYER), game.legal_cards(PLAYER), words)
    controls.add_item(give_up_button(session, words))
    return Rendered(None, embed, controls)
