"""What the bot remembers, as the cogs ask for it: forgetting a player, counting a puzzle's
result, a server's defaults for new tables, stats and leaderboards.

The cogs call these use cases and never the store: a use case that spans the store and the
running games (forgetting a player must first take them out of their games, or a game saved
afterwards would write them back) is written here once. The store's result values that a
presenter shows are named here too, so a cog needs nothing from `bot.store`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from collections.abc import Collection
from dataclasses import replace
from datetime import date

from bot.games.errors import GameError
from bot.i18n.text import text
from bot.sessions.core import SessionError
from bot.sessions.history import GameReplay
from bot.sessions.history import History
from bot.sessions.manager import TableManager
from bot.sessions.persistence import KIND as TABLE_KIND
from bot.sessions.places import TablePlace
from bot.sessions.places import Where
from bot.sessions.solo import SoloManager
from bot.sessions.solo import SoloSession
from bot.sessions.solo_history import SoloHistory
from bot.sessions.solo_history import SoloReplay
from bot.sessions.solo_history import SoloStep
from bot.sessions.solo_history import forget_kinds
from bot.sessions.table import TableSettings
from bot.store import FinishedGameSummary
from bot.store import FinishedSeat
from bot.store import GuildTablePlace
from bot.store import KindStats
from bot.store import LeaderboardMetric
from bot.store import LeaderboardPage
from bot.store import LeaderboardRow
from bot.store import PartnershipPage
from bot.store import PartnerStats
from bot.store import PlayerStats
from bot.store import PuzzleLeaderboardPage
from bot.store import PuzzleLeaderboardRow
from bot.store import PuzzleStats
from bot.store import SoloLeaderboardMetric
from bot.store import SoloLeaderboardPage
from bot.store import SoloLeaderboardRow
from bot.store import SoloStats
from bot.store import Store

__all__ = [
    "FinishedGameSummary",
    "FinishedSeat",
    "GameReplay",
    "KindStats",
    "LeaderboardMetric",
    "LeaderboardPage",
    "LeaderboardRow",
    "PartnerStats",
    "PartnershipPage",
    "PlayerStats",
    "PuzzleLeaderboardPage",
    "PuzzleLeaderboardRow",
    "PuzzleStats",
    "Records",
    "SessionError",
    "SoloLeaderboardMetric",
    "SoloLeaderboardPage",
    "SoloLeaderboardRow",
    "SoloReplay",
    "SoloStats",
    "SoloStep",
    "TablePlace",
    "Where",
]

log = logging.getLogger(__name__)

SEATED_ELSEWHERE = text(
    "You are still at a UNO table elsewhere (in another server, or in a direct message with the "
    "bot). Ask again once its game has ended, or once you have left it with `/uno leave` before "
    "it started: deleting your data now would end that game for everyone at it."
)


class Records:
    def __init__(
        self,
        store: Store,
        tables: TableManager,
        solo: SoloManager,
        serves: Callable[[int | None], bool] | None = None,
    ) -> None:
        self._store = store
        self._tables = tables
        self._solo = solo
        # Which places' tables this process holds (`Settings.serves`); None: unknown, so a table
        # not held here may be another process's.
        self._serves = serves
        # A server's table place is changed by a read and a write (`change_table_place`): its
        # channels and roles deleted together (a raid's clean-up), or deleted while an admin saves
        # its settings, one change would otherwise write back what another had just taken out.
        # A server's events and commands all come to the process of its shard.
        self._place_changes = asyncio.Lock()
        # Finished games looked back at: history lists and replays.
        self.history = History(store)
        self.solo_history = SoloHistory(store)

    # ------------------------------------------------------------------ forgetting

    async def forget_user(self, user_id: int) -> None:
        """/privacy forget: out of their table's seat (by user id, never by name), their solo
        games ended uncounted, then everything the store keeps about them deleted. The games
        come first, so none of them saves the player back afterwards.

        A table another process of the bot holds (a server on another shard, or a DM table when
        this process has no shard 0) cannot be changed from here, and deleting its saved game
        would end it for everyone at it: the player is asked to come back once it has ended, and
        nothing is deleted. (Their solo games are theirs alone: one held elsewhere just ends.)
        A saved table of a place this process serves that it does not hold is played by nobody
        (left over, say, from a channel that had two): it must not keep anyone from forgetting."""
        for game_id in await self._store.running_game_ids_for_user(user_id, kind=TABLE_KIND):
            if not self._tables.holds(game_id) and await self._held_elsewhere(game_id):
                raise SessionError(SEATED_ELSEWHERE)
        await self._tables.forget_player(user_id)
        for session in self._solo.sessions_of(user_id):
            try:
                await session.abort()
            except Exception:
                log.exception("could not end solo game %s of %s", session.game_id, user_id)
        # Their finished solo games go whole: only they could replay them (solo_history); so do
        # the UNO games they played against computer players alone, kept for nobody else.
        await self._store.delete_players_games(user_id, forget_kinds())
        await self._store.forget_user(user_id)

    async def _held_elsewhere(self, game_id: str) -> bool:
        if self._serves is None:
            return True
        saved = await self._store.get_running_game(game_id)
        return saved is not None and not self._serves(saved.guild_id)

    # ------------------------------------------------------------------ a server the bot left

    async def forget_server(self, guild_id: int) -> None:
        """The bot was removed from a server: the solo games its members played privately there
        end uncounted (`SoloManager.close_in_servers`), and what its admins set goes at once,
        since nothing uses it any more (a server that adds the bot again starts from the
        defaults). Its tables end first, in the cog, with their players told why. The games
        finished there stay: they are their players' records (`/stats`, the boards), which
        `/privacy forget` removes."""
        await self._solo.close_in_servers(lambda guild: guild == guild_id)
        await self._store.forget_guild(guild_id)

    async def forget_servers_left(self, present: Collection[int]) -> tuple[int, ...]:
        """At a start: the solo games and the settings of every server this process serves that
        the bot is no longer in (`present`: the servers its shards are in), removed while the
        bot was offline, when no event came for it, as `forget_server` does. Returns the servers
        whose settings went."""

        def left(guild_id: int) -> bool:
            return guild_id not in present and (self._serves is None or self._serves(guild_id))

        await self._solo.close_in_servers(left)
        gone = tuple(guild_id for guild_id in await self._store.guilds_with_settings() if left(guild_id))
        for guild_id in gone:
            await self._store.forget_guild(guild_id)
        return gone

    async def place_gone(self, guild_id: int, place_id: int) -> None:
        """A channel, category or role of the server was deleted: it leaves where the server's
        tables may run, so nobody is sent to a channel that is gone nor asked for a role nobody
        can have. Without a channel left, tables run anywhere, as `channels:anywhere` says;
        without the role, everyone may play, as Discord forgets a deleted role's permissions."""

        def without(place: TablePlace) -> TablePlace:
            channels = tuple(c for c in place.channel_ids if c != place_id)
            role = None if place.role_id == place_id else place.role_id
            return TablePlace(place.threads, channels, role)

        await self.change_table_place(guild_id, without)

    # ------------------------------------------------------------------ a server's defaults

    async def server_defaults(self, guild_id: int) -> TableSettings:
        """This server's saved defaults for new tables, or the bot's own."""
        saved = await self._store.guild_uno_settings(guild_id)
        if saved is None:
            return TableSettings()
        try:
            return TableSettings.of_server(saved.ruleset, saved.options)
        except GameError as error:
            # Saved under rules that have changed since: a table still opens, with the bot's.
            log.warning("server %s: saved UNO defaults no longer valid: %s", guild_id, error)
            return TableSettings()

    async def save_server_defaults(self, guild_id: int, settings: TableSettings, *, by: int) -> None:
        await self._store.set_guild_uno_settings(
            guild_id, settings.ruleset, settings.server_options(), updated_by=by
        )

    async def clear_server_defaults(self, guild_id: int) -> None:
        await self._store.clear_guild_uno_settings(guild_id)

    async def table_place(self, guild_id: int) -> TablePlace:
        """Where this server lets its tables run (anywhere, in the channel itself, by default)."""
        saved = await self._store.guild_table_place(guild_id)
        if saved is None:
            return TablePlace()
        return TablePlace(saved.threads, saved.channel_ids, saved.role_id)

    async def change_table_place(
        self, guild_id: int, change: Callable[[TablePlace], TablePlace]
    ) -> TablePlace:
        """The server's table place, read, changed by `change` and saved, one change at a time:
        an admin's `/uno settings` and channels or a role deleted at the same moment would
        otherwise each write back what the other had just changed. Returns the place saved."""
        async with self._place_changes:
            place = await self.table_place(guild_id)
            changed = change(place)
            if changed != place:
                await self.save_table_place(guild_id, changed)
            return changed

    async def save_table_place(self, guild_id: int, place: TablePlace) -> None:
        await self._store.set_guild_table_place(
            GuildTablePlace(guild_id, place.threads, place.channel_ids, place.role_id)
        )

    # ------------------------------------------------------------------ puzzles

    async def count_daily_puzzle(
        self, game: SoloSession, day: date, *, solved: bool, moves: int, undos: int
    ) -> PuzzleStats:
        """The result of `game`, the puzzle of `day`: counted once, with the end of the game."""
        return await self._store.record_daily_puzzle(
            game.user_id,
            game.user_name,
            day,
            solved=solved,
            moves=moves,
            undos=undos,
            today=game.now().date(),
            ends=game.game_id,
        )

    async def count_practice_puzzle(self, game: SoloSession, *, solved: bool) -> PuzzleStats:
        """The result of practice puzzle `game`: counted once, with the end of the game."""
        return await self._store.record_practice_puzzle(
            game.user_id, game.user_name, solved=solved, ends=game.game_id
        )

    async def daily_puzzle_result(self, user_id: int, day: date) -> bool | None:
        return await self._store.daily_puzzle_result(user_id, day)

    async def puzzle_stats(self, user_id: int, *, today: date) -> PuzzleStats:
        return await self._store.puzzle_stats(user_id, today=today)

    # ------------------------------------------------------------------ stats and boards

    async def known_as(self, user_id: int, name: str) -> None:
        """The player asked for their stats or a board: the name the boards show becomes the
        one they go by now, so a name they changed (their real name, say) does not stay on the
        boards until they play again."""
        await self._store.rename_player(user_id, name)

    async def player_stats(self, user_id: int) -> PlayerStats:
        stats = await self._store.player_stats(user_id, None)
        # Finished solo games are kept for their replays; their stats are the solo streaks.
        solo = forget_kinds()
        return replace(stats, kinds=tuple(k for k in stats.kinds if k.kind not in solo))

    async def solo_stats(self, user_id: int, kind: str) -> tuple[SoloStats, ...]:
        return await self._store.solo_stats(user_id, kind)

    async def best_partners(
        self, user_id: int, *, guild_id: int | None = None, limit: int
    ) -> tuple[PartnerStats, ...]:
        """The players `user_id` won most with: in one server, or (None) everywhere."""
        return await self._store.best_partners(user_id, guild_id=guild_id, limit=limit)

    async def leaderboard(
        self,
        kind: str,
        guild_id: int | None,
        metric: LeaderboardMetric,
        *,
        min_games: int,
        limit: int,
        offset: int,
    ) -> LeaderboardPage:
        return await self._store.leaderboard(
            kind, guild_id, metric, min_games=min_games, limit=limit, offset=offset
        )

    async def partners_leaderboard(self, guild_id: int | None, *, limit: int, offset: int) -> PartnershipPage:
        return await self._store.partners_leaderboard(guild_id, limit=limit, offset=offset)

    async def puzzle_leaderboard(self, *, limit: int, offset: int, today: date) -> PuzzleLeaderboardPage:
        return await self._store.puzzle_leaderboard(limit=limit, offset=offset, today=today)

    async def solo_leaderboard(
        self, kind: str, variant: str, metric: SoloLeaderboardMetric, *, limit: int, offset: int = 0
    ) -> SoloLeaderboardPage:
        return await self._store.solo_leaderboard(kind, variant, metric, limit=limit, offset=offset)
