"""docs/rules.md is the rules' reference (issue 13): every rule number the code and the tests cite
is written there."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITED = re.compile(r"\b([OCTHFSP])(\d{1,2})\b")
# Names that look like a rule number and are not one.
NOT_RULES = {"T0"}


def _cited() -> set[str]:
    found: set[str] = set()
    for folder in ("bot", "cogs", "tests"):
        for path in (ROOT / folder).rglob("*.py"):
            for family, number in CITED.findall(path.read_text(encoding="utf-8")):
                found.add(family + number)
    return found - NOT_RULES


def test_every_rule_the_code_cites_is_in_the_rules_document() -> None:
    document = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    written = set(re.findall(r"^- \*\*([OCTHFSP]\d{1,2}) ", document, flags=re.MULTILINE))
    cited = _cited()
    assert {"O6", "C7", "T8", "H5", "F12", "S4", "P2"} <= cited
    assert sorted(cited - written) == []


def test_the_rules_document_numbers_each_family_without_gaps() -> None:
    document = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    written = re.findall(r"^- \*\*([OCTHFSP])(\d{1,2}) ", document, flags=re.MULTILINE)
    counts = {"O": 10, "C": 8, "T": 9, "H": 6, "F": 15, "S": 12, "P": 3}
    for family, count in counts.items():
        numbers = [int(n) for f, n in written if f == family]
        assert numbers == list(range(1, count + 1)), family
