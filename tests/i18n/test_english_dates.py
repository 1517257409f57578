"""English dates are written by Babel in English, whatever the bot's host has for its locale: a
weekday or month from strftime (`%A`, `%B`) follows the process's LC_TIME, so a host set to
German wrote "Donnerstag 1 Januar 2026" in the English puzzle titles."""

from __future__ import annotations

import locale
import shutil
import subprocess
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from bot.i18n.catalogue import SOURCE
from bot.i18n.words import Words

GERMAN = "de_DE.UTF-8"


@pytest.fixture
def german_host(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The process's LC_TIME set to German, from a locale compiled into `tmp_path` (glibc reads
    LOCPATH at each setlocale), so nothing is installed on the machine; put back afterwards."""
    localedef = shutil.which("localedef")
    if localedef is None:
        pytest.skip("no localedef to build a German locale with")
    built = subprocess.run(
        [localedef, "-i", "de_DE", "-f", "UTF-8", str(tmp_path / GERMAN)], capture_output=True, check=False
    )
    if not (tmp_path / GERMAN).exists():
        pytest.skip(f"no German locale could be built: {built.stderr.decode(errors='replace')}")
    monkeypatch.setenv("LOCPATH", str(tmp_path))
    before = locale.setlocale(locale.LC_TIME)
    try:
        locale.setlocale(locale.LC_TIME, GERMAN)
    except locale.Error as refused:
        pytest.skip(f"the German locale did not load: {refused}")
    assert f"{date(2026, 1, 1):%A}" == "Donnerstag", "strftime follows the host's LC_TIME"
    try:
        yield
    finally:
        locale.setlocale(locale.LC_TIME, before)


def test_an_english_reader_reads_english_days_on_a_german_host(german_host: None) -> None:
    assert Words(SOURCE).long_day(date(2026, 1, 1)) == "Thursday 1 January 2026"
    assert Words(SOURCE).long_day(date(2026, 9, 30)) == "Wednesday 30 September 2026"
    # Other readers keep their own language's way.
    assert Words("fr").long_day(date(2026, 1, 1)) == "jeudi 1 janvier 2026"
