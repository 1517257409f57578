"""`/uno history` and `/uno replay`: finished games listed, and shown again move by move.

A replay's controls carry the game's id and the step shown (`unoreplay:<id>:<step>:<what>`);
each click asks the sessions for the replay again (recomputed from the store, kept warm in a
small cache), so an old replay message still answers after a restart.
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from bot.render.uno_text import card_short, colour_text, describe_event, hand_text
from bot.sessions.records import FinishedGameSummary, GameReplay
from cogs.limits import EMBED_DESCRIPTION, EMBED_FIELD_VALUE, EMBED_TITLE, clip
from cogs.replies import Rendered, controls_view

Interaction = discord.Interaction[Any]
FORMER_PLAYER = "a former player"
ROUNDS_SHOWN = 25  # a select's options
STEP_WORDS = {"first": "⏮ First", "prev": "◀ Previous", "next": "Next ▶", "last": "Last ⏭"}


def history_message(games: tuple[FinishedGameSummary, ...], *, title: str) -> Rendered:
    """One line per finished game: its number, date, ruleset, players, winner and rounds."""
    if not games:
        return Rendered("No finished UNO game yet.", None, None)
    lines = [_history_line(game) for game in games]
    lines.append("\nReplay one with `/uno replay game:<number>`.")
    embed = discord.Embed(
        title=clip(title, EMBED_TITLE), description=clip("\n".join(lines), EMBED_DESCRIPTION)
    )
    return Rendered(None, embed, None)


def _history_line(game: FinishedGameSummary) -> str:
    names = [seat.display_name for seat in game.seats]
    gone = (game.seat_count or len(names)) - len(names)
    if gone > 0:
        names += [FORMER_PLAYER] * gone
    winners = ", ".join(seat.display_name for seat in game.winners) or FORMER_PLAYER
    rounds = f", {game.rounds} round{'s' if game.rounds != 1 else ''}" if game.rounds else ""
    replay = "" if game.replayable else " (no replay)"
    return (
        f"**#{game.game_id}** · {game.finished_at:%Y-%m-%d} · {game.ruleset}{rounds} · "
        f"{', '.join(names)} · won by **{winners}**{replay}"
    )


def recent_game_line(game: FinishedGameSummary, user_id: int) -> str:
    """One of a player's recent games, for /stats: its number (to replay it), date and result."""
    seat = next((seat for seat in game.seats if seat.user_id == user_id), None)
    result = "" if seat is None else f" · {'won' if seat.won else 'lost'} with {seat.points} points"
    return f"**#{game.game_id}** · {game.finished_at:%Y-%m-%d} · {game.ruleset}{result}"


def replay_message(shown: GameReplay, step: int) -> Rendered:
    """The table after step `step` of the replay, every hand face up, with the controls."""
    replay = shown.replay
    frames = replay.frames
    step = max(0, min(step, len(frames) - 1))
    frame = frames[step]
    game_id = shown.summary.game_id
    names_then = [shown.names[start] for start in frame.seats_before]
    scoring = replay.ruleset.scoring
    team_game = replay.final.is_team_game
    lines = [
        str(line)
        for event in frame.events
        if (
            line := describe_event(
                event, list(names_then), scoring=scoring, team_game=team_game, on_time=frame.time_called
            )
        )
    ]
    if frame.step == 0:
        heading = "The deal"
    elif frame.acted_by is None:
        heading = "The table's time is up"
    else:
        heading = f"{names_then[frame.acted_by]}: {frame.action}"
    title = f"Game #{game_id} · move {step} of {len(frames) - 1} · round {frame.round_number}"
    embed = discord.Embed(
        title=clip(title, EMBED_TITLE),
        description=clip("\n".join([f"**{heading}**", *lines]), EMBED_DESCRIPTION),
    )
    if frame.discard_top is not None:
        colour = f" ({colour_text(frame.colour)})" if frame.colour is not None else ""
        embed.add_field(name="Discard", value=f"{card_short(frame.discard_top)}{colour}", inline=False)
    for seat, start in enumerate(frame.seats):
        turn = " ◀ to play" if frame.current == seat else ""
        hand = frame.hands[seat]
        embed.add_field(
            name=clip(f"{shown.names[start]} · {frame.scores[seat]} points{turn}", 256),
            value=clip(f"{len(hand)} cards: {hand_text(hand)}" if hand else "no cards", EMBED_FIELD_VALUE),
            inline=False,
        )
    if frame.over:
        embed.set_footer(text=_final_text(shown))
    return Rendered(None, embed, _controls(shown, step))


def _final_text(shown: GameReplay) -> str:
    """The recorded result, which the replay ends on."""
    parts = []
    for start, name in enumerate(shown.names):
        points = shown.recorded_points[start]
        won = " (won)" if shown.recorded_won[start] else ""
        parts.append(f"{name}: {points if points is not None else '?'}{won}")
    return "Final scores: " + ", ".join(parts)


def _controls(shown: GameReplay, step: int) -> discord.ui.View:
    view = controls_view()
    game_id = shown.summary.game_id
    last = len(shown.replay.frames) - 1
    targets = {"first": 0, "prev": step - 1, "next": step + 1, "last": last}
    for what, target in targets.items():
        button = ReplayButton(game_id, step, what)
        button.item.disabled = not 0 <= target <= last or target == step
        view.add_item(button)
    rounds = shown.replay.rounds
    if len(rounds) > 1:
        # Around the round shown when there are more rounds than a select holds.
        current = max((n for n, first in enumerate(rounds) if first <= step), default=0)
        start = max(0, min(current - ROUNDS_SHOWN // 2, len(rounds) - ROUNDS_SHOWN))
        options = [
            discord.SelectOption(label=f"Round {n + 1}", value=str(first), default=n == current)
            for n, first in list(enumerate(rounds))[start : start + ROUNDS_SHOWN]
        ]
        view.add_item(ReplayRoundSelect(game_id, step, options))
    return view


def step_after(what: str, step: int, last: int) -> int:
    return {"first": 0, "prev": step - 1, "next": step + 1, "last": last}.get(what, step)


async def _show(interaction: Interaction, game_id: int, step: int, what: str) -> None:
    from cogs.uno.components import uno_cog

    await uno_cog(interaction).on_replay(interaction, game_id, step, what)


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"unoreplay:(?P<gid>\d{1,18}):(?P<step>\d{1,6}):(?P<what>first|prev|next|last)",
):
    def __init__(self, game_id: int, step: int, what: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=STEP_WORDS[what],
                style=discord.ButtonStyle.secondary,
                custom_id=f"unoreplay:{game_id}:{step}:{what}",
            )
        )
        self.game_id, self.step, self.what = game_id, step, what

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["gid"]), int(match["step"]), match["what"])

    async def callback(self, interaction: Interaction) -> None:
        await _show(interaction, self.game_id, self.step, self.what)


class ReplayRoundSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"unoreplayround:(?P<gid>\d{1,18}):(?P<step>\d{1,6})",
):
    def __init__(self, game_id: int, step: int, options: list[discord.SelectOption]) -> None:
        super().__init__(
            discord.ui.Select(
                placeholder="Jump to a round",
                options=options,
                custom_id=f"unoreplayround:{game_id}:{step}",
            )
        )
        self.game_id, self.step = game_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, discord.ui.Select)
        return cls(int(match["gid"]), int(match["step"]), item.options)

    async def callback(self, interaction: Interaction) -> None:
        await _show(interaction, self.game_id, int(self.item.values[0]), "jump")


REPLAY_ITEMS = (ReplayButton, ReplayRoundSelect)
