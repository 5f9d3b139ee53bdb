"""Which UI strings the French catalogue must translate.

The project's msgids are English and the interface is French: every string marked for
translation in templates ({% translate %}, {% blocktranslate %}) and Python (gettext,
gettext_lazy, ``_``) must have a French entry in locale/fr/LC_MESSAGES/django.po.
Extraction is done here in pure Python so no system gettext is needed.
"""

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
CATALOGUE = ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po"
SOURCE_DIRS = ("apps", "config", "templates")
GETTEXT_NAMES = frozenset({"_", "_lazy", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy"})

_TRANSLATE_TAG = re.compile(r"""{%\s*(?:translate|trans)\s+(?P<q>["'])(?P<msg>.*?)(?P=q)""", re.S)
_BLOCK_TAG = re.compile(
    r"{%\s*blocktrans(?:late)?(?P<opts>[^%]*)%}(?P<body>.*?){%\s*endblocktrans(?:late)?\s*%}",
    re.S,
)
_BLOCK_VAR = re.compile(r"{{\s*(\w+)\s*}}")


def _template_msgids(text: str) -> Iterator[str]:
    """Template msgids as Django looks them up: a literal "%" is doubled."""
    for match in _TRANSLATE_TAG.finditer(text):
        yield match.group("msg").replace("%", "%%")
    for match in _BLOCK_TAG.finditer(text):
        body = match.group("body").replace("%", "%%")
        if "trimmed" in match.group("opts"):
            body = " ".join(line.strip() for line in body.strip().splitlines())
        yield _BLOCK_VAR.sub(r"%(\1)s", body)


def _python_msgids(text: str) -> Iterator[str]:
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        first = node.args[0]
        if (
            name in GETTEXT_NAMES
            and isinstance(first, ast.Constant)
            and isinstance(first.value, str)
        ):
            yield first.value
        if name in {"ngettext", "ngettext_lazy"} and len(node.args) > 1:
            second = node.args[1]
            if isinstance(second, ast.Constant) and isinstance(second.value, str):
                yield second.value


def source_msgids(root: Path = ROOT) -> dict[str, str]:
    """Every msgid marked in the sources, with the first file that uses it."""
    found: dict[str, str] = {}
    for directory in SOURCE_DIRS:
        for path in sorted((root / directory).rglob("*")):
            if "migrations" in path.parts or not path.is_file():
                continue
            if path.suffix == ".html":
                ids = _template_msgids(path.read_text(encoding="utf-8"))
            elif path.suffix == ".py":
                ids = _python_msgids(path.read_text(encoding="utf-8"))
            else:
                continue
            for msgid in ids:
                found.setdefault(msgid, str(path.relative_to(root)))
    return found
