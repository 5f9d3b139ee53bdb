"""Time the reading of a 150-table tournament file (600 players, every étui scored, one
result in five as the deal's details): the import's validation (every check and its
French errors, apps.exchange.domain.document) and the published schema's
(apps.exchange.domain.schema), each on the parsed JSON, and their ratio.

    .venv/bin/python bench/tournament_file.py

No database: both are pure.
"""

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from _size import sized  # noqa: E402
from _timing import timed  # noqa: E402

from apps.exchange.domain.document import tournament_file_parse  # noqa: E402
from apps.exchange.domain.schema import schema_problems  # noqa: E402
from tests.exchange.tournament_file_data import document_build  # noqa: E402

TABLES = sized(150, 5)
REPEATS = sized(7, 1)


def main() -> None:
    text = json.dumps(document_build(TABLES, type=None, penalties=()))
    document = json.loads(text)
    parsed = tournament_file_parse(json.loads(text))
    assert schema_problems(document) == []
    print(f"{TABLES} tables, {len(parsed.players)} players, {len(document['results'])} results, "
          f"{len(text) // 1024} KB")  # fmt: skip
    _, validation = timed(lambda: tournament_file_parse(json.loads(text)), REPEATS)
    _, schema = timed(lambda: schema_problems(json.loads(text)), REPEATS)
    print(f"validation (import): {validation * 1000:8.1f} ms")
    print(f"schema check:        {schema * 1000:8.1f} ms")
    print(f"ratio schema / validation: {schema / validation:.2f}")


if __name__ == "__main__":
    main()
