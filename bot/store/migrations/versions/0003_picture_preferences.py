"""Picture preferences: a player's own switch and a server's default.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "user_preference",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("pictures", sa.Boolean(), nullable=True),
        sa.PrimaryKeyConstraint("user_id", name="pk_user_preference"),
    )
    op.create_table(
        "guild_preference",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("pictures", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", name="pk_guild_preference"),
    )


def downgrade() -> None:
    op.drop_table("guild_preference")
    op.drop_table("user_preference")
