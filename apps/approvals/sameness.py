"""Reads of the sources whose awards hold the same (or close) results as given ones
(apps.results.domain.same_results): the tournaments of Donne with their computed awards
and the files of other software, whatever their dates, clubs or names. A source is named
by a ref: « t12 » for tournament 12, « h5 » for the file received as homologation 5.

The lines of the given sources' licensees are read once, in two queries; the candidates
that agree on enough of them are then read whole, in two more."""

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from django.urls import reverse

from apps.approvals.models import ExternalAward, Homologation
from apps.awards.models import Award, AwardSet
from apps.results.domain.same_results import (
    CLOSE_SHARE,
    Awards,
    Verdict,
    awarded,
    results_verdict,
)
from apps.tournaments.models import Tournament

TOURNAMENT, FILE = "t", "h"


def tournament_ref(pk: int) -> str:
    return f"{TOURNAMENT}{pk}"


def file_ref(pk: int) -> str:
    return f"{FILE}{pk}"


def ref_split(ref: str) -> tuple[str, int]:
    """("t", 12) of « t12 »."""
    return ref[0], int(ref[1:])


@dataclass(frozen=True)
class Alike:
    """Another source and how alike it is."""

    ref: str
    verdict: Verdict


def _lines(
    licensees=None, refs: Iterable[str] = (), pcns=None
) -> dict[str, dict[int, tuple[int, int]]]:
    """The non-zero lines by source: those of ``licensees`` (with one of the ``pcns``:
    only a line of the same values can agree), or those of the sources ``refs``."""
    found: dict[str, dict[int, tuple[int, int]]] = defaultdict(dict)
    awards = Award.objects.filter(award_set__state=AwardSet.State.DONE).exclude(pcn=0, pp=0)
    files = ExternalAward.objects.exclude(pcn=0, pp=0)
    if licensees is not None:
        awards = awards.filter(licensee_id__in=licensees, pcn__in=pcns)
        files = files.filter(licensee_id__in=licensees, pcn__in=pcns)
    else:
        kinds: dict[str, set[int]] = defaultdict(set)
        for ref in refs:
            kind, pk = ref_split(ref)
            kinds[kind].add(pk)
        awards = awards.filter(award_set__tournament_id__in=kinds[TOURNAMENT])
        files = files.filter(homologation_id__in=kinds[FILE])
    rows = awards.values_list("award_set__tournament_id", "licensee_id", "pcn", "pp")
    for tournament, licensee, pcn, pp in rows:
        found[tournament_ref(tournament)][licensee] = (pcn, pp)
    for homologation, licensee, pcn, pp in files.values_list(
        "homologation_id", "licensee_id", "pcn", "pp"
    ):
        found[file_ref(homologation)][licensee] = (pcn, pp)
    return found


Limits = Callable[[set[str]], Mapping[str, tuple[int, int]]]


def _within(lines: dict, limits: Limits | None) -> dict:
    """The lines of each source within its bounds ((most PCN, most PP) by ref, as
    ``limits`` gives them): a line no table gives makes no results, alike or not."""
    if limits is None:
        return lines
    most = limits(set(lines))
    return {
        ref: {
            licensee: (pcn, pp)
            for licensee, (pcn, pp) in awards.items()
            if ref not in most or (pcn <= most[ref][0] and pp <= most[ref][1])
        }
        for ref, awards in lines.items()
    }


def awards_alike(
    sources: Mapping[str, Awards], *, limits: Limits | None = None
) -> dict[str, list[Alike]]:
    """For each given source (ref → its awards by licensee id), the other sources whose
    awards hold the same or close results, the closest first. A given source may be one
    not stored yet (any ref that names none). ``limits``: the bounds of stored sources,
    whose lines above them are left out of the comparison."""
    given = {ref: awarded(awards) for ref, awards in sources.items()}
    licensees = set().union(*(awards.keys() for awards in given.values())) if given else set()
    if not licensees:
        return {ref: [] for ref in given}
    pcns = {pcn for awards in given.values() for pcn, _pp in awards.values()}
    stored = _within(_lines(licensees=licensees, pcns=pcns), limits)
    holders: dict[tuple, set[str]] = defaultdict(set)
    for ref, lines in stored.items():
        for licensee, values in lines.items():
            holders[(licensee, *values)].add(ref)
    candidates: dict[str, list[str]] = {}
    for ref, awards in given.items():
        agree = Counter(
            other
            for licensee, values in awards.items()
            for other in holders.get((licensee, *values), ())
            if other != ref
        )
        candidates[ref] = [other for other, n in agree.items() if n >= CLOSE_SHARE * len(awards)]
    wanted = {other for others in candidates.values() for other in others}
    whole = _within(_lines(refs=wanted), limits) if wanted else {}
    found: dict[str, list[Alike]] = {}
    for ref, others in candidates.items():
        alike = [
            Alike(other, verdict)
            for other in others
            if (verdict := results_verdict(awards=(given[ref], whole.get(other, {})))).likeness
        ]
        found[ref] = sorted(alike, key=lambda item: (-item.verdict.share, item.ref))
    return found


def source_described(refs: Iterable[str]) -> dict[str, tuple[str, str]]:
    """{ref: (« Nom » du jj/mm/aaaa (club), link or "")} of the sources named."""
    kinds: dict[str, set[int]] = defaultdict(set)
    for ref in refs:
        kind, pk = ref_split(ref)
        kinds[kind].add(pk)
    described = {}
    for tournament in Tournament.objects.filter(pk__in=kinds[TOURNAMENT]).select_related("club"):
        described[tournament_ref(tournament.pk)] = (
            f"« {tournament.name} » du {tournament.date:%d/%m/%Y} ({tournament.club.name})",
            reverse("tournaments:detail", args=[tournament.pk]),
        )
    for homologation in Homologation.objects.filter(pk__in=kinds[FILE]).select_related("club"):
        described[file_ref(homologation.pk)] = (
            f"« {homologation.name} » du {homologation.date:%d/%m/%Y} ({homologation.club.name},"
            " fichier d'un autre logiciel)",
            reverse("approvals:homologation", args=[homologation.pk]),
        )
    return described
