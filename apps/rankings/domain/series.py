"""The séries a player moves to at the end of a season, from the rules the federation sets
for it (the regulation leaves the thresholds to the CCN; docs/interpretations.md).

A rule says what a player's season must reach for a série: PCN or PP at least a
threshold, or a national rank at most a threshold. « Entry » rules lift a player into
the série (any one suffices); « keep » rules hold a player in their série (none met: down
one série). A player goes up to the highest série they enter, else down one when their
série has keep rules and they meet none, else stays."""

from collections.abc import Iterable
from dataclasses import dataclass

from apps.federation.domain.series import NAMES, ORDER

MEASURES = {"pcn": "PCN", "pp": "PP", "rank": "rang national"}
ENTER, KEEP = "enter", "keep"


@dataclass(frozen=True)
class Rule:
    series: str  # one of ORDER but NC
    purpose: str  # ENTER or KEEP
    measure: str  # a key of MEASURES
    threshold: int

    def holds(self, standing: "Standing") -> bool:
        if self.measure == "rank":
            return standing.rank is not None and standing.rank <= self.threshold
        return getattr(standing, self.measure) >= self.threshold

    def __str__(self) -> str:
        sign = "≤" if self.measure == "rank" else "≥"
        return f"{MEASURES[self.measure]} {sign} {self.threshold}"


@dataclass(frozen=True)
class Standing:
    """A player's season: totals and national rank (None: not ranked)."""

    pcn: int = 0
    pp: int = 0
    rank: int | None = None

    def value(self, measure: str) -> str:
        value = getattr(self, measure)
        return "non classé" if value is None else str(value)


@dataclass(frozen=True)
class Move:
    before: str
    after: str
    reason: str


def rule_problems(rules: Iterable[Rule]) -> list[str]:
    """Why a set of rules cannot be used, in French; empty when it can: a rule that cannot
    be read, or rules that contradict each other (``_contradictions``)."""
    rules = list(rules)
    problems = []
    for rule in rules:
        if rule.series not in ORDER[:-1]:
            problems.append(f"Série inconnue : {rule.series}.")
        if rule.purpose not in (ENTER, KEEP):
            problems.append(f"Règle inconnue : {rule.purpose}.")
        if rule.measure not in MEASURES:
            problems.append(f"Mesure inconnue : {rule.measure}.")
        if rule.threshold < 1:
            problems.append(f"{NAMES.get(rule.series, rule.series)} : le seuil doit être positif.")
    return problems or _contradictions(rules)


PURPOSES = {ENTER: "entrée", KEEP: "maintien"}


def _easier(measure: str, threshold: int, other: int) -> bool:
    """``threshold`` is met by more seasons than ``other`` (a rank: the higher, easier)."""
    return threshold > other if measure == "rank" else threshold < other


def _contradictions(rules: list[Rule]) -> list[str]:
    """Rules that cannot hold together: two thresholds for the same série, rule and
    measure; a série entered more easily than the série below it; a série harder to keep
    than to enter (the same season would lift one player into it and drop another out)."""
    problems = []
    by_key: dict[tuple, Rule] = {}
    for rule in rules:
        key = (rule.series, rule.purpose, rule.measure)
        if key in by_key:
            problems.append(
                f"{NAMES[rule.series]}, {PURPOSES[rule.purpose]} : deux seuils de "
                f"{MEASURES[rule.measure]} ({by_key[key].threshold} et {rule.threshold}) ; "
                "n'en gardez qu'un."
            )
        by_key.setdefault(key, rule)
    entries = [r for r in by_key.values() if r.purpose == ENTER]
    for higher in entries:
        for lower in entries:
            if (
                higher.measure == lower.measure
                and ORDER.index(higher.series) < ORDER.index(lower.series)
                and _easier(higher.measure, higher.threshold, lower.threshold)
            ):
                problems.append(
                    f"Entrer en {NAMES[higher.series]} ({higher}) est plus facile qu'entrer en "
                    f"{NAMES[lower.series]} ({lower}) : une série haute demande au moins "
                    "autant qu'une série plus basse."
                )
    for keep in (r for r in by_key.values() if r.purpose == KEEP):
        enter = by_key.get((keep.series, ENTER, keep.measure))
        if enter is not None and _easier(keep.measure, enter.threshold, keep.threshold):
            problems.append(
                f"{NAMES[keep.series]} : la conserver ({keep}) demande plus que d'y entrer "
                f"({enter}) ; la même saison y ferait entrer un joueur et en descendre un autre."
            )
    return problems


def series_move(current: str, standing: Standing, rules: Iterable[Rule]) -> Move | None:
    """The player's move at the season's end, with its reason; None when they stay."""
    rules = list(rules)
    for series in ORDER[: ORDER.index(current)]:  # the séries above the current one
        met = [r for r in rules if r.series == series and r.purpose == ENTER and r.holds(standing)]
        if met:
            return Move(
                current, series, f"{NAMES[series]} : {met[0]} ({_figure(met[0].measure, standing)})"
            )
    keep = [r for r in rules if r.series == current and r.purpose == KEEP]
    if keep and not any(r.holds(standing) for r in keep):
        lower = ORDER[ORDER.index(current) + 1]
        wanted = " ou ".join(str(r) for r in keep)
        return Move(
            current,
            lower,
            f"{NAMES[current]} non conservée : {wanted} non atteint ({_figures(keep, standing)})",
        )
    return None


def _figure(measure: str, standing: Standing) -> str:
    return f"{MEASURES[measure]} {standing.value(measure)}"


def _figures(rules: list[Rule], standing: Standing) -> str:
    return ", ".join(_figure(m, standing) for m in dict.fromkeys(r.measure for r in rules))
