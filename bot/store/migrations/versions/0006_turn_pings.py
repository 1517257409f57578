"""Turn pings: a player's own switch for the message that mentions them when their turn comes at
a server table. NULL (and no row) is on, the default.

Revision ID: 0006_turn_pings
Revises: 0005_history
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006_turn_pings"
down_revision: str | Sequence[str] | None = "0005_history"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("user_preference") as batch:
        batch.add_column(sa.Column("turn_pings", sa.Boolean(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("user_preference") as batch:
        batch.drop_column("turn_pings")
