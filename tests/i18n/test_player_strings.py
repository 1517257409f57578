"""The lint of issue 21: every sentence a player reads goes through the message catalogues.

A string literal in the code that reads as words (two words or more, or a button's label) must be
the msgid of a `text(...)` or `counted(...)`, so that it is translated. What is not said to a
player is let through: docstrings, logs, programming errors (ValueError and its kin), the slash
commands' own strings (translated by the commands domain; a constant holding one is marked
`# commands domain`), and a line marked with the comment `# not shown to players` (an SQL
statement, a custom id, a console message).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ("bot", "cogs")
# Code that speaks to the console or to the developer, not to a player.
NOT_FOR_PLAYERS = (
    "bot/i18n/",
    "bot/store/",
    "bot/app.py",
    "bot/__main__.py",
    "bot/settings.py",
    "bot/ops.py",
    "bot/demo.py",
    "bot/games/uno/ai/",
    "bot/games/solver/",
)
MARK = "# not shown to players"
# A slash command's string kept in a constant: the commands domain (cogs/translator.py) has it.
COMMAND_MARK = "# commands domain"
PROSE = re.compile(r"[A-Za-z]{2,}(?:[\s,;!?'\u2019()]|[.:]\s)+[A-Za-z]{2,}")
WORD = re.compile(r"[A-Za-z]{2,}")
SHOWN_KEYWORDS = {"label", "placeholder", "content", "title", "description", "name", "value", "text"}
CATALOGUE_CALLS = {"text", "counted"}
LOG_NAMES = {"log", "logger", "logging"}
PROGRAMMING_ERRORS = {
    "ValueError",
    "TypeError",
    "RuntimeError",
    "KeyError",
    "IndexError",
    "LookupError",
    "AssertionError",
    "NotImplementedError",
    "AttributeError",
}
COMMAND_CALLS = {"command", "describe", "choices", "rename", "Choice", "Group", "game_group", "guild_only"}
# Calls whose strings name a thing for the program (an asyncio task's name).
PROGRAM_CALLS = {"create_task"}
PROGRAM_KEYWORDS = {"custom_id"}


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _owner(node: ast.expr) -> str:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else ""


def _marked_lines(source: str) -> set[int]:
    return {
        token.start[0]
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.COMMENT and (MARK in token.string or COMMAND_MARK in token.string)
    }


class _Finder(ast.NodeVisitor):
    """Collects (line, string) for each literal that reads as words and is not let through."""

    def __init__(self, marked: set[int]) -> None:
        self.marked = marked
        self.found: list[tuple[int, str]] = []

    def _skip_docstring(self, body: list[ast.stmt]) -> list[ast.stmt]:
        first = body[0] if body else None
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            return body[1:]
        return body

    def visit_Module(self, node: ast.Module) -> None:
        for statement in self._skip_docstring(node.body):
            self.visit(statement)

    def _visit_definition(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        # Decorators carry the slash commands' strings: the commands domain translates them.
        # A parameter's default is a value for the program (a Literal choice), not a sentence.
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                self.visit(base)
        for statement in self._skip_docstring(node.body):
            self.visit(statement)

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _visit_definition

    def visit_Call(self, node: ast.Call) -> None:
        name = _name(node.func)
        if name in CATALOGUE_CALLS and isinstance(node.func, ast.Name):
            for keyword in node.keywords:
                self.visit(keyword.value)
            return
        if (
            _owner(node.func) in LOG_NAMES
            or name in COMMAND_CALLS | PROGRAM_CALLS
            or _owner(node.func) == "app_commands"
        ):
            return
        for argument in node.args:
            self.visit(argument)
        for keyword in node.keywords:
            if keyword.arg in PROGRAM_KEYWORDS:
                continue
            if keyword.arg in SHOWN_KEYWORDS and _is_label(keyword.value):
                self._report(keyword.value)
            else:
                self.visit(keyword.value)
        self.visit(node.func)

    def visit_Raise(self, node: ast.Raise) -> None:
        if (
            node.exc is not None
            and isinstance(node.exc, ast.Call)
            and _name(node.exc.func) in PROGRAMMING_ERRORS
        ):
            return
        self.generic_visit(node)

    def visit_Assert(self, node: ast.Assert) -> None:
        return

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        # A key of a mapping or a typed dict ("settings['x y']") is a name, not a sentence.
        self.visit(node.value)

    def visit_Compare(self, node: ast.Compare) -> None:
        # Comparing with a literal reads a value; it says nothing.
        return

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and PROSE.search(node.value):
            self._report(node)

    def _report(self, node: ast.expr) -> None:
        if node.lineno in self.marked or getattr(node, "end_lineno", node.lineno) in self.marked:
            return
        shown = node.value if isinstance(node, ast.Constant) else ast.unparse(node)
        self.found.append((node.lineno, str(shown)))


def _is_label(node: ast.expr) -> bool:
    """A literal shown as it is in a control or an embed: a word or more."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and bool(WORD.search(node.value))
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(part, ast.Constant) and WORD.search(str(part.value)) for part in node.values)
    return False


def untranslated(path: Path) -> list[tuple[int, str]]:
    """The literals of a file that read as words and bypass the catalogues."""
    source = path.read_text(encoding="utf-8")
    finder = _Finder(_marked_lines(source))
    finder.visit(ast.parse(source, filename=str(path)))
    return finder.found


def checked_files(root: Path = ROOT) -> list[str]:
    files = [
        path.relative_to(root).as_posix()
        for folder in CHECKED
        for path in sorted((root / folder).rglob("*.py"))
    ]
    return [path for path in files if not path.startswith(NOT_FOR_PLAYERS)]


@pytest.mark.parametrize("path", checked_files())
def test_every_sentence_a_player_reads_goes_through_the_catalogues(path: str) -> None:
    found = untranslated(ROOT / path)
    assert not found, (
        f"{path} says to players words the catalogues do not hold; wrap each in text(...) or "
        f"counted(...) and run `python -m bot catalogue` (or mark a line that no player reads with "
        f"'{MARK}'):\n" + "\n".join(f"  line {line}: {shown!r}" for line, shown in found)
    )


def test_the_lint_finds_a_sentence_a_label_and_an_fstring_and_lets_the_rest_through(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""A module docstring is not said."""\n'
        "import logging\n"
        "log = logging.getLogger(__name__)\n"
        "def f(n, x):\n"
        '    """Nor a function\'s."""\n'
        '    log.info("a log line is for admins")\n'
        '    if x == "some value":\n'
        '        raise ValueError("a programming error")\n'
        '    a = text("You drew {count} cards.", count=n)\n'
        '    b = "You drew a card."\n'
        '    c = f"You drew {n} cards."\n'
        '    d = Button(label="Draw")\n'
        '    e = "SELECT a FROM b"  # not shown to players\n'
        '    g = counted("{count} card", "{count} cards", count=n)\n'
        "    return a, b, c, d, e, g\n",
        encoding="utf-8",
    )
    assert [line for line, _ in untranslated(sample)] == [10, 11, 12]


def said_msgids(path: Path) -> set[str]:
    """The literal msgid of every `text(...)` and `counted(...)` call of a file, read from its
    syntax tree (the catalogue's extractor reads tokens, and can miss a call nested in another
    whose name ends the same way, such as Pillow's `draw.text(...)`)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in CATALOGUE_CALLS
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value)
    return found


def test_the_catalogues_hold_every_sentence_the_code_says() -> None:
    from bot.i18n.catalogue import MESSAGE_DOMAINS
    from bot.i18n.catalogue import load_domain

    held = {msgid for name in MESSAGE_DOMAINS for _, msgid in load_domain(name).message_keys()}
    said = {
        msgid for folder in CHECKED for path in (ROOT / folder).rglob("*.py") for msgid in said_msgids(path)
    }
    assert sorted(said - held) == [], (
        "run `python -m bot catalogue`, or unnest a text(...) the extractor missed"
    )
