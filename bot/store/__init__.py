"""The store: SQLModel tables and the async repository `Store`, the only code that speaks SQL."""

from bot.store.engine import DEFAULT_DATABASE_URL
from bot.store.packing import unpack_state
from bot.store.records import CorruptRunningGame
from bot.store.records import DatabaseUnreachable
from bot.store.records import FinishedGameSummary
from bot.store.records import FinishedSeat
from bot.store.records import GameRecord
from bot.store.records import GuildTablePlace
from bot.store.records import GuildUnoSettings
from bot.store.records import KindStats
from bot.store.records import LeaderboardMetric
from bot.store.records import LeaderboardPage
from bot.store.records import LeaderboardRow
from bot.store.records import PackedRunningGame
from bot.store.records import PartnershipPage
from bot.store.records import PartnershipRow
from bot.store.records import PartnerStats
from bot.store.records import PlayerRecord
from bot.store.records import PlayerStats
from bot.store.records import PuzzleLeaderboardPage
from bot.store.records import PuzzleLeaderboardRow
from bot.store.records import PuzzleStats
from bot.store.records import RunningGame
from bot.store.records import SeatResult
from bot.store.records import SoloGameTaken
from bot.store.records import SoloLeaderboardMetric
from bot.store.records import SoloLeaderboardPage
from bot.store.records import SoloLeaderboardRow
from bot.store.records import SoloStats
from bot.store.records import StaleGameSave
from bot.store.records import StoreError
from bot.store.repository import Store

__all__ = [
    "DEFAULT_DATABASE_URL",
    "CorruptRunningGame",
    "DatabaseUnreachable",
    "FinishedGameSummary",
    "FinishedSeat",
    "GameRecord",
    "GuildTablePlace",
    "GuildUnoSettings",
    "KindStats",
    "LeaderboardMetric",
    "LeaderboardPage",
    "LeaderboardRow",
    "PackedRunningGame",
    "PartnerStats",
    "PartnershipPage",
    "PartnershipRow",
    "PlayerRecord",
    "PlayerStats",
    "PuzzleLeaderboardPage",
    "PuzzleLeaderboardRow",
    "PuzzleStats",
    "RunningGame",
    "SeatResult",
    "SoloGameTaken",
    "SoloLeaderboardMetric",
    "SoloLeaderboardPage",
    "SoloLeaderboardRow",
    "SoloStats",
    "StaleGameSave",
    "Store",
    "StoreError",
    "unpack_state",
]
