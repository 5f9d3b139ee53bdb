"""The rounds of a pinochle tournament: the rules' A/B table rotation, and a round robin
the director may choose instead where the rotation makes teams meet again or gives a
team a second bye.

The rules (« TABLE ROTATION »): « A » teams keep their table, « B » teams « rotate to the
next higher-numbered table after each round ». With fewer tables than the eight rounds, a
« B » team comes back to a table it played: it meets the same « A » team again, and the
table without an « A » team gives it a second bye.

Where the rules are silent, we chose: the director is told before the draw what each
rotation costs (pairings played again, second byes), and may choose between
- the rules' A/B rotation (``pinochle.round_pairings``);
- a round robin by the circle method (``match_rounds.round_robin``, the belote one): with
  an odd number of teams, one bye a round, no team twice before every team had one; when
  the tournament has more rounds than the round robin, it starts again from its first.
The page advises the A/B rotation when it costs nothing, else the one that costs least,
the A/B rotation on a tie."""

from collections import Counter
from dataclasses import dataclass

from apps.games.domain.match_rounds import round_robin
from apps.games.domain.pinochle import ROUNDS, Pairing, round_pairings, team_numbers

AB = "ab"
CIRCLE = "circle"
ROTATIONS = (AB, CIRCLE)

Schedule = list[list[Pairing]]  # each round's pairings, by table


def ab_rounds(teams: int, rounds: int = ROUNDS) -> Schedule:
    """The rules' rotation: « A » teams stay, « B » teams move up a table each round."""
    return [round_pairings(teams, number) for number in range(1, rounds + 1)]


def circle_rounds(teams: int, rounds: int = ROUNDS) -> Schedule:
    """The round robin of the teams' numbers, one table a pair, the bye at the last."""
    robin = round_robin(team_numbers(teams))
    schedule = []
    for number in range(rounds):
        pairs = robin[number % len(robin)]
        played = [(a, b) for a, b in pairs if b is not None]
        byes = [a for a, b in pairs if b is None]
        tables = [Pairing(table, a, b) for table, (a, b) in enumerate(played, start=1)]
        tables += [Pairing(len(played) + 1, None, team) for team in byes]
        schedule.append(tables)
    return schedule


SCHEDULES = {AB: ab_rounds, CIRCLE: circle_rounds}


@dataclass(frozen=True)
class RotationCost:
    repeats: int  # pairings played once more than the first time, summed
    second_byes: int  # byes beyond each team's first, summed

    @property
    def total(self) -> int:
        return self.repeats + self.second_byes


def rotation_cost(schedule: Schedule) -> RotationCost:
    meetings = Counter(
        frozenset((p.a, p.b)) for pairings in schedule for p in pairings if p.a is not None
    )
    byes = Counter(p.b for pairings in schedule for p in pairings if p.a is None)
    return RotationCost(
        sum(count - 1 for count in meetings.values()),
        sum(count - 1 for count in byes.values()),
    )


def rotation_costs(teams: int, rounds: int = ROUNDS) -> dict[str, RotationCost]:
    """What each rotation costs for ``teams`` teams over ``rounds`` rounds."""
    return {name: rotation_cost(SCHEDULES[name](teams, rounds)) for name in ROTATIONS}


def rotation_advised(costs: dict[str, RotationCost]) -> str:
    """The rules' rotation when it costs nothing, else the cheapest (A/B on a tie)."""
    if costs[AB].total == 0:
        return AB
    return min(ROTATIONS, key=lambda name: (costs[name].total, name != AB))
