"""The store: SQLModel tables and the async repository `Store`, the only code that speaks SQL."""

from bot.store.engine import DEFAULT_DATABASE_URL
from bot.store.records import (
    CorruptRunningGame,
    KindStats,
    LeaderboardMetric,
    LeaderboardPage,
    LeaderboardRow,
    PlayerRecord,
    PlayerStats,
    RunningGame,
    SeatResult,
    SoloLeaderboardMetric,
    SoloLeaderboardPage,
    SoloLeaderboardRow,
    SoloStats,
    StaleGameSave,
    StoreError,
)
from bot.store.repository import Store

__all__ = [
    "DEFAULT_DATABASE_URL",
    "CorruptRunningGame",
    "KindStats",
    "LeaderboardMetric",
    "LeaderboardPage",
    "LeaderboardRow",
    "PlayerRecord",
    "PlayerStats",
    "RunningGame",
    "SeatResult",
    "SoloLeaderboardMetric",
    "SoloLeaderboardPage",
    "SoloLeaderboardRow",
    "SoloStats",
    "StaleGameSave",
    "Store",
    "StoreError",
]
