"""`/uno history` and `/uno replay`: finished games listed, and shown again move by move.

A replay's controls carry the game's id and the step shown (`unoreplay:<id>:<step>:<what>`);
each click asks the sessions for the replay again (recomputed from the store, kept warm in a
small cache), so an old replay message still answers after a restart.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any
from typing import Self

import discord

from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.ruleset import ruleset_title
from bot.i18n.text import AllOf
from bot.i18n.text import Lines
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import joined
from bot.i18n.text import labelled
from bot.i18n.text import symbols
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.uno_text import card_short
from bot.render.uno_text import colour_text
from bot.render.uno_text import describe_event
from bot.render.uno_text import hand_text
from bot.render.uno_text import told_end
from bot.sessions.history import FORMER_PLAYER
from bot.sessions.history import winners_of
from bot.sessions.records import FinishedGameSummary
from bot.sessions.records import GameReplay
from cogs.components import ButtonControl
from cogs.components import SelectControl
from cogs.limits import EMBED_DESCRIPTION
from cogs.limits import EMBED_FIELD_NAME
from cogs.limits import EMBED_FIELD_VALUE
from cogs.limits import EMBED_FOOTER
from cogs.limits import EMBED_TITLE
from cogs.limits import SELECT_OPTION_LABEL
from cogs.limits import clip
from cogs.limits import first_that_fits
from cogs.replies import Rendered
from cogs.replies import controls_view

Interaction = discord.Interaction[Any]
# Puts a Text into the reader's language: the asker's `Words` (cogs/language.private_words);
# `str`, the default, writes English.
Say = Callable[[Any], str]
ROUNDS_SHOWN = 25  # a select's options
STEP_LABELS: dict[str, Text] = {
    "first": text("⏮ First"),
    "prev": text("◀ Previous"),
    "next": text("Next ▶"),
    "last": text("Last ⏭"),
}
# The same labels in English, for the replays still written in English.
STEP_WORDS = {what: str(label) for what, label in STEP_LABELS.items()}


def history_message(games: tuple[FinishedGameSummary, ...], *, title: Text | str, say: Say = str) -> Rendered:
    """One line per finished game: its number, date, ruleset, players, winner and rounds; in the
    asker's language (`say`)."""
    if not games:
        return Rendered(say(text("No finished UNO game yet.")), None, None)
    lines: list[Text] = [_history_line(game) for game in games]
    lines.append(text("\nReplay one with `/uno replay game:<number>`."))
    embed = discord.Embed(
        title=clip(say(title), EMBED_TITLE), description=clip(say(Lines(tuple(lines))), EMBED_DESCRIPTION)
    )
    return Rendered(None, embed, None)


def _history_line(game: FinishedGameSummary) -> Text:
    names: list[Text | str] = [seat.display_name for seat in game.seats]
    gone = (game.seat_count or len(names)) - len(names)
    if gone > 0:
        names += [FORMER_PLAYER] * gone
    fields: dict[str, Any] = {
        "number": symbols("#{id}", id=str(game.game_id)),
        "date": game.finished_at.date(),
        "ruleset": ruleset_title(game.ruleset),
        "players": AllOf(tuple(names)),
        "winners": winners_of(game),
    }
    if game.rounds:
        line = counted(
            "**{number}** · {date} · {ruleset}, {count} round · {players} · won by **{winners}**",
            "**{number}** · {date} · {ruleset}, {count} rounds · {players} · won by **{winners}**",
            count=game.rounds,
            **fields,
        )
    else:
        line = text("**{number}** · {date} · {ruleset} · {players} · won by **{winners}**", **fields)
    return line if game.replayable else text("{line} (no replay)", line=line)


def recent_game_line(game: FinishedGameSummary, user_id: int, say: Say = str) -> str:
    """One of a player's recent games, for /stats: its number (to replay it), date and result."""
    seat = next((seat for seat in game.seats if seat.user_id == user_id), None)
    fields: dict[str, Any] = {
        "number": symbols("#{id}", id=str(game.game_id)),
        "date": game.finished_at.date(),
        "ruleset": ruleset_title(game.ruleset),
    }
    if seat is None:
        return say(symbols("**{number}** · {date} · {ruleset}", **fields))
    if seat.won:
        return say(
            counted(
                "**{number}** · {date} · {ruleset} · won with {count} point",
                "**{number}** · {date} · {ruleset} · won with {count} points",
                count=seat.points,
                **fields,
            )
        )
    return say(
        counted(
            "**{number}** · {date} · {ruleset} · lost with {count} point",
            "**{number}** · {date} · {ruleset} · lost with {count} points",
            count=seat.points,
            **fields,
        )
    )


def hand_heading(name: Text | str, points: int, *, to_play: bool) -> Text:
    """A seat's hand in a replay, headed by its player's name and score."""
    if to_play:
        return counted(
            "{name} · {count} point ◀ to play", "{name} · {count} points ◀ to play", count=points, name=name
        )
    return counted("{name} · {count} point", "{name} · {count} points", count=points, name=name)


def replay_message(shown: GameReplay, step: int, say: Say = str) -> Rendered:
    """The table after step `step` of the replay, every hand face up, with the controls; in the
    asker's language (`say`)."""
    replay = shown.replay
    frames = replay.frames
    step = max(0, min(step, len(frames) - 1))
    frame = frames[step]
    game_id = shown.summary.game_id
    names_then = [shown.names[start] for start in frame.seats_before]
    scoring = replay.ruleset.scoring
    team_game = replay.final.is_team_game
    end = told_end(replay.final.end_reason, frame.time_called)
    # One list for the whole step: a seat that leaves is taken out of it (describe_event), so the
    # events after its leaving (the game won by who is left) name the seats as renumbered.
    names = list(names_then)
    lines = [
        say(line)
        for event in frame.events
        if (line := describe_event(event, names, scoring=scoring, team_game=team_game, end=end))
    ]
    heading: Text
    if frame.step == 0:
        heading = text("The deal")
    elif frame.acted_by is None:
        heading = text("The table's time is up")
    else:
        # The lines below say in words what they did; the log's notation is not for players.
        heading = symbols("{name}", name=names_then[frame.acted_by])
    title = text(
        "Game #{id} · move {step} of {moves} · round {round}",
        id=str(game_id),
        step=step,
        moves=len(frames) - 1,
        round=frame.round_number,
    )
    embed = discord.Embed(
        title=clip(say(title), EMBED_TITLE),
        description=clip("\n".join([f"**{say(heading)}**", *lines]), EMBED_DESCRIPTION),
    )
    if frame.discard_top is not None:
        top: Text = card_short(frame.discard_top)
        if frame.colour is not None:
            top = symbols("{card} ({colour})", card=top, colour=colour_text(frame.colour))
        embed.add_field(name=say(text("Discard")), value=say(top), inline=False)
    for seat, start in enumerate(frame.seats):
        hand = frame.hands[seat]
        heading_of_hand = hand_heading(shown.names[start], frame.scores[seat], to_play=frame.current == seat)
        embed.add_field(
            name=clip(say(heading_of_hand), EMBED_FIELD_NAME),
            value=clip(_held(hand, say), EMBED_FIELD_VALUE),
            inline=False,
        )
    if frame.over:
        # A footer shows no Markdown: the names in it go in without the escapes Markdown needs.
        plain = say.plain if isinstance(say, Words) else say
        embed.set_footer(text=clip(plain(_final_text(shown)), EMBED_FOOTER))
    return Rendered(None, embed, _controls(shown, step, say))


def _held(hand: Sequence[AnyCard], say: Say) -> str:
    """A seat's hand in its field: card by card, or each face once with its count when the hand
    is too long for a field (a twist hand of hundreds of cards): never cut short."""
    if not hand:
        return say(text("no cards"))

    def held(tallied: bool) -> str:
        cards = hand_text(hand, tallied=tallied)
        return say(counted("{count} card: {hand}", "{count} cards: {hand}", count=len(hand), hand=cards))

    return first_that_fits(map(held, (False, True)), EMBED_FIELD_VALUE)


def _final_text(shown: GameReplay) -> Text:
    """The recorded result, which the replay ends on."""
    parts: list[Text] = []
    for start, name in enumerate(shown.names):
        points = shown.recorded_points[start]
        fields = {"name": name, "points": points if points is not None else "?"}
        if shown.recorded_won[start]:
            parts.append(text("{name}: {points} (won)", **fields))
        else:
            parts.append(labelled(name, fields["points"]))
    return text("Final scores: {scores}", scores=joined(parts))


def _controls(shown: GameReplay, step: int, say: Say = str) -> discord.ui.View:
    view = controls_view()
    game_id = shown.summary.game_id
    last = len(shown.replay.frames) - 1
    targets = {"first": 0, "prev": step - 1, "next": step + 1, "last": last}
    for what, target in targets.items():
        button = ReplayButton(game_id, step, what, say(STEP_LABELS[what]))
        button.item.disabled = not 0 <= target <= last or target == step
        view.add_item(button)
    rounds = shown.replay.rounds
    if len(rounds) > 1:
        # Around the round shown when there are more rounds than a select holds.
        current = max((n for n, first in enumerate(rounds) if first <= step), default=0)
        start = max(0, min(current - ROUNDS_SHOWN // 2, len(rounds) - ROUNDS_SHOWN))
        options = [
            discord.SelectOption(
                label=clip(say(text("Round {number}", number=n + 1)), SELECT_OPTION_LABEL),
                value=str(first),
                default=n == current,
            )
            for n, first in list(enumerate(rounds))[start : start + ROUNDS_SHOWN]
        ]
        view.add_item(ReplayRoundSelect(game_id, step, options, say(text("Jump to a round"))))
    return view


def step_after(what: str, step: int, last: int) -> int:
    return {"first": 0, "prev": step - 1, "next": step + 1, "last": last}.get(what, step)


async def _show(interaction: Interaction, game_id: int, step: int, what: str) -> None:
    from cogs.uno.components import uno_cog

    await uno_cog(interaction).on_replay(interaction, game_id, step, what)


class ReplayButton(
    ButtonControl,
    template=r"unoreplay:(?P<gid>\d{1,18}):(?P<step>\d{1,6}):(?P<what>first|prev|next|last)",
):
    def __init__(self, game_id: int, step: int, what: str, label: str = "") -> None:
        super().__init__(f"unoreplay:{game_id}:{step}:{what}", label=label or STEP_WORDS[what])
        self.game_id, self.step, self.what = game_id, step, what

    @classmethod
    def rebuilt(cls, match: re.Match[str], button: discord.ui.Button[Any]) -> Self:
        return cls(int(match["gid"]), int(match["step"]), match["what"], button.label or "")

    async def callback(self, interaction: Interaction) -> None:
        await _show(interaction, self.game_id, self.step, self.what)


class ReplayRoundSelect(
    SelectControl,
    template=r"unoreplayround:(?P<gid>\d{1,18}):(?P<step>\d{1,6})",
):
    def __init__(
        self, game_id: int, step: int, options: list[discord.SelectOption], placeholder: str | None = None
    ) -> None:
        super().__init__(f"unoreplayround:{game_id}:{step}", options, placeholder=placeholder)
        self.game_id, self.step = game_id, step

    @classmethod
    def rebuilt(cls, match: re.Match[str], select: discord.ui.Select[Any]) -> Self:
        return cls(int(match["gid"]), int(match["step"]), select.options, select.placeholder)

    async def callback(self, interaction: Interaction) -> None:
        await _show(interaction, self.game_id, int(self.item.values[0]), "jump")


REPLAY_ITEMS = (ReplayButton, ReplayRoundSelect)
