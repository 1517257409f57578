"""The first schema: players, running games, finished games with seat results, solo stats.

Revision ID: 0001
Revises:
Create Date: 2026-05-09
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def utc() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "player",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("display_name", sa.String(length=100), nullable=False),
        sa.Column("last_seen", utc(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name="pk_player"),
    )
    op.create_table(
        "running_game",
        sa.Column("game_id", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("message_ids_json", sa.Text(), nullable=False),
        sa.Column("state_json", sa.Text(), nullable=False),
        sa.Column("settings_json", sa.Text(), nullable=False),
        sa.Column("deadline", utc(), nullable=True),
        sa.Column("move_count", sa.Integer(), nullable=False),
        sa.Column("updated_at", utc(), nullable=False),
        sa.PrimaryKeyConstraint("game_id", name="pk_running_game"),
    )
    op.create_index("ix_running_game_kind", "running_game", ["kind"])
    op.create_table(
        "running_game_seat",
        sa.Column("game_id", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["running_game.game_id"],
            name="fk_running_game_seat_game_id_running_game",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "user_id", name="pk_running_game_seat"),
    )
    op.create_index("ix_running_game_seat_user_id", "running_game_seat", ["user_id"])
    op.create_table(
        "finished_game",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("ruleset", sa.String(length=64), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("finished_at", utc(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_finished_game"),
    )
    op.create_index("ix_finished_game_kind_guild_id", "finished_game", ["kind", "guild_id"])
    op.create_table(
        "seat_result",
        sa.Column("finished_game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("team", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["finished_game_id"],
            ["finished_game.id"],
            name="fk_seat_result_finished_game_id_finished_game",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(["user_id"], ["player.user_id"], name="fk_seat_result_user_id_player"),
        sa.PrimaryKeyConstraint("finished_game_id", "seat", name="pk_seat_result"),
    )
    op.create_index("ix_seat_result_user_id", "seat_result", ["user_id"])
    op.create_table(
        "solo_stat",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("variant", sa.String(length=64), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("current_streak", sa.Integer(), nullable=False),
        sa.Column("best_streak", sa.Integer(), nullable=False),
        sa.Column("updated_at", utc(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "kind", "variant", name="pk_solo_stat"),
    )
    op.create_index("ix_solo_stat_kind_variant", "solo_stat", ["kind", "variant"])


def downgrade() -> None:
    op.drop_index("ix_solo_stat_kind_variant", table_name="solo_stat")
    op.drop_table("solo_stat")
    op.drop_index("ix_seat_result_user_id", table_name="seat_result")
    op.drop_table("seat_result")
    op.drop_index("ix_finished_game_kind_guild_id", table_name="finished_game")
    op.drop_table("finished_game")
    op.drop_index("ix_running_game_seat_user_id", table_name="running_game_seat")
    op.drop_table("running_game_seat")
    op.drop_index("ix_running_game_kind", table_name="running_game")
    op.drop_table("running_game")
    op.drop_table("player")
