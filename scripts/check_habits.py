"""The project's own habits, checked in `make test` (`make lint`), in apps/ outside tests and
migrations:

- templates never compare a status, state or level with a string: they ask the object
  (``tournament.play_over``, ``job.succeeded``, ``homologation.where``);
- an index (1,2, 1,5, 1,8) or a série's name is written only in its home
  (apps/tournaments/domain/indices.py, apps/federation/domain/series.py); docstrings and
  comments quote the regulation freely;
- a model is written (``objects.create``, ``update``, ``save()``…) only by its own app: the
  others call its services. The demonstration data (apps/demo) seeds the database as a
  fixture would and is left out.

    python scripts/check_habits.py    # prints each finding as path:line: what; exit 1 if any
"""

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

STATUS_COMPARED = re.compile(r"\b(?:status|state|level)\w*\s*(?:==|!=|\bin\b)\s*[\"']")
INDEX_LITERALS = {"1.2", "1.5", "1.8"}
SERIES_NAME = re.compile(r"\b(?:1(?:ère|re|ʳᵉ)|2(?:ème|e|ᵉ|nde)|première|deuxième) série", re.I)
HOMES = {
    "index": Path("apps/tournaments/domain/indices.py"),
    "series": Path("apps/federation/domain/series.py"),
}
WRITES = {"create", "bulk_create", "get_or_create", "update_or_create", "update", "bulk_update"}
WRITES_ELSEWHERE = {"save", "delete"}
SEEDS = "demo"  # the app that seeds demonstration data


def template_findings(text: str) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(text.splitlines(), start=1):
        if STATUS_COMPARED.search(line):
            yield number, "a template compares a status string: ask the object instead"


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of the module, its classes and functions."""
    nodes = [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef | ast.FunctionDef))]
    return {
        id(node.body[0].value)
        for node in nodes
        if node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def literal_findings(tree: ast.AST, path: Path) -> Iterator[tuple[int, str]]:
    docstrings = _docstrings(tree)
    for node in ast.walk(tree):
        if (
            path != HOMES["index"]
            and isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "Decimal"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and str(node.args[0].value) in INDEX_LITERALS
        ):
            yield node.lineno, f"an index written out: import it from {HOMES['index']}"
        if (
            path != HOMES["series"]
            and isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and SERIES_NAME.search(node.value)
        ):
            yield node.lineno, f"a série's name written out: import it from {HOMES['series']}"


def _owners(tree: ast.AST) -> dict[str, str]:
    """The models the module imports, by name: the app each belongs to."""
    owners = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and re.fullmatch(
            r"apps\.\w+\.models", node.module or ""
        ):
            for alias in node.names:
                owners[alias.asname or alias.name] = node.module.split(".")[1]
    return owners


def _model_of(expr: ast.AST, owners: dict[str, str]) -> str | None:
    """The app of the model an expression starts from (``X(...)``, ``X.objects…``)."""
    while isinstance(expr, ast.Call | ast.Attribute):
        expr = expr.func if isinstance(expr, ast.Call) else expr.value
    return owners.get(expr.id) if isinstance(expr, ast.Name) else None


def _through_manager(expr: ast.AST) -> bool:
    """Whether an expression goes through a model's manager (``X.objects…``)."""
    while isinstance(expr, ast.Call | ast.Attribute):
        if isinstance(expr, ast.Attribute) and expr.attr == "objects":
            return True
        expr = expr.func if isinstance(expr, ast.Call) else expr.value
    return False


def write_findings(tree: ast.AST, app: str) -> Iterator[tuple[int, str]]:
    owners = _owners(tree)
    if app == SEEDS or not owners:
        return
    for function in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        held = {  # names bound to another app's model instance in the function
            node.targets[0].id: owner
            for node in ast.walk(function)
            if isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and (owner := _model_of(node.value, owners))
        }
        for node in ast.walk(function):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            target, method = node.func.value, node.func.attr
            owner = None
            if method in WRITES and _through_manager(target):
                owner = _model_of(target, owners)
            elif method in WRITES_ELSEWHERE:
                owner = held.get(target.id) if isinstance(target, ast.Name) else None
            if owner and owner != app:
                yield node.lineno, f"writes a model of {owner}: call apps.{owner}'s services"


def _checked_files() -> Iterator[Path]:
    for path in sorted((ROOT / "apps").rglob("*")):
        relative = path.relative_to(ROOT)
        if path.suffix in (".py", ".html") and not {"migrations", "tests"} & set(relative.parts):
            yield relative
    yield from sorted(p.relative_to(ROOT) for p in (ROOT / "templates").rglob("*.html"))


def findings() -> list[str]:
    found = []
    for path in _checked_files():
        text = (ROOT / path).read_text(encoding="utf-8")
        if path.suffix == ".html":
            lines = template_findings(text)
        else:
            tree = ast.parse(text)
            lines = [*literal_findings(tree, path), *write_findings(tree, path.parts[1])]
        found += [f"{path}:{line}: {what}" for line, what in lines]
    return found


def main() -> int:
    found = findings()
    print("\n".join(found) or "The project's habits hold.")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
