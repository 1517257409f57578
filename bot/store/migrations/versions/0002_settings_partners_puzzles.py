"""Server UNO settings and daily puzzle results and streaks.

Team partners need no table of their own: they are read from the seat results (`team`), so
forgetting a player's seats forgets their partnerships too.

Revision ID: 0002
Revises: 0001
Create Date: 2026-05-10
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def utc() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "guild_uno_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("ruleset", sa.String(length=64), nullable=False),
        sa.Column("options_json", sa.Text(), nullable=False),
        sa.Column("updated_by", sa.BigInteger(), nullable=True),
        sa.Column("updated_at", utc(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", name="pk_guild_uno_settings"),
    )
    op.create_table(
        "daily_puzzle_result",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("solved", sa.Boolean(), nullable=False),
        sa.Column("moves", sa.Integer(), nullable=False),
        sa.Column("undos", sa.Integer(), nullable=False),
        sa.Column("recorded_at", utc(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["player.user_id"], name="fk_daily_puzzle_result_user_id_player"
        ),
        sa.PrimaryKeyConstraint("user_id", "day", name="pk_daily_puzzle_result"),
    )
    op.create_table(
        "puzzle_stat",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("solved", sa.Integer(), nullable=False),
        sa.Column("attempted", sa.Integer(), nullable=False),
        sa.Column("current_streak", sa.Integer(), nullable=False),
        sa.Column("best_streak", sa.Integer(), nullable=False),
        sa.Column("last_solved", sa.Date(), nullable=True),
        sa.Column("last_played", sa.Date(), nullable=True),
        sa.Column("practice_solved", sa.Integer(), nullable=False),
        sa.Column("practice_attempted", sa.Integer(), nullable=False),
        sa.Column("updated_at", utc(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["player.user_id"], name="fk_puzzle_stat_user_id_player"),
        sa.PrimaryKeyConstraint("user_id", name="pk_puzzle_stat"),
    )


def downgrade() -> None:
    op.drop_table("puzzle_stat")
    op.drop_table("daily_puzzle_result")
    op.drop_table("guild_uno_settings")
