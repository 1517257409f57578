"""`/flood replay` and `/solitaire replay`: a player's finished solo game shown again, move by
move, privately, in the game's own look.

Each step is dealt and played again from the stored seed and log (never kept as text); the
controls carry the kind, the game's number and the step shown
(`soloreplay:<kind>:<id>:<step>:<what>`), so an old replay still answers after a restart.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING
from typing import Any
from typing import Self

import discord

from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import symbols
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.sessions.records import FinishedGameSummary
from bot.sessions.records import SoloReplay
from bot.sessions.solo import SessionError
from bot.sessions.solo import SoloKind
from bot.sessions.solo_history import jump_points
from bot.sessions.solo_history import the_deal
from cogs.components import ButtonControl
from cogs.components import SelectControl
from cogs.language import private_words
from cogs.limits import EMBED_FIELD_VALUE
from cogs.limits import SELECT_OPTION_DESCRIPTION
from cogs.limits import SELECT_OPTION_LABEL
from cogs.limits import clip
from cogs.replies import Rendered
from cogs.replies import controls_view
from cogs.replies import keep_the_move
from cogs.replies import say
from cogs.replies import send
from cogs.uno.history import STEP_LABELS
from cogs.uno.history import step_after

if TYPE_CHECKING:
    from cogs.solo.front import SoloFront

Interaction = discord.Interaction[Any]
KIND = r"(?P<kind>[a-z]{1,16})"
GAME = r"(?P<gid>\d{1,18})"
STEP = r"(?P<step>\d{1,6})"
RECENT = 5
PICKABLE = 25  # a select's options
JUMPS = 25
Label = Callable[[str], Text | str]


def result_text(game: FinishedGameSummary) -> Text | str:
    seat = game.seats[0] if game.seats else None
    if seat is None:
        return ""
    if seat.won:
        return counted("won in {count} move", "won in {count} moves", count=seat.points)
    return counted("lost in {count} move", "lost in {count} moves", count=seat.points)


def recent_line(game: FinishedGameSummary, label: Label) -> Text:
    """One of a player's finished solo games: its number (to replay it), date, variant, result."""
    return Text(
        "**#{id}** · {date} · {variant} · {result}",
        (
            ("id", str(game.game_id)),
            ("date", game.finished_at.date()),
            ("variant", label(game.ruleset)),
            ("result", result_text(game)),
        ),
    )


def picked_line(game: FinishedGameSummary, label: Label) -> Text:
    """A finished game as the replay picker lists it: its number, date (the reader's way, as in
    the stats) and variant."""
    return symbols(
        "#{id} · {date} · {variant}",
        id=str(game.game_id),
        date=game.finished_at.date(),
        variant=label(game.ruleset),
    )


async def add_recent_games(
    front: SoloFront, embed: discord.Embed, user_id: int, label: Label, words: Words | None = None
) -> None:
    """The player's last finished games, under their own stats, with how to replay one."""
    words = words or Words("en")
    games = await front.bot.records.solo_history.player_games(user_id, front.kind.name, limit=RECENT)
    if games:
        embed.add_field(
            name=words(
                text(
                    "Recent games (`{command}`)",
                    command=f"/{front.kind.name} replay game:<number>",  # not shown to players as words
                )
            ),
            value=clip("\n".join(words(recent_line(game, label)) for game in games), EMBED_FIELD_VALUE),
            inline=False,
        )


async def show_replay(front: SoloFront, interaction: Interaction, game_id: int | None, label: Label) -> None:
    """`/<game> replay`: the game asked for from its deal, or a pick of the player's recent ones."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    words = private_words(interaction)
    if game_id is None:
        games = await front.bot.records.solo_history.player_games(
            interaction.user.id, front.kind.name, limit=PICKABLE
        )
        if not games:
            await say(
                interaction, words(text("You have no finished {game} game yet.", game=front.kind.title))
            )
            return
        view = controls_view()
        view.add_item(ReplayPickSelect(front.kind.name, games, label, words=words))
        await interaction.followup.send(
            words(text("Which game do you want to watch again?")), view=view, ephemeral=True
        )
        return
    shown = await _replay_or_say(front, interaction, game_id, the_deal)
    if shown is not None:
        await send(interaction, await replay_message(front, shown, interaction))


async def _replay_or_say(
    front: SoloFront, interaction: Interaction, game_id: int, step: Callable[[int], int]
) -> SoloReplay | None:
    """The asker's finished game `game_id` at the step `step` picks from the last one; None once
    they were told why not."""
    try:
        return await front.bot.records.solo_history.game_replay(
            front.kind, game_id, user_id=interaction.user.id, step=step
        )
    except SessionError as refusal:
        await say(interaction, private_words(interaction)(refusal.said))
        return None


async def replay_message(front: SoloFront, shown: SoloReplay, interaction: Interaction) -> Rendered:
    """The step asked for as the game itself looks (its picture too, when the viewer has
    pictures on), with the replay's controls in place of its own."""
    at = shown.step
    words = private_words(interaction)
    game = str(shown.summary.game_id)  # a number as it is written, never grouped
    if at.action:
        # What the move did is in the game's own recent lines, in words; the log's notation
        # (`draw`, `play R5`) is not for players.
        heading = text(
            "📼 Replay of game #{game} · move {move} of {last}", game=game, move=at.step, last=shown.last
        )
    else:
        heading = text(
            "📼 Replay of game #{game} · move {move} of {last} · the deal",
            game=game,
            move=at.step,
            last=shown.last,
        )
    rendered = await front.message(
        shown.shown_as(front.kind, at), heading, words=words, viewer=interaction.user.id
    )
    if rendered.embed is not None:  # the game's own footer would name a running game
        rendered.embed.set_footer(text=words(text("Replay of game #{game} · only you see it", game=game)))
    return replace(rendered, view=_controls(front.kind, shown, at.step, words))


def _moves_said(kind: SoloKind, shown: SoloReplay, steps: Sequence[int], words: Words) -> dict[int, str]:
    """Each move of `steps` as the game's own first line about it ("You played 🟥 5."): the
    log's notation (`play 5H`, `f 1.3`) is not for players."""
    said = {}
    for step, events in shown.events_of(step for step in steps if step).items():
        lines = kind.describe(list(events))
        if lines:
            said[step] = clip(words.plain(lines[0]), SELECT_OPTION_DESCRIPTION)
    return said


def _controls(kind: SoloKind, shown: SoloReplay, step: int, words: Words) -> discord.ui.View:
    view = controls_view()
    game_id, last = shown.summary.game_id, shown.last
    for what, label in STEP_LABELS.items():
        target = step_after(what, step, last)
        button = ReplayStepButton(kind.name, game_id, step, what, words(label))
        button.item.disabled = not 0 <= target <= last or target == step
        view.add_item(button)
    if last > 1:
        steps = jump_points(last, JUMPS)
        moves = _moves_said(kind, shown, steps, words)
        options = [
            discord.SelectOption(
                label=words(text("Move {move}", move=n) if n else text("The deal")),
                description=moves.get(n),
                value=str(n),
                default=n == step,
            )
            for n in steps
        ]
        view.add_item(ReplayJumpSelect(kind.name, game_id, step, options, words(text("Jump to a move"))))
    return view


async def on_replay(interaction: Interaction, kind: str, game_id: int, step: int, what: str) -> None:
    """A replay's control: the same private message shows another step (acknowledged before
    the store is asked: it may take longer than Discord's 3 seconds)."""
    from cogs.solo.front import SoloFront

    await interaction.response.defer()
    solo_kind = interaction.client.solo.kinds.get(kind)
    front = solo_kind.presenter if solo_kind is not None else None
    if not isinstance(front, SoloFront):
        await say(interaction, private_words(interaction)(text("This replay can no longer be shown.")))
        return
    shown = await _replay_or_say(front, interaction, game_id, lambda last: step_after(what, step, last))
    if shown is None:
        return

    async def show(rendered: Rendered) -> None:
        await interaction.edit_original_response(**rendered.edit_kwargs())

    await keep_the_move(show, await replay_message(front, shown, interaction))


class ReplayStepButton(
    ButtonControl,
    template=rf"soloreplay:{KIND}:{GAME}:{STEP}:(?P<what>first|prev|next|last)",
):
    def __init__(self, kind: str, game_id: int, step: int, what: str, label: str = "") -> None:
        super().__init__(f"soloreplay:{kind}:{game_id}:{step}:{what}", label=label or str(STEP_LABELS[what]))
        self.kind, self.game_id, self.step, self.what = kind, game_id, step, what

    @classmethod
    def rebuilt(cls, match: re.Match[str], button: discord.ui.Button[Any]) -> Self:
        return cls(match["kind"], int(match["gid"]), int(match["step"]), match["what"])

    async def callback(self, interaction: Interaction) -> None:
        await on_replay(interaction, self.kind, self.game_id, self.step, self.what)


class ReplayJumpSelect(
    SelectControl,
    template=rf"soloreplayjump:{KIND}:{GAME}:{STEP}",
):
    def __init__(
        self, kind: str, game_id: int, step: int, options: list[discord.SelectOption], placeholder: str = ""
    ) -> None:
        super().__init__(f"soloreplayjump:{kind}:{game_id}:{step}", options, placeholder=placeholder or None)
        self.kind, self.game_id, self.step = kind, game_id, step

    @classmethod
    def rebuilt(cls, match: re.Match[str], select: discord.ui.Select[Any]) -> Self:
        return cls(match["kind"], int(match["gid"]), int(match["step"]), select.options)

    async def callback(self, interaction: Interaction) -> None:
        await on_replay(interaction, self.kind, self.game_id, int(self.item.values[0]), "jump")


class ReplayPickSelect(SelectControl, template=rf"soloreplaypick:{KIND}"):
    """One of the player's recent games to watch again (each option's value is its number)."""

    def __init__(
        self,
        kind: str,
        games: tuple[FinishedGameSummary, ...] = (),
        label: Label = str,
        *,
        options: list[discord.SelectOption] | None = None,
        words: Words | None = None,
    ) -> None:
        words = words or Words("en")
        if options is None:
            options = [
                discord.SelectOption(
                    label=clip(words(picked_line(game, label)), SELECT_OPTION_LABEL),
                    description=words(result_text(game)) or None,
                    value=str(game.game_id),
                )
                for game in games
            ]
        super().__init__(f"soloreplaypick:{kind}", options, placeholder=words(text("Pick a game")))
        self.kind = kind

    @classmethod
    def rebuilt(cls, match: re.Match[str], select: discord.ui.Select[Any]) -> Self:
        return cls(match["kind"], options=select.options)

    async def callback(self, interaction: Interaction) -> None:
        await on_replay(interaction, self.kind, int(self.item.values[0]), 0, "first")


REPLAY_ITEMS = (ReplayStepButton, ReplayJumpSelect, ReplayPickSelect)
