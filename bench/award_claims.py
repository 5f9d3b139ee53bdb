"""Time the check of a received file's claimed awards (apps.awards.domain.claims) at the
largest file its bounds allow: a session of 600 players (150 tables, the largest room
Donne seats), index 1,5 so that PCN and PP are both checked.

    .venv/bin/python bench/award_claims.py

Three claims: a real ranking's awards (en ligne, ties included), which pass; the same with
one more player at the last paid value, which no ranking gives and the bounded search
tries to lay; 600 values between the places, none a place's or a tie's. No database: the
check is pure.
"""

import random
import sys
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _size import sized
from _timing import timed

from apps.awards.domain import pp
from apps.awards.domain.awarding import Facts, SessionPlay, awards_compute
from apps.awards.domain.claims import SEATS, awards_claim_problems
from apps.movements.domain.room import MAX_TABLES

TABLES = sized(MAX_TABLES, 25)  # index 1,5 needs 100 players
PLAYERS = SEATS * TABLES
INDEX = Decimal("1.5")
REPEATS = sized(5, 1)


def real_claims() -> list[tuple[int, int]]:
    """Every player's (PCN, PP) of an en ligne ranking, a few tied players, every player
    named (the unpaid with 0)."""
    rng = random.Random(20261207)
    order = list(range(PLAYERS))
    rng.shuffle(order)
    results = {p: (30.0 + order[p] / 2, 0) for p in range(PLAYERS)}
    for tied in range(0, PLAYERS - 1, PLAYERS // 8):
        results[tied + 1] = results[tied]
    lines = {p: "NSEW"[p % 4] for p in range(PLAYERS)}
    values = [pp.national_open_pp(PLAYERS, place) for place in range(1, PLAYERS + 1)]
    session = SessionPlay(TABLES, False, results, lines)
    outcome = awards_compute(Facts([session], INDEX, 2000, pp=values))
    paid = [(award.pcn, award.pp) for award in outcome.awards]
    return paid + [(0, 0)] * (PLAYERS - len(paid))


def check(claimed):
    return awards_claim_problems(claimed, session_players=[PLAYERS], index=INDEX)


def main() -> None:
    valid = real_claims()
    paid = sorted((c for c in valid if c[0]), reverse=True)
    one_more = [*paid, paid[-1], *[(0, 0)] * (PLAYERS - len(paid) - 1)]
    between = [(51 + 7 * n, 0) for n in range(PLAYERS)]
    problems, valid_time = timed(lambda: check(valid), REPEATS)
    assert problems == [], problems
    print(f"{PLAYERS} players, {TABLES} tables, index {INDEX}")
    print(f"valid claim ({PLAYERS} players): {valid_time * 1000:.0f} ms")
    worst = 0.0
    for name, claimed in (("one more at the last value", one_more), ("between places", between)):
        problems, seconds = timed(lambda claimed=claimed: check(claimed), REPEATS)
        assert problems, name
        worst = max(worst, seconds)
        print(f"adversarial, {name}: {seconds * 1000:.0f} ms, {len(problems)} problem(s)")
    print(f"adversarial claim (worst): {worst * 1000:.0f} ms")


if __name__ == "__main__":
    main()
