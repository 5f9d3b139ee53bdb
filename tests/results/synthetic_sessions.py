"""Random sessions shaped like a real room, for the property tests of the results."""

import random

from apps.movements.domain.etuis import defender_seats
from apps.movements.domain.model import SEATS
from apps.results.domain.model import PlayRecord


def synthetic_session(
    tables: int = 150,
    etuis_per_table: int = 2,
    positions: int = 7,
    section_tables: int = 15,
    missing: float = 0.0,
    seed: int = 0,
) -> tuple[list[PlayRecord], dict[str, str]]:
    """A synthetic session for property tests of ``session_results_compute``: the room split into
    sections of at most ``section_tables`` tables playing the same étuis; at each position
    the players of each line are dealt at random to the tables of their section, and each
    set of étuis goes down one table. Scores are random; a ``missing`` share is not
    entered. Not a valid movement: players may meet an étui twice."""
    rng = random.Random(seed)
    full, rest = divmod(tables, section_tables)
    sizes = [section_tables] * full + ([rest] if rest else [])
    plays: list[PlayRecord] = []
    lines: dict[str, str] = {}
    for index, size in enumerate(sizes):
        section = f"S{index + 1}"
        players = {seat: [f"{section}-{seat}{t}" for t in range(1, size + 1)] for seat in SEATS}
        lines.update((player, seat) for seat in SEATS for player in players[seat])
        for position in range(1, positions + 1):
            seated = {seat: rng.sample(players[seat], size) for seat in SEATS}
            for table in range(size):
                first = (table + position - 1) % size * etuis_per_table + 1
                for etui in range(first, first + etuis_per_table):
                    taker_seat = SEATS[(etui - 1) % len(SEATS)]
                    defenders = tuple(seated[s][table] for s in defender_seats(taker_seat))
                    score = None if rng.random() < missing else rng.randint(-120, 160)
                    plays.append(
                        PlayRecord(
                            etui,
                            section,
                            position,
                            table + 1,
                            seated[taker_seat][table],
                            taker_seat,
                            defenders,
                            score,
                        )
                    )
    return plays, lines
