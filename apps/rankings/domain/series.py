"""The séries a player moves to at the end of a season, from the rules the federation sets
for it (the regulation leaves the thresholds to the CCN; DESIGN.md « séries »).

A rule says what a player's season must reach for a série: PCN or PP at least a
threshold, or a national rank at most a threshold. « Entry » rules lift a player into
the série (any one suffices); « keep » rules hold a player in their série (none met: down
one série). A player goes up to the highest série they enter, else down one when their
série has keep rules and they meet none, else stays."""

from collections.abc import Iterable
from dataclasses import dataclass

# Highest first; NC is « non classé ».
ORDER = ("1", "2", "P", "NC")
NAMES = {"1": "1ʳᵉ série", "2": "2ᵉ série", "P": "Promotion", "NC": "non classé"}
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
    """Why a set of rules cannot be used, in French; empty when it can."""
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
