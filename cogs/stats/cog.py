"""Leaderboards, personal stats, and a user deleting their own data."""

from __future__ import annotations

import re
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any
from typing import Literal
from typing import Protocol
from typing import TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.uno.ai import LEVEL_WORDS
from bot.games.uno.ai import LEVELS
from bot.i18n.counts import games
from bot.i18n.counts import points
from bot.i18n.counts import points_short
from bot.i18n.counts import puzzles_solved
from bot.i18n.counts import wins
from bot.i18n.text import AnyOf
from bot.i18n.text import Code
from bot.i18n.text import Lines
from bot.i18n.text import Percent
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import symbols
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.sessions.records import KindStats
from bot.sessions.records import LeaderboardMetric
from bot.sessions.records import LeaderboardRow
from bot.sessions.records import PartnerStats
from bot.sessions.records import PuzzleLeaderboardRow
from bot.sessions.records import PuzzleStats
from bot.sessions.records import SessionError
from bot.sessions.records import SoloLeaderboardMetric
from bot.sessions.records import SoloLeaderboardRow
from cogs.components import ButtonControl
from cogs.flood.render import VARIANTS as FLOOD_VARIANTS
from cogs.flood.render import variant_label as flood_variant_label
from cogs.language import private_words
from cogs.language import public_words
from cogs.limits import CHOICE_NAME
from cogs.limits import EMBED_DESCRIPTION
from cogs.limits import EMBED_FIELD_VALUE
from cogs.limits import EMBED_TITLE
from cogs.limits import MESSAGE
from cogs.limits import OptionText
from cogs.limits import clip
from cogs.limits import offered
from cogs.replies import controls_view
from cogs.solitaire.render import VARIANT as SOLITAIRE_VARIANT
from cogs.solitaire.render import variant_label as solitaire_variant_label
from cogs.solo.front import stats_lines
from cogs.uno.history import recent_game_line

if TYPE_CHECKING:
    from bot.app import UnoBot

Interaction = discord.Interaction[Any]
PAGE_SIZE = 10
GAMES: dict[str, Text] = {
    "uno": text("UNO"),
    # Games with computer players, by the strongest level at the table (kept off UNO's board).
    **{
        f"uno_vs_{level}": text("UNO against the computer ({level})", level=LEVEL_WORDS[level])
        for level in LEVELS
    },
    "flood": text("Survive the Flood"),
    "solitaire": text("UNO Solitaire"),
}
# Boards that rank something else than one game's players: pairs of UNO partners (per server,
# like UNO's board) and the daily puzzle's streaks (one board for everyone).
BOARDS = {**GAMES, "partners": text("UNO partners"), "puzzle": text("Daily puzzle")}
METRIC_TITLES = {"wins": text("wins"), "points": text("points"), "win_rate": text("win rate")}
# Solo games rank players per variant (difficulty and deck), by best win streak or wins.
SOLO_VARIANTS: dict[str, tuple[str, ...]] = {"flood": FLOOD_VARIANTS, "solitaire": (SOLITAIRE_VARIANT,)}
SOLO_LABELS: dict[str, Callable[[str], Text | str]] = {
    "flood": flood_variant_label,
    "solitaire": solitaire_variant_label,
}
SOLO_METRIC_TITLES = {"wins": text("wins"), "best_streak": text("best win streak")}
# What each board can rank by, the first when none is asked for: a metric another board ranks
# by is refused, not quietly swapped for this board's own.
Metric = Literal["wins", "points", "win_rate", "best_streak"]
RANKED_BY: dict[str, dict[str, Text]] = {
    **{kind: METRIC_TITLES for kind in GAMES if kind not in SOLO_VARIANTS},
    **{kind: SOLO_METRIC_TITLES for kind in SOLO_VARIANTS},
    "partners": {"wins": METRIC_TITLES["wins"]},
    "puzzle": {"best_streak": text("best streak")},
}
THIS_SERVER = text("this server")


EVERYONE = text("everyone")
PREVIOUS = text("◀ Previous")
NEXT = text("Next ▶")
SOLO_BOARD_TOP = 3
PARTNERS_SHOWN = 3


def stats_cog(interaction: Interaction) -> StatsCog:
    cog = interaction.client.get_cog("Stats")
    assert cog is not None
    return cog  # type: ignore[no-any-return]


Board = tuple[discord.Embed, discord.ui.View | None]


async def _turn_page(interaction: Interaction, page: Callable[[StatsCog, Words], Awaitable[Board]]) -> None:
    """A board's Previous/Next: the board's message shows the page asked for, in the language
    the board was shown in (the channel's)."""
    # Acknowledged first: the store may take longer than Discord's 3 seconds.
    await interaction.response.defer()
    embed, view = await page(stats_cog(interaction), await public_words(interaction))
    await interaction.edit_original_response(embed=embed, view=view)


def _empty_board(kind: str) -> Text:
    """What an empty UNO board says: how to play a game that would be on it."""
    level = kind.removeprefix("uno_vs_")
    if level != kind:  # games against the computer: /uno start seats none unless asked
        return text(
            "No finished games against the computer yet. Play one with `/uno solo level:{level}`!",
            level=level,
        )
    return text("No finished games yet. Play one with `/uno start`!")


class LeaderboardPageButton(
    ButtonControl,
    template=r"lb:(?P<kind>[a-z_]+):(?P<guild>\d+):(?P<metric>[a-z_]+):(?P<min>\d+):(?P<page>\d+)",
):
    """Page through a leaderboard; everything the page needs is in the custom_id."""

    def __init__(self, kind: str, guild_id: int, metric: str, min_games: int, page: int, label: str) -> None:
        super().__init__(f"lb:{kind}:{guild_id}:{metric}:{min_games}:{page}", label=label)
        self.kind, self.guild_id, self.metric = kind, guild_id, metric
        self.min_games, self.page = min_games, page

    @classmethod
    def rebuilt(cls, match: re.Match[str], button: discord.ui.Button[Any]) -> LeaderboardPageButton:
        place = match["kind"], int(match["guild"]), match["metric"], int(match["min"]), int(match["page"])
        return cls(*place, button.label or "")

    async def callback(self, interaction: Interaction) -> None:
        await _turn_page(
            interaction,
            lambda cog, words: cog.leaderboard_page(
                self.kind, self.guild_id or None, self.metric, self.min_games, self.page, words
            ),
        )


class ForgetButton(ButtonControl, template=r"privacy:forget:(?P<user>\d+)"):
    def __init__(self, user_id: int, label: str) -> None:
        super().__init__(f"privacy:forget:{user_id}", label=label, style=discord.ButtonStyle.danger)
        self.user_id = user_id

    @classmethod
    def rebuilt(cls, match: re.Match[str], button: discord.ui.Button[Any]) -> ForgetButton:
        return cls(int(match["user"]), button.label or "")

    async def interaction_check(self, interaction: Interaction) -> bool:
        if interaction.user.id != self.user_id:
            await interaction.response.send_message(
                private_words(interaction)(
                    text("This button deletes someone else's data, so it is not yours to press.")
                ),
                ephemeral=True,
            )
            return False
        return True

    async def callback(self, interaction: Interaction) -> None:
        await stats_cog(interaction).forget(interaction)


class SoloBoardPageButton(
    ButtonControl,
    template=r"lbs:(?P<kind>[a-z]+):(?P<variant>[a-z0-9/-]+):(?P<metric>[a-z_]+):(?P<page>\d+)",
):
    """Page through one solo variant's board."""

    def __init__(self, kind: str, variant: str, metric: str, page: int, label: str) -> None:
        super().__init__(f"lbs:{kind}:{variant}:{metric}:{page}", label=label)
        self.kind, self.variant, self.metric, self.page = kind, variant, metric, page

    @classmethod
    def rebuilt(cls, match: re.Match[str], button: discord.ui.Button[Any]) -> SoloBoardPageButton:
        return cls(match["kind"], match["variant"], match["metric"], int(match["page"]), button.label or "")

    async def callback(self, interaction: Interaction) -> None:
        await _turn_page(
            interaction,
            lambda cog, words: cog.solo_board_page(self.kind, self.variant, self.metric, self.page, words),
        )


DYNAMIC_ITEMS = (LeaderboardPageButton, ForgetButton, SoloBoardPageButton)


class StatsCog(commands.Cog, name="Stats"):
    privacy = app_commands.Group(name="privacy", description="What the bot keeps about you")

    def __init__(self, bot: UnoBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="The best players")
    @app_commands.describe(
        game="Which game (or UNO partners, or the daily puzzle's streaks)",
        scope="This server only, or everyone (solo games and the daily puzzle: one board for everyone)",
        metric="Rank by wins, points or win rate (UNO); by best win streak or wins (solo games)",
        min_games="For win rate: only players with at least this many games",
        variant="Solo games: one difficulty and deck, e.g. easy/uno (default: a summary of all)",
    )
    @app_commands.choices(game=[app_commands.Choice(name=str(v), value=k) for k, v in BOARDS.items()])
    async def leaderboard(
        self,
        interaction: Interaction,
        game: str = "uno",
        scope: Literal["this server", "everyone"] = "this server",
        metric: Metric | None = None,
        min_games: app_commands.Range[int, 1, 1000] = 5,
        variant: OptionText | None = None,
    ) -> None:
        guild_id = interaction.guild_id if scope == "this server" else None
        refusal = None
        if variant is not None and game in SOLO_VARIANTS and variant not in SOLO_VARIANTS[game]:
            refusal = unknown_variant(game, private_words(interaction))
        elif metric is not None and metric not in RANKED_BY[game]:
            refusal = not_ranked_by(game, metric, private_words(interaction))
        if refusal is not None:
            await interaction.response.send_message(refusal, ephemeral=True)
            return
        ranked_by: str = metric or next(iter(RANKED_BY[game]))
        await interaction.response.defer(thinking=True)
        await self.bot.records.known_as(interaction.user.id, interaction.user.display_name)
        words = await public_words(interaction)
        if game in SOLO_VARIANTS:
            if variant is None:
                embed, view = await self.solo_board_summary(game, ranked_by, words), None
            else:
                embed, view = await self.solo_board_page(game, variant, ranked_by, 0, words)
        else:
            embed, view = await self.leaderboard_page(game, guild_id, ranked_by, min_games, 0, words)
        if view is None:
            await interaction.followup.send(embed=embed)
        else:
            await interaction.followup.send(embed=embed, view=view)

    async def leaderboard_page(
        self, kind: str, guild_id: int | None, metric: str, min_games: int, page: int, words: Words
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        if kind == "partners":
            return await self.partners_page(guild_id, page, words)
        if kind == "puzzle":
            return await self.puzzle_page(page, words)
        chosen: LeaderboardMetric = metric if metric in METRIC_TITLES else "wins"  # type: ignore[assignment]
        result, page = await _on_a_page(
            lambda offset: self.bot.records.leaderboard(
                kind,
                guild_id,
                chosen,
                min_games=min_games if chosen == "win_rate" else 1,
                limit=PAGE_SIZE,
                offset=offset,
            ),
            page,
        )
        return _board(
            words,
            text(
                "{game} leaderboard: {metric} ({scope})",
                game=GAMES.get(kind, kind),
                metric=METRIC_TITLES[chosen],
                scope=THIS_SERVER if guild_id else EVERYONE,
            ),
            [uno_row(row) for row in result.rows],
            _empty_board(kind),
            _Paging(
                result.total,
                page,
                lambda to, label: LeaderboardPageButton(kind, guild_id or 0, chosen, min_games, to, label),
            ),
        )

    async def partners_page(
        self, guild_id: int | None, page: int, words: Words
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        """The pairs who won most on one team, in this server or everywhere."""
        result, page = await _on_a_page(
            lambda offset: self.bot.records.partners_leaderboard(guild_id, limit=PAGE_SIZE, offset=offset),
            page,
        )
        return _board(
            words,
            text("UNO partners leaderboard ({scope})", scope=THIS_SERVER if guild_id else EVERYONE),
            [
                text(
                    "**{rank}.** {first} & {second}: {wins} · {games} · {rate}",
                    rank=row.rank,
                    first=row.first_name,
                    second=row.second_name,
                    wins=wins(row.wins),
                    games=games(row.games),
                    rate=Percent(row.win_rate),
                )
                for row in result.rows
            ],
            text("No team games finished yet. Play one with `/uno start ruleset:twist teams:partners`!"),
            _Paging(
                result.total,
                page,
                lambda to, label: LeaderboardPageButton("partners", guild_id or 0, "wins", 1, to, label),
                counted=lambda total: counted("{count} pair", "{count} pairs", count=total),
            ),
        )

    async def puzzle_page(self, page: int, words: Words) -> tuple[discord.Embed, discord.ui.View | None]:
        """Everyone's daily puzzle streaks, by best streak."""
        today = discord.utils.utcnow().date()
        result, page = await _on_a_page(
            lambda offset: self.bot.records.puzzle_leaderboard(limit=PAGE_SIZE, offset=offset, today=today),
            page,
        )
        return _board(
            words,
            text("Daily puzzle leaderboard: best streak (everyone)"),
            [puzzle_row(row) for row in result.rows],
            text("Nobody has tried a daily puzzle yet. Try today's with `/puzzle daily`!"),
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
        words = private_words(interaction)
        return offered(
            current,
            (
                app_commands.Choice(name=clip(words(label(v)), CHOICE_NAME), value=v)
                for v in SOLO_VARIANTS.get(kind, ())
            ),
        )

    async def solo_board_summary(self, kind: str, metric: str, words: Words) -> discord.Embed:
        """The top players of every variant of a solo game that has been played."""
        chosen: SoloLeaderboardMetric = "wins" if metric == "wins" else "best_streak"
        label = SOLO_LABELS[kind]
        # Solo games are played in DMs as often as in a server: their boards are everyone's.
        title = text(
            "{game} leaderboard: {metric} ({scope})",
            game=GAMES[kind],
            metric=SOLO_METRIC_TITLES[chosen],
            scope=EVERYONE,
        )
        embed = discord.Embed(title=clip(words(title), EMBED_TITLE), colour=discord.Colour.gold())
        for variant in SOLO_VARIANTS[kind]:
            page = await self.bot.records.solo_leaderboard(kind, variant, chosen, limit=SOLO_BOARD_TOP)
            if page.rows:
                name = counted(
                    "{variant} ({count} player)",
                    "{variant} ({count} players)",
                    count=page.total,
                    variant=label(variant),
                )
                embed.add_field(
                    name=words(name),
                    value=clip(
                        words(Lines(tuple(_solo_row(row, chosen) for row in page.rows))), EMBED_FIELD_VALUE
                    ),
                    inline=False,
                )
        if not embed.fields:
            embed.description = words(text("No finished games yet. Play one with `/{kind} play`!", kind=kind))
        else:
            embed.set_footer(text=words(text("Pick a variant for the whole board.")))
        return embed

    async def solo_board_page(
        self, kind: str, variant: str, metric: str, page: int, words: Words
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        chosen: SoloLeaderboardMetric = "wins" if metric == "wins" else "best_streak"
        result, page = await _on_a_page(
            lambda offset: self.bot.records.solo_leaderboard(
                kind, variant, chosen, limit=PAGE_SIZE, offset=offset
            ),
            page,
        )
        label = SOLO_LABELS.get(kind, str)
        return _board(
            words,
            text(
                "{game} · {variant}: {metric} ({scope})",
                game=GAMES.get(kind, kind),
                variant=label(variant),
                metric=SOLO_METRIC_TITLES[chosen],
                scope=EVERYONE,
            ),
            [_solo_row(row, chosen) for row in result.rows],
            text("No finished games in this variant yet. Play one with `/{kind} play`!", kind=kind),
            _Paging(
                result.total, page, lambda to, label: SoloBoardPageButton(kind, variant, chosen, to, label)
            ),
        )

    @app_commands.command(name="stats", description="Games, wins and points of a player")
    @app_commands.describe(user="Whose stats (default: yours)")
    async def stats(self, interaction: Interaction, user: discord.User | None = None) -> None:
        target = user or interaction.user
        await interaction.response.defer(thinking=True)
        await self.bot.records.known_as(interaction.user.id, interaction.user.display_name)
        words = await public_words(interaction)
        stats = await self.bot.records.player_stats(target.id)
        embed = discord.Embed(
            title=clip(words(text("Stats of {name}", name=target.display_name)), EMBED_TITLE),
            colour=discord.Colour.blurple(),
        )
        solo = {kind: await self.bot.records.solo_stats(target.id, kind) for kind in SOLO_VARIANTS}
        # Only this server's partners and games in a server: where else a player plays, and with
        # whom, is theirs (and their partners') to tell. So in a DM, where every server's are
        # shown, only to the player themselves.
        told = interaction.guild_id is not None or target.id == interaction.user.id
        partners = (
            await self.bot.records.best_partners(
                target.id, guild_id=interaction.guild_id, limit=PARTNERS_SHOWN
            )
            if told
            else ()
        )
        puzzles = await self.bot.records.puzzle_stats(target.id, today=discord.utils.utcnow().date())
        played_puzzles = puzzles.attempted or puzzles.practice_attempted
        if not stats.kinds and not any(solo.values()) and not partners and not played_puzzles:
            embed.description = words(text("No finished games yet."))
        for kind_stats in stats.kinds:
            line = kind_line(kind_stats)
            embed.add_field(
                name=words(GAMES.get(kind_stats.kind, kind_stats.kind)), value=words(line), inline=False
            )
        for kind, rows in solo.items():
            if rows:
                label = SOLO_LABELS[kind]
                embed.add_field(
                    name=words(GAMES[kind]),
                    value=clip(
                        "\n".join(stats_lines(rows, label, words)),
                        EMBED_FIELD_VALUE,
                    ),
                    inline=False,
                )
        if partners:
            embed.add_field(
                name=words(text("Best UNO partners")),
                value=clip(
                    words(Lines(tuple(_partner_line(partner) for partner in partners))), EMBED_FIELD_VALUE
                ),
                inline=False,
            )
        if played_puzzles:
            embed.add_field(name=words(text("Puzzles")), value=words(puzzle_line(puzzles)), inline=False)
        recent = (
            await self.bot.records.history.player_games(target.id, guild_id=interaction.guild_id)
            if told
            else ()
        )
        if recent:
            lines = "\n".join(recent_game_line(game, target.id, words) for game in recent)
            embed.add_field(
                name=words(text("Recent UNO games (`/uno replay game:<number>`)")),
                value=clip(lines, EMBED_FIELD_VALUE),
                inline=False,
            )
        await interaction.followup.send(embed=embed)

    @privacy.command(name="forget", description="Delete everything the bot keeps about you")
    async def privacy_forget(self, interaction: Interaction) -> None:
        words = private_words(interaction)
        view = controls_view()
        view.add_item(ForgetButton(interaction.user.id, words(text("Yes, delete my data"))))
        # Said before anything goes: what is deleted, and what stays for the other players.
        question = text(
            "This deletes for good your scores, stats and streaks, your finished solo games and "
            "your `/preferences`, and takes you out of any game you are playing. Games you played "
            'with other people stay in their records, where you are named only as "a former '
            'player". Are you sure?'
        )
        await interaction.response.send_message(words(question), view=view, ephemeral=True)

    async def forget(self, interaction: Interaction) -> None:
        # The question itself becomes the answer, so its button cannot be pressed again.
        await interaction.response.defer()
        try:
            await self.bot.records.forget_user(interaction.user.id)
        except SessionError as refusal:
            said = refusal.said
        else:
            said = text("Done: everything the bot kept about you is deleted.")
        await interaction.edit_original_response(content=private_words(interaction)(said), view=None)


def uno_row(row: LeaderboardRow) -> Text:
    """A player's row of an UNO board."""
    return text(
        "**{rank}.** {name}: {wins} · {points} · {games} · {rate}",
        rank=row.rank,
        name=row.display_name,
        wins=wins(row.wins),
        points=points_short(row.points),
        games=games(row.games),
        rate=Percent(row.win_rate),
    )


def puzzle_row(row: PuzzleLeaderboardRow) -> Text:
    """A player's row of the daily puzzle board."""
    return text(
        "**{rank}.** {name}: best streak {best} · current streak {current} · {solved}",
        rank=row.rank,
        name=row.name,
        best=row.best_streak,
        current=row.current_streak,
        solved=puzzles_solved(row.solved),
    )


def kind_line(kind_stats: KindStats) -> Text:
    """A player's record in one kind of game, for /stats."""
    return text(
        "{games} · {wins} ({rate}) · {points} · best game {best}",
        games=games(kind_stats.games),
        wins=wins(kind_stats.wins),
        rate=Percent(kind_stats.win_rate),
        points=points(kind_stats.points),
        best=points_short(kind_stats.best_points),
    )


def _solo_row(row: SoloLeaderboardRow, metric: SoloLeaderboardMetric) -> Text:
    """A player's row of a solo board, led by what the board is ranked by."""
    fields = {
        "rank": row.rank,
        "name": row.display_name if row.display_name else text("a former player"),
        "best": row.best_streak,
        "wins": wins(row.wins),
        "games": games(row.games),
        "current": row.current_streak,
    }
    if metric == "wins":
        return text(
            "**{rank}.** {name}: {wins} · {games} · best streak {best} · current streak {current}", **fields
        )
    return text(
        "**{rank}.** {name}: best streak {best} · {wins} · {games} · current streak {current}", **fields
    )


def not_ranked_by(game: str, metric: str, words: Words) -> str:
    """A metric asked of a board that does not rank by it: the ones it does."""
    asked = {**METRIC_TITLES, **SOLO_METRIC_TITLES}[metric]
    ranked_by = AnyOf(tuple(RANKED_BY[game].values()))
    refusal = text(
        "The {board} leaderboard does not rank by {asked}: it ranks by {ranked_by}.",
        board=BOARDS[game],
        asked=asked,
        ranked_by=ranked_by,
    )
    return clip(words(refusal), MESSAGE)


def unknown_variant(game: str, words: Words) -> str:
    label = SOLO_LABELS.get(game, str)
    known = AnyOf(
        tuple(symbols("{code} ({label})", code=Code(v), label=label(v)) for v in SOLO_VARIANTS[game])
    )
    refusal = text(
        "{game} has no such variant. Pick one of: {known}.", game=GAMES.get(game, game), known=known
    )
    return clip(words(refusal), MESSAGE)


class _Rows(Protocol):
    """A page of a board's rows, and how many rows the board has."""

    @property
    def rows(self) -> tuple[Any, ...]: ...

    @property
    def total(self) -> int: ...


Shown = TypeVar("Shown", bound=_Rows)


async def _on_a_page(fetch: Callable[[int], Awaitable[Shown]], page: int) -> tuple[Shown, int]:
    """Page `page` of a board (`fetch` takes its offset), or its last page when it has fewer
    now than when its Next button was drawn (players forgotten meanwhile): never an empty page
    of a board that has players."""
    result = await fetch(page * PAGE_SIZE)
    if page and not result.rows and result.total:
        page = (result.total - 1) // PAGE_SIZE
        result = await fetch(page * PAGE_SIZE)
    return result, page


@dataclass(frozen=True, slots=True)
class _Paging:
    """Where a board's page stands, and the button that shows another page of it."""

    total: int
    page: int
    button: Callable[[int, str], discord.ui.Item[Any]]
    counted: Callable[[int], Text] = lambda total: counted("{count} player", "{count} players", count=total)


def _board(
    words: Words, title: Text, lines: list[Text], empty: Text, paging: _Paging
) -> tuple[discord.Embed, discord.ui.View | None]:
    """One page of a leaderboard in `words`: its lines (or what to say when it has none), the
    footer "Page 2 of 5", and Previous/Next buttons when there is more than one page."""
    embed = discord.Embed(title=clip(words(title), EMBED_TITLE), colour=discord.Colour.gold())
    if not lines:
        embed.description = words(empty)
        return embed, None
    embed.description = clip(words(Lines(tuple(lines))), EMBED_DESCRIPTION)
    pages = max(1, -(-paging.total // PAGE_SIZE))
    footer = text(
        "Page {page} of {pages} · {total}",
        page=paging.page + 1,
        pages=pages,
        total=paging.counted(paging.total),
    )
    embed.set_footer(text=words(footer))
    if pages == 1:
        return embed, None
    view = controls_view()
    if paging.page > 0:
        view.add_item(paging.button(paging.page - 1, words(PREVIOUS)))
    if paging.page + 1 < pages:
        view.add_item(paging.button(paging.page + 1, words(NEXT)))
    return embed, view


def _partner_line(partner: PartnerStats) -> Text:
    return text(
        "{name}: {wins} in {games} ({rate})",
        name=partner.partner_name,
        wins=wins(partner.wins),
        games=games(partner.games),
        rate=Percent(partner.win_rate),
    )


def puzzle_line(stats: PuzzleStats) -> Text:
    # Counted by the puzzles tried: English says "1 of 3 daily puzzles"; a language whose noun
    # follows the puzzles solved ("1 énigme résolue sur 3") words its plural so that it reads
    # for any number solved.
    daily = counted(
        "Daily streak **{current}** (best {best}) · {solved} of {count} daily puzzle solved",
        "Daily streak **{current}** (best {best}) · {solved} of {count} daily puzzles solved",
        count=stats.attempted,
        current=stats.current_streak,
        best=stats.best_streak,
        solved=stats.solved,
    )
    if not stats.practice_attempted:
        return daily
    practice = counted(
        "{solved} of {count} practice puzzle solved",
        "{solved} of {count} practice puzzles solved",
        count=stats.practice_attempted,
        solved=stats.practice_solved,
    )
    return Text("{daily}\n{practice}", (("daily", daily), ("practice", practice)))
