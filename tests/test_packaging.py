"""The production install carries only what production runs (issue 13): the demo's simulated
Discord is an extra that ./start.sh demo installs, the tests' install includes it."""

from __future__ import annotations

import subprocess
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
    assert "install_venv demo '.[demo]'" in script
    assert "install_venv run ." in script


def _fake_venv(project: Path, *, uv_works: bool) -> Path:
    """A project folder with pyproject.toml and a .venv whose python and uv only log their
    arguments (uv fails when `uv_works` is false)."""
    (project / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    bin_dir = project / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    log = project / "calls.log"
    for name, status in (("python", 0), ("uv", 0 if uv_works else 1)):
        tool = bin_dir / name
        tool.write_text(f'#!/bin/sh\necho "{name} $*" >> "{log}"\nexit {status}\n', encoding="utf-8")
        tool.chmod(0o755)
    return log


def _install(project: Path, *calls: str) -> None:
    script = f". '{ROOT / 'scripts' / 'venv.sh'}'; " + "; ".join(calls)
    subprocess.run(["bash", "-euc", script], cwd=project, check=True, capture_output=True)


def test_the_install_runs_once_per_extra_until_pyproject_changes(tmp_path: Path) -> None:
    log = _fake_venv(tmp_path, uv_works=True)
    _install(tmp_path, "install_venv dev '.[dev]'", "install_venv dev '.[dev]'", "install_venv run .")
    installs = [line for line in log.read_text(encoding="utf-8").splitlines() if line.startswith("uv ")]
    assert installs == [
        "uv pip install --quiet --compile-bytecode --python .venv/bin/python -e .[dev]",
        "uv pip install --quiet --compile-bytecode --python .venv/bin/python -e .",
    ]
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'y'\n", encoding="utf-8")
    _install(tmp_path, "install_venv dev '.[dev]'")
    assert log.read_text(encoding="utf-8").splitlines()[-1].endswith("-e .[dev]")


def test_pip_installs_when_uv_cannot(tmp_path: Path) -> None:
    log = _fake_venv(tmp_path, uv_works=False)
    _install(tmp_path, "install_venv demo '.[demo]'")
    assert log.read_text(encoding="utf-8").splitlines()[-1] == "python -m pip install --quiet -e .[demo]"
    assert list(tmp_path.glob(".venv/.installed-demo-*")), "the install is stamped"


def _env_example() -> dict[str, list[str]]:
    """Each setting .env.example sets, with the comment lines of the block it stands in."""
    found: dict[str, list[str]] = {}
    comment: list[str] = []
    for line in (ROOT / ".env.example").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            comment = []
        elif line.startswith("#"):
            comment.append(line)
        else:
            found[line.partition("=")[0]] = comment
    return found


def test_env_example_describes_every_setting_the_bot_reads() -> None:
    from bot.settings import Settings

    listed = _env_example()
    assert set(listed) == {name.upper() for name in Settings.model_fields}
    assert not [name for name, comment in listed.items() if not comment], "a setting without its comment"
