"""Time the reading of a 150-table tournament file (600 players, every étui scored, one
result in five as the deal's details): the import's validation (the declared shape of
apps.exchange.domain.schema, then every check a schema cannot say, with their French
errors: apps.exchange.domain.document) and the published schema's alone, each on the
parsed JSON, against the time to parse that JSON. The validation is compared with the
hand-written validator the declaration replaced, by the same ratio to the JSON parsing
(machines differ, the ratio much less): it must be no slower.

    .venv/bin/python bench/tournament_file.py

No database: both are pure.
"""

import json
import os
import statistics
import sys
import time
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
REPEATS = sized(21, 1)
# validation / JSON parsing of the hand-written validator (apps/exchange/domain/document.py
# before the declaration), measured as below on 2026-11-27: 11.1 to 12.1 in 5 runs
REPLACED_RATIO = 11.6


def _validation_against_parsing(text: str) -> tuple[float, float]:
    """The medians of parsing the JSON and of validating what it gives, one after the
    other in each round (the same state of the machine for both)."""
    parsing, validation = [], []
    for _ in range(REPEATS):
        start = time.perf_counter()
        document = json.loads(text)
        parsed = time.perf_counter()
        tournament_file_parse(document)
        parsing.append(parsed - start)
        validation.append(time.perf_counter() - parsed)
    return statistics.median(parsing), statistics.median(validation)


def main() -> None:
    text = json.dumps(document_build(TABLES, type=None, penalties=()))
    document = json.loads(text)
    parsed = tournament_file_parse(json.loads(text))
    assert schema_problems(document) == []
    print(f"{TABLES} tables, {len(parsed.players)} players, {len(document['results'])} results, "
          f"{len(text) // 1024} KB")  # fmt: skip
    parsing, validation = _validation_against_parsing(text)
    _, schema = timed(lambda: schema_problems(json.loads(text)), REPEATS)
    print(f"validation (import): {validation * 1000:8.1f} ms")
    print(f"schema check:        {schema * 1000:8.1f} ms")
    print(f"JSON parsing:        {parsing * 1000:8.1f} ms")
    ratio = validation / parsing
    print(f"ratio validation / JSON parsing: {ratio:.1f} "
          f"(the hand-written validator it replaced: {REPLACED_RATIO:.1f})")  # fmt: skip
    print(f"ratio validation / the replaced validator's: {ratio / REPLACED_RATIO:.2f}")


if __name__ == "__main__":
    main()
