"""The production install carries only what production runs (issue 13): the demo's simulated
Discord is an extra that ./start.sh demo installs, the tests' install includes it."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _project() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        project: dict[str, object] = tomllib.load(file)["project"]
    return project


def test_simcord_is_not_a_production_dependency() -> None:
    dependencies = _project()["dependencies"]
    assert isinstance(dependencies, list)
    assert not [d for d in dependencies if d.lower().startswith("simcord")]


def test_the_demo_extra_brings_the_preview_and_dev_keeps_it() -> None:
    extras = _project()["optional-dependencies"]
    assert isinstance(extras, dict)
    assert any(d.startswith("simcord[") and "preview" in d for d in extras["demo"])
    assert any(d.startswith("simcord[") and "preview" in d and "pytest" in d for d in extras["dev"])


def test_start_sh_installs_the_demo_extra_only_for_the_demo() -> None:
    script = (ROOT / "start.sh").read_text(encoding="utf-8")
    assert "'.[demo]'" in script
    assert ".installed-$what-" in script
