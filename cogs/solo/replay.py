"""`/flood replay` and `/solitaire replay`: a player's finished solo game shown again, move by
move, privately, in the game's own look.

Each step is dealt and played again from the stored seed and log (never kept as text); the
controls carry the kind, the game's number and the step shown
(`soloreplay:<kind>:<id>:<step>:<what>`), so an old replay still answers after a restart.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Self

import discord

from bot.sessions.records import FinishedGameSummary, SoloReplay
from bot.sessions.solo import SessionError
from bot.sessions.solo_history import jump_points
from cogs.language import private_words
from cogs.limits import EMBED_FIELD_VALUE, clip
from cogs.replies import Rendered, controls_view, keep_the_move, say, send
from cogs.uno.history import STEP_WORDS, step_after

if TYPE_CHECKING:
    from cogs.solo.front import SoloFront

Interaction = discord.Interaction[Any]
KIND = r"(?P<kind>[a-z]{1,16})"
GAME = r"(?P<gid>\d{1,18})"
STEP = r"(?P<step>\d{1,6})"
RECENT = 5
PICKABLE = 25  # a select's options
JUMPS = 25


def result_text(game: FinishedGameSummary) -> str:
    seat = game.seats[0] if game.seats else None
    return "" if seat is None else f"{'won' if seat.won else 'lost'} in {seat.points} moves"


def recent_line(game: FinishedGameSummary, label: Callable[[str], str]) -> str:
    """One of a player's finished solo games: its number (to replay it), date, variant, result."""
    return f"**#{game.game_id}** · {game.finished_at:%Y-%m-%d} · {label(game.ruleset)} · {result_text(game)}"


async def add_recent_games(
    front: SoloFront, embed: discord.Embed, user_id: int, label: Callable[[str], str]
) -> None:
    """The player's last finished games, under their own stats, with how to replay one."""
    games = await front.bot.records.solo_history.player_games(user_id, front.kind.name, limit=RECENT)
    if games:
        embed.add_field(
            name=f"Recent games (`/{front.kind.name} replay game:<number>`)",
            value=clip("\n".join(recent_line(game, label) for game in games), EMBED_FIELD_VALUE),
            inline=False,
        )


async def show_replay(
    front: SoloFront, interaction: Interaction, game_id: int | None, label: Callable[[str], str]
) -> None:
    """`/<game> replay`: the game asked for from its deal, or a pick of the player's recent ones."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    if game_id is None:
        games = await front.bot.records.solo_history.player_games(
            interaction.user.id, front.kind.name, limit=PICKABLE
        )
        if not games:
            await say(interaction, f"You have no finished {front.kind.title} game yet.")
            return
        view = controls_view()
        view.add_item(ReplayPickSelect(front.kind.name, games, label))
        await interaction.followup.send("Which game do you want to watch again?", view=view, ephemeral=True)
        return
    shown = await _replay_or_say(front, interaction, game_id)
    if shown is not None:
        await send(interaction, await replay_message(front, shown, 0, interaction))


async def _replay_or_say(front: SoloFront, interaction: Interaction, game_id: int) -> SoloReplay | None:
    """The asker's finished game `game_id`; None once they were told why not."""
    try:
        return await front.bot.records.solo_history.game_replay(
            front.kind, game_id, user_id=interaction.user.id
        )
    except SessionError as refusal:
        await say(interaction, str(refusal))
        return None


async def replay_message(
    front: SoloFront, shown: SoloReplay, step: int, interaction: Interaction
) -> Rendered:
    """Step `step` as the game itself looks (its picture too, when the viewer has pictures on),
    with the replay's controls in place of its own."""
    at = shown.at(step)
    heading = f"📼 Replay of game #{shown.summary.game_id} · move {at.step} of {shown.last}"
    heading += f" · `{at.action}`" if at.action else " · the deal"
    rendered = await front.message(
        shown.shown_as(front.kind, at), heading, words=private_words(interaction), viewer=interaction.user.id
    )
    if rendered.embed is not None:  # the game's own footer would name a running game
        rendered.embed.set_footer(text=f"Replay of game #{shown.summary.game_id} · only you see it")
    return replace(rendered, view=_controls(front.kind.name, shown, at.step))


def _controls(kind: str, shown: SoloReplay, step: int) -> discord.ui.View:
    view = controls_view()
    game_id, last = shown.summary.game_id, shown.last
    for what in STEP_WORDS:
        target = step_after(what, step, last)
        button = ReplayStepButton(kind, game_id, step, what)
        button.item.disabled = not 0 <= target <= last or target == step
        view.add_item(button)
    if last > 1:
        options = [
            discord.SelectOption(
                label=f"Move {n}" if n else "The deal",
                description=clip(shown.moves[n - 1], 100) if n else None,
                value=str(n),
                default=n == step,
            )
            for n in jump_points(last, JUMPS)
        ]
        view.add_item(ReplayJumpSelect(kind, game_id, step, options))
    return view


async def on_replay(interaction: Interaction, kind: str, game_id: int, step: int, what: str) -> None:
    """A replay's control: the same private message shows another step."""
    from cogs.solo.front import SoloFront

    solo_kind = interaction.client.solo.kinds.get(kind)
    front = solo_kind.presenter if solo_kind is not None else None
    if not isinstance(front, SoloFront):
        await say(interaction, "This replay can no longer be shown.")
        return
    shown = await _replay_or_say(front, interaction, game_id)
    if shown is None:
        return
    target = step_after(what, step, shown.last)

    async def show(rendered: Rendered) -> None:
        await interaction.response.edit_message(**rendered.edit_kwargs())

    await keep_the_move(show, await replay_message(front, shown, target, interaction))


class ReplayStepButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"soloreplay:{KIND}:{GAME}:{STEP}:(?P<what>first|prev|next|last)",
):
    def __init__(self, kind: str, game_id: int, step: int, what: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=STEP_WORDS[what],
                style=discord.ButtonStyle.secondary,
                custom_id=f"soloreplay:{kind}:{game_id}:{step}:{what}",
            )
        )
        self.kind, self.game_id, self.step, self.what = kind, game_id, step, what

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["kind"], int(match["gid"]), int(match["step"]), match["what"])

    async def callback(self, interaction: Interaction) -> None:
        await on_replay(interaction, self.kind, self.game_id, self.step, self.what)


class ReplayJumpSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"soloreplayjump:{KIND}:{GAME}:{STEP}",
):
    def __init__(self, kind: str, game_id: int, step: int, options: list[discord.SelectOption]) -> None:
        super().__init__(
            discord.ui.Select(
                placeholder="Jump to a move",
                options=options,
                custom_id=f"soloreplayjump:{kind}:{game_id}:{step}",
            )
        )
        self.kind, self.game_id, self.step = kind, game_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, discord.ui.Select)
        return cls(match["kind"], int(match["gid"]), int(match["step"]), item.options)

    async def callback(self, interaction: Interaction) -> None:
        await on_replay(interaction, self.kind, self.game_id, int(self.item.values[0]), "jump")


class ReplayPickSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"soloreplaypick:{KIND}"):
    """One of the player's recent games to watch again (each option's value is its number)."""

    def __init__(
        self,
        kind: str,
        games: tuple[FinishedGameSummary, ...] = (),
        label: Callable[[str], str] = str,
        *,
        options: list[discord.SelectOption] | None = None,
    ) -> None:
        if options is None:
            options = [
                discord.SelectOption(
                    label=clip(f"#{game.game_id} · {game.finished_at:%Y-%m-%d} · {label(game.ruleset)}", 100),
                    description=result_text(game) or None,
                    value=str(game.game_id),
                )
                for game in games
            ]
        super().__init__(
            discord.ui.Select(placeholder="Pick a game", options=options, custom_id=f"soloreplaypick:{kind}")
        )
        self.kind = kind

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, discord.ui.Select)
        return cls(match["kind"], options=item.options)

    async def callback(self, interaction: Interaction) -> None:
        await on_replay(interaction, self.kind, int(self.item.values[0]), 0, "first")


REPLAY_ITEMS = (ReplayStepButton, ReplayJumpSelect, ReplayPickSelect)
