"""What the store writes, counted: statements and bytes (SQL text and parameters) that change data.
bench/bot.py reads it to report what a move costs the database."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import event

from bot.store.repository import Store

_WRITES = ("INSERT", "UPDATE", "DELETE")


@dataclass
class WriteMeter:
    statements: int = 0
    bytes: int = 0

    def watch(self, store: Store) -> None:
        event.listen(store.engine.sync_engine, "before_cursor_execute", self._count)
        store.watch_writes(self._count_driver)

    def _count_driver(self, statement: str, parameters: Any) -> None:
        self._count(None, None, statement, parameters, None, False)

    def _count(
        self, conn: Any, cursor: Any, statement: str, parameters: Any, context: Any, many: bool
    ) -> None:
        if statement.lstrip().upper().startswith(_WRITES):
            self.statements += 1
            self.bytes += len(statement) + _size(parameters)


def _size(parameters: Any) -> int:
    if isinstance(parameters, dict):
        return sum(_size(value) for value in parameters.values())
    if isinstance(parameters, list | tuple):
        return sum(_size(value) for value in parameters)
    if isinstance(parameters, str | bytes):
        return len(parameters)
    return 8  # a number or a timestamp, as the driver sends it
