"""Each test module stands alone: what several share lives in a helper module (builders,
factories, personas, ``conftest.py``), never in another test module, whose import would
collect its tests twice and tie the two together. Test packages hold tests."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _test_module(name: str) -> bool:
    return name.rpartition(".")[2].startswith("test_")


def imported_test_modules(source: str) -> list[tuple[int, str]]:
    """The test modules ``source`` imports: (line, module)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if _test_module(a.name)]
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            if _test_module(module):
                found.append((node.lineno, module))
            found += [
                (node.lineno, f"{module}.{a.name}") for a in node.names if _test_module(a.name)
            ]
    return found


def _test_files():
    for folder in ("tests", "apps"):
        yield from (ROOT / folder).rglob("test_*.py")


def test_no_test_module_imports_another():
    imports = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in _test_files()
        for line, module in imported_test_modules(path.read_text(encoding="utf-8"))
    ]
    assert imports == []


def test_the_check_finds_each_way_of_importing_a_test_module():
    source = (
        "from tests.rankings.test_computation import helper\n"
        "import tests.exchange.test_file_commands\n"
        "from tests.rankings import test_publications\n"
        "from .test_pages import page\n"
        "from tests.rankings.awarded import approved_with_awards\n"
    )
    assert [line for line, _ in imported_test_modules(source)] == [1, 2, 3, 4]


def test_no_empty_test_package_under_the_apps():
    empty = [
        str(folder.relative_to(ROOT))
        for folder in (ROOT / "apps").rglob("tests")
        if folder.is_dir() and not any(folder.rglob("test*.py"))
    ]
    assert empty == []
