"""The project's documents hold together: every file and document they name is in the
repository, nothing refers to a document the repository does not contain, and the help
page links the documents it renders."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PATH = re.compile(r"`((?:apps|bench|config|docs|scripts|static|templates|tests)/[\w./-]+)`")
LINK = re.compile(r"\]\(([^)#:]+)\)")  # a relative Markdown link
MENTION = re.compile(r"docs/(?:reference/)?[\w-]+\.(?:md|json|txt)")
SHARED = "shared" + "/reference"  # the folder the regulation was read from: docs/reference now
TEXT_FILES = ("*.py", "*.html", "*.md", "*.toml", "*.js", "*.css", "Makefile", "*.yml")


def _repository_text():
    for folder in ("apps", "bench", "config", "docs", "scripts", "static", "templates", "tests"):
        for pattern in TEXT_FILES:
            yield from (ROOT / folder).rglob(pattern)
    yield from (ROOT / name for name in ("README.md", "pyproject.toml", "Makefile"))


def test_every_path_a_document_names_exists():
    missing = [
        f"{document.name}: {path}"
        for document in DOCUMENTS
        for path in PATH.findall(document.read_text(encoding="utf-8"))
        if not (ROOT / path.rstrip("/")).exists()
    ]
    assert missing == []


def test_every_link_between_documents_resolves():
    broken = [
        f"{document.name}: {link}"
        for document in DOCUMENTS
        for link in LINK.findall(document.read_text(encoding="utf-8"))
        if not (document.parent / link).exists()
    ]
    assert broken == []


def test_nothing_refers_to_a_document_the_repository_does_not_contain():
    outside = "DESIGN" + ".md"  # the design notes kept outside the repository
    found = []
    for path in _repository_text():
        if path.is_file() and "node_modules" not in path.parts:
            text = path.read_text(encoding="utf-8", errors="replace")
            found += [f"{path.relative_to(ROOT)}: {outside}"] if outside in text else []
            found += [f"{path.relative_to(ROOT)}: {SHARED}"] if SHARED in text else []
            found += [
                f"{path.relative_to(ROOT)}: {name}"
                for name in MENTION.findall(text)
                if not (ROOT / name).exists()
            ]
    assert found == []
