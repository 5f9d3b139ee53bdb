"""The fingerprint of what was played, so that the same results reach the national ranking
only once, whatever brought them (a room in Donne, a tournament file, another
installation): every étui scored, who sat at each seat of its table and the taker's
score. The tournament's name, club, date and index, the table and position numbers, a
file's layout, the penalties and the referee's notes are left out: the same play under
another name or date has the same fingerprint, a single score changed gives another.

A player is named by their licence; a guest without one by their place in the room
(``guest_identity``: the tournament of the room and their player code, « Rouge S3 »); an
empty seat by "". The lines are sorted before they are hashed, so the order in which
they are given does not matter."""

import hashlib
import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

GUEST = "invité "
VACANT = ""
SEATS = ("N", "S", "E", "W")


@dataclass(frozen=True)
class PlayedLine:
    """One étui scored at one table: the session, the étui, who sat at Nord, Sud, Est and
    Ouest (``guest_identity`` for a guest, VACANT for nobody) and the taker's score."""

    session: int
    etui: int
    seats: tuple[str, str, str, str]
    score: int


def guest_identity(section: str, code: str) -> str:
    """A guest without a licence, named by their place in the room."""
    return f"{GUEST}{section} {code}"


def played_fingerprint(lines: Iterable[PlayedLine]) -> str | None:
    """The SHA-256 of the lines' canonical form; None when no étui was scored (nothing
    was played that could be held twice)."""
    rows = sorted((line.session, line.etui, list(line.seats), line.score) for line in lines)
    if not rows:
        return None
    text = json.dumps(rows, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def seated_lines(places: Iterable[tuple], plays: Iterable[tuple]) -> list[PlayedLine]:
    """The lines of a room as stored: ``places`` (table, seat, section, player code,
    registration or None when vacant, licence or None for a guest) and the scored
    ``plays`` (table, session, étui, score); a table is any key the two share."""
    seated: dict = defaultdict(dict)
    for table, seat, section, code, registration, licence in places:
        if registration is not None:
            seated[table][seat] = licence or guest_identity(section, code)
    return [
        PlayedLine(session, etui, tuple(seated[table].get(s, VACANT) for s in SEATS), score)
        for table, session, etui, score in plays
    ]
