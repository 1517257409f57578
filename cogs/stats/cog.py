"""Leaderboards, personal stats, and a user deleting their own data."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.uno.ai import LEVELS
from bot.sessions.records import (
    LeaderboardMetric,
    PartnerStats,
    PuzzleStats,
    SoloLeaderboardMetric,
    SoloLeaderboardRow,
)
from cogs.flood.render import VARIANTS as FLOOD_VARIANTS
from cogs.flood.render import variant_label as flood_variant_label
from cogs.limits import EMBED_DESCRIPTION, EMBED_FIELD_VALUE, EMBED_TITLE, OptionText, clip
from cogs.replies import controls_view
from cogs.solitaire.render import VARIANT as SOLITAIRE_VARIANT
from cogs.solitaire.render import variant_label as solitaire_variant_label
from cogs.solo.front import stats_lines
from cogs.uno.history import recent_game_line

if TYPE_CHECKING:
    from bot.app import UnoBot

Interaction = discord.Interaction[Any]
PAGE_SIZE = 10
GAMES = {
    "uno": "UNO",
    # Games with computer players, by the strongest level at the table (kept off UNO's board).
    **{f"uno_vs_{level}": f"UNO against the computer ({level})" for level in LEVELS},
    "flood": "Survive the Flood",
    "solitaire": "UNO Solitaire",
}
# Boards that rank something else than one game's players: pairs of UNO partners (per server,
# like UNO's board) and the daily puzzle's streaks (one board for everyone).
BOARDS = {**GAMES, "partners": "UNO partners", "puzzle": "Daily puzzle"}
METRIC_TITLES = {"wins": "wins", "points": "points", "win_rate": "win rate"}
# Solo games rank players per variant (difficulty and deck), by best win streak or wins.
SOLO_VARIANTS: dict[str, tuple[str, ...]] = {"flood": FLOOD_VARIANTS, "solitaire": (SOLITAIRE_VARIANT,)}
SOLO_LABELS: dict[str, Callable[[str], str]] = {
    "flood": flood_variant_label,
    "solitaire": solitaire_variant_label,
}
SOLO_METRIC_TITLES = {"best_streak": "best win streak", "wins": "wins"}
SOLO_BOARD_TOP = 3
PARTNERS_SHOWN = 3


def stats_cog(interaction: Interaction) -> StatsCog:
    cog = interaction.client.get_cog("Stats")
    assert cog is not None
    return cog  # type: ignore[no-any-return]


Board = tuple[discord.Embed, discord.ui.View | None]


async def _turn_page(interaction: Interaction, page: Callable[[StatsCog], Awaitable[Board]]) -> None:
    """A board's Previous/Next: the board's message shows the page asked for."""
    # Acknowledged first: the store may take longer than Discord's 3 seconds.
    await interaction.response.defer()
    embed, view = await page(stats_cog(interaction))
    await interaction.edit_original_response(embed=embed, view=view)


class LeaderboardPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lb:(?P<kind>[a-z_]+):(?P<guild>\d+):(?P<metric>[a-z_]+):(?P<min>\d+):(?P<page>\d+)",
):
    """Page through a leaderboard; everything the page needs is in the custom_id."""

    def __init__(self, kind: str, guild_id: int, metric: str, min_games: int, page: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"lb:{kind}:{guild_id}:{metric}:{min_games}:{page}",
            )
        )
        self.kind, self.guild_id, self.metric = kind, guild_id, metric
        self.min_games, self.page = min_games, page

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LeaderboardPageButton:
        assert isinstance(item, discord.ui.Button)
        return cls(
            match["kind"],
            int(match["guild"]),
            match["metric"],
            int(match["min"]),
            int(match["page"]),
            item.label or "",
        )

    async def callback(self, interaction: Interaction) -> None:
        await _turn_page(
            interaction,
            lambda cog: cog.leaderboard_page(
                self.kind, self.guild_id or None, self.metric, self.min_games, self.page
            ),
        )


class ForgetButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"privacy:forget:(?P<user>\d+)",
):
    def __init__(self, user_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Yes, delete my data",
                style=discord.ButtonStyle.danger,
                custom_id=f"privacy:forget:{user_id}",
            )
        )
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ForgetButton:
        return cls(int(match["user"]))

    async def interaction_check(self, interaction: Interaction) -> bool:
        if interaction.user.id != self.user_id:
            await interaction.response.send_message(
                "This button deletes someone else's data, so it is not yours to press.",
                ephemeral=True,
            )
            return False
        return True

    async def callback(self, interaction: Interaction) -> None:
        await stats_cog(interaction).forget(interaction)


class SoloBoardPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lbs:(?P<kind>[a-z]+):(?P<variant>[a-z0-9/-]+):(?P<metric>[a-z_]+):(?P<page>\d+)",
):
    """Page through one solo variant's board."""

    def __init__(self, kind: str, variant: str, metric: str, page: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"lbs:{kind}:{variant}:{metric}:{page}",
            )
        )
        self.kind, self.variant, self.metric, self.page = kind, variant, metric, page

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SoloBoardPageButton:
        assert isinstance(item, discord.ui.Button)
        return cls(match["kind"], match["variant"], match["metric"], int(match["page"]), item.label or "")

    async def callback(self, interaction: Interaction) -> None:
        await _turn_page(
            interaction, lambda cog: cog.solo_board_page(self.kind, self.variant, self.metric, self.page)
        )


DYNAMIC_ITEMS = (LeaderboardPageButton, ForgetButton, SoloBoardPageButton)


class StatsCog(commands.Cog, name="Stats"):
    privacy = app_commands.Group(name="privacy", description="What the bot keeps about you")

    def __init__(self, bot: UnoBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="The best players")
    @app_commands.describe(
        game="Which game (or UNO partners, or the daily puzzle's streaks)",
        scope="This server only, or everyone (the daily puzzle has one board for everyone)",
        metric="Rank by wins, points or win rate (UNO); by best win streak or wins (solo games)",
        min_games="For win rate: only players with at least this many games",
        variant="Solo games: one difficulty and deck, e.g. easy/uno (default: a summary of all)",
    )
    @app_commands.choices(game=[app_commands.Choice(name=v, value=k) for k, v in BOARDS.items()])
    async def leaderboard(
        self,
        interaction: Interaction,
        game: str = "uno",
        scope: Literal["this server", "everyone"] = "this server",
        metric: Literal["wins", "points", "win_rate", "best_streak"] = "wins",
        min_games: app_commands.Range[int, 1, 1000] = 5,
        variant: OptionText | None = None,
    ) -> None:
        guild_id = interaction.guild_id if scope == "this server" else None
        if variant is not None and game in SOLO_VARIANTS and variant not in SOLO_VARIANTS[game]:
            await interaction.response.send_message(unknown_variant(game), ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        if game in SOLO_VARIANTS:
            solo_metric = metric if metric in SOLO_METRIC_TITLES else "best_streak"
            if variant is None:
                embed, view = await self.solo_board_summary(game, solo_metric), None
            else:
                embed, view = await self.solo_board_page(game, variant, solo_metric, 0)
        else:
            embed, view = await self.leaderboard_page(game, guild_id, metric, min_games, 0)
        if view is None:
            await interaction.followup.send(embed=embed)
        else:
            await interaction.followup.send(embed=embed, view=view)

    async def leaderboard_page(
        self, kind: str, guild_id: int | None, metric: str, min_games: int, page: int
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        if kind == "partners":
            return await self.partners_page(guild_id, page)
        if kind == "puzzle":
            return await self.puzzle_page(page)
        chosen: LeaderboardMetric = metric if metric in METRIC_TITLES else "wins"  # type: ignore[assignment]
        result = await self.bot.records.leaderboard(
            kind,
            guild_id,
            chosen,
            min_games=min_games if chosen == "win_rate" else 1,
            limit=PAGE_SIZE,
            offset=page * PAGE_SIZE,
        )
        scope = "this server" if guild_id else "everyone"
        return _board(
            f"{GAMES.get(kind, kind)} leaderboard: {METRIC_TITLES[chosen]} ({scope})",
            [
                f"**{row.rank}.** {_name(row.display_name)}: "
                f"{row.wins} wins · {row.points} pts · {row.games} games · {row.win_rate:.0%}"
                for row in result.rows
            ],
            "No finished games yet. Play one with `/uno start`!",
            _Paging(
                result.total,
                page,
                lambda to, label: LeaderboardPageButton(kind, guild_id or 0, chosen, min_games, to, label),
            ),
        )

    async def partners_page(
        self, guild_id: int | None, page: int
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        """The pairs who won most on one team, in this server or everywhere."""
        result = await self.bot.records.partners_leaderboard(
            guild_id, limit=PAGE_SIZE, offset=page * PAGE_SIZE
        )
        scope = "this server" if guild_id else "everyone"
        return _board(
            f"UNO partners leaderboard ({scope})",
            [
                f"**{row.rank}.** {_name(row.first_name)} & {_name(row.second_name)}: "
                f"{row.wins} wins · {row.games} games · {row.win_rate:.0%}"
                for row in result.rows
            ],
            "No team games finished yet. Play one with `/uno start ruleset:twist teams:partners`!",
            _Paging(
                result.total,
                page,
                lambda to, label: LeaderboardPageButton("partners", guild_id or 0, "wins", 1, to, label),
                counted="pairs",
            ),
        )

    async def puzzle_page(self, page: int) -> tuple[discord.Embed, discord.ui.View | None]:
        """Everyone's daily puzzle streaks, by best streak."""
        result = await self.bot.records.puzzle_leaderboard(
            limit=PAGE_SIZE, offset=page * PAGE_SIZE, today=discord.utils.utcnow().date()
        )
        return _board(
            "Daily puzzle leaderboard: best streak (everyone)",
            [
                f"**{row.rank}.** {_name(row.name)}: best streak {row.best_streak} · "
                f"current streak {row.current_streak} · {row.solved} solved"
                for row in result.rows
            ],
            "Nobody has tried a daily puzzle yet. Try today's with `/puzzle daily`!",
            _Paging(
                result.total,
                page,
                lambda to, label: LeaderboardPageButton("puzzle", 0, "best_streak", 1, to, label),
            ),
        )

    @leaderboard.autocomplete("variant")
    async def variant_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        kind = str(getattr(interaction.namespace, "game", None) or "flood")
        label = SOLO_LABELS.get(kind, str)
        return [
            app_commands.Choice(name=label(v), value=v)
            for v in SOLO_VARIANTS.get(kind, ())
            if current.lower() in v or current.lower() in label(v).lower()
        ][:25]

    async def solo_board_summary(self, kind: str, metric: str) -> discord.Embed:
        """The top players of every variant of a solo game that has been played."""
        chosen: SoloLeaderboardMetric = "wins" if metric == "wins" else "best_streak"
        label = SOLO_LABELS[kind]
        embed = discord.Embed(
            title=f"{GAMES[kind]} leaderboard: {SOLO_METRIC_TITLES[chosen]}",
            colour=discord.Colour.gold(),
        )
        for variant in SOLO_VARIANTS[kind]:
            page = await self.bot.records.solo_leaderboard(kind, variant, chosen, limit=SOLO_BOARD_TOP)
            if page.rows:
                embed.add_field(
                    name=f"{label(variant)} ({page.total} players)",
                    value=clip("\n".join(_solo_row(row) for row in page.rows), EMBED_FIELD_VALUE),
                    inline=False,
                )
        if not embed.fields:
            embed.description = f"No finished games yet. Play one with `/{kind} play`!"
        else:
            embed.set_footer(text="Pick a variant for the whole board.")
        return embed

    async def solo_board_page(
        self, kind: str, variant: str, metric: str, page: int
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        chosen: SoloLeaderboardMetric = "wins" if metric == "wins" else "best_streak"
        result = await self.bot.records.solo_leaderboard(
            kind, variant, chosen, limit=PAGE_SIZE, offset=page * PAGE_SIZE
        )
        label = SOLO_LABELS.get(kind, str)
        return _board(
            f"{GAMES.get(kind, kind)} · {label(variant)}: {SOLO_METRIC_TITLES[chosen]}",
            [_solo_row(row) for row in result.rows],
            f"No finished games in this variant yet. Play one with `/{kind} play`!",
            _Paging(
                result.total, page, lambda to, label: SoloBoardPageButton(kind, variant, chosen, to, label)
            ),
        )

    @app_commands.command(name="stats", description="Games, wins and points of a player")
    @app_commands.describe(user="Whose stats (default: yours)")
    async def stats(self, interaction: Interaction, user: discord.User | None = None) -> None:
        target = user or interaction.user
        await interaction.response.defer(thinking=True)
        stats = await self.bot.records.player_stats(target.id)
        embed = discord.Embed(
            title=clip(f"Stats of {target.display_name}", EMBED_TITLE), colour=discord.Colour.blurple()
        )
        solo = {kind: await self.bot.records.solo_stats(target.id, kind) for kind in SOLO_VARIANTS}
        partners = await self.bot.records.best_partners(target.id, limit=PARTNERS_SHOWN)
        puzzles = await self.bot.records.puzzle_stats(target.id, today=discord.utils.utcnow().date())
        played_puzzles = puzzles.attempted or puzzles.practice_attempted
        if not stats.kinds and not any(solo.values()) and not partners and not played_puzzles:
            embed.description = "No finished games yet."
        for kind_stats in stats.kinds:
            best = f"{kind_stats.best_points} pts"
            embed.add_field(
                name=GAMES.get(kind_stats.kind, kind_stats.kind),
                value=(
                    f"{kind_stats.games} games · {kind_stats.wins} wins "
                    f"({kind_stats.win_rate:.0%}) · {kind_stats.points} points · best game {best}"
                ),
                inline=False,
            )
        for kind, rows in solo.items():
            if rows:
                embed.add_field(
                    name=GAMES[kind],
                    value=clip("\n".join(stats_lines(rows, SOLO_LABELS[kind])), EMBED_FIELD_VALUE),
                    inline=False,
                )
        if partners:
            embed.add_field(
                name="Best UNO partners",
                value=clip("\n".join(_partner_line(partner) for partner in partners), EMBED_FIELD_VALUE),
                inline=False,
            )
        if played_puzzles:
            embed.add_field(name="Puzzles", value=_puzzle_line(puzzles), inline=False)
        # Only this server's games in a server: where else a player plays is theirs to tell.
        recent = await self.bot.records.history.player_games(target.id, guild_id=interaction.guild_id)
        if recent:
            lines = "\n".join(recent_game_line(game, target.id) for game in recent)
            embed.add_field(
                name="Recent UNO games (`/uno replay game:<number>`)",
                value=clip(lines, EMBED_FIELD_VALUE),
                inline=False,
            )
        await interaction.followup.send(embed=embed)

    @privacy.command(name="forget", description="Delete everything the bot keeps about you")
    async def privacy_forget(self, interaction: Interaction) -> None:
        view = controls_view()
        view.add_item(ForgetButton(interaction.user.id))
        await interaction.response.send_message(
            "This deletes your scores, stats and streaks for good, and takes you out of any game "
            "you are playing. Are you sure?",
            view=view,
            ephemeral=True,
        )

    async def forget(self, interaction: Interaction) -> None:
        # The question itself becomes the answer, so its button cannot be pressed again.
        await interaction.response.defer()
        await self.bot.records.forget_user(interaction.user.id)
        await interaction.edit_original_response(
            content="Done: everything the bot kept about you is deleted.", view=None
        )


def _solo_row(row: SoloLeaderboardRow) -> str:
    name = discord.utils.escape_markdown(row.display_name or "a former player")
    return (
        f"**{row.rank}.** {name}: best streak {row.best_streak} · {row.wins} wins · "
        f"{row.games} games · current streak {row.current_streak}"
    )


def unknown_variant(game: str) -> str:
    label = SOLO_LABELS.get(game, str)
    known = ", ".join(f"`{v}` ({label(v)})" for v in SOLO_VARIANTS[game])
    return clip(f"{GAMES.get(game, game)} has no such variant. Pick one of: {known}.", 2000)


def _name(name: str) -> str:
    return discord.utils.escape_markdown(name)


@dataclass(frozen=True, slots=True)
class _Paging:
    """Where a board's page stands, and the button that shows another page of it."""

    total: int
    page: int
    button: Callable[[int, str], discord.ui.Item[Any]]
    counted: str = "players"


def _board(
    title: str, lines: list[str], empty: str, paging: _Paging
) -> tuple[discord.Embed, discord.ui.View | None]:
    """One page of a leaderboard: its lines (or what to say when it has none), the footer
    "Page 2 of 5", and Previous/Next buttons when there is more than one page."""
    embed = discord.Embed(title=clip(title, EMBED_TITLE), colour=discord.Colour.gold())
    if not lines:
        embed.description = empty
        return embed, None
    embed.description = clip("\n".join(lines), EMBED_DESCRIPTION)
    pages = max(1, -(-paging.total // PAGE_SIZE))
    embed.set_footer(text=f"Page {paging.page + 1} of {pages} · {paging.total} {paging.counted}")
    if pages == 1:
        return embed, None
    view = controls_view()
    if paging.page > 0:
        view.add_item(paging.button(paging.page - 1, "◀ Previous"))
    if paging.page + 1 < pages:
        view.add_item(paging.button(paging.page + 1, "Next ▶"))
    return embed, view


def _partner_line(partner: PartnerStats) -> str:
    return (
        f"{_name(partner.partner_name)}: {partner.wins} wins in {partner.games} games "
        f"({partner.win_rate:.0%})"
    )


def _puzzle_line(stats: PuzzleStats) -> str:
    daily = (
        f"Daily streak **{stats.current_streak}** (best {stats.best_streak}) · "
        f"{stats.solved} of {stats.attempted} daily puzzles solved"
    )
    if not stats.practice_attempted:
        return daily
    return f"{daily}\n{stats.practice_solved} of {stats.practice_attempted} practice puzzles solved"
