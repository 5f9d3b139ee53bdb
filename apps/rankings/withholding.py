"""The lines a season's ranking does not count, from the checks of its sources
(apps.rankings.checks), before it sums them (apps.rankings.computation):

- a source holding the same results as another counted source recorded before it: all
  its lines (the first recorded counts);
- a licensee who played, at the same date and session time, another counted tournament
  recorded before: that line;
- (in the sum itself) a line above the bounds of its source.

Federation staff may restore a withheld line with a reason (LineRestoration): it counts.
"""

from dataclasses import dataclass

from apps.approvals.models import ExternalAward, Homologation
from apps.approvals.sameness import (
    FILE,
    TOURNAMENT,
    file_ref,
    ref_split,
    source_described,
    tournament_ref,
)
from apps.awards.models import Award
from apps.rankings.models import LineRestoration, SourceCheck, WithheldLine
from apps.results.domain.same_results import Likeness
from apps.tournaments.models import Tournament


@dataclass(frozen=True)
class Withheld:
    """One line not counted: its source (an award set or a homologation), the licensee,
    the values, why (WithheldLine.Kind) and the reason in French."""

    award_set_id: int | None
    homologation_id: int | None
    source: str
    licensee_id: int
    pcn: int
    pp: int
    kind: str
    reason: str


def _restored(season) -> set[tuple[int | None, int | None, int]]:
    return set(
        LineRestoration.objects.filter(season=season).values_list(
            "award_set_id", "homologation_id", "licensee_id"
        )
    )


def _ref(check: SourceCheck, tournament_of: dict[int, int]) -> str:
    if check.award_set_id:
        return tournament_ref(tournament_of[check.award_set_id])
    return file_ref(check.homologation_id)


def _counted_checks(award_sets, files, *, flagged: bool = False, refs=None) -> dict:
    """{ref: check} of the counted sources: those flagged (another alike, or a clash), or
    those of ``refs``."""
    by_set = SourceCheck.objects.filter(award_set__in=award_sets.values("pk"))
    by_file = SourceCheck.objects.filter(homologation__in=files.values("pk"))
    if flagged:
        by_set = by_set.filter(flagged=True)
        by_file = by_file.filter(flagged=True)
    if refs is not None:
        wanted = [ref_split(ref) for ref in refs]
        by_set = by_set.filter(
            award_set__tournament_id__in=[pk for kind, pk in wanted if kind == TOURNAMENT]
        )
        by_file = by_file.filter(homologation_id__in=[pk for kind, pk in wanted if kind == FILE])
    checks = [*by_set.select_related("award_set"), *by_file]
    tournament_of = {c.award_set_id: c.award_set.tournament_id for c in checks if c.award_set_id}
    return {_ref(check, tournament_of): check for check in checks}


def _decisions(flagged: dict, counted: dict, accepted: set[str]) -> tuple[dict, dict]:
    """Which sources go whole (ref -> (how alike, the other's ref)), which lines go
    ((ref, licensee) -> the other's ref): of two counted sources that one's check names,
    the one recorded later, whichever named the other. A source that federation staff
    took despite the same results (``accepted``) goes for neither."""
    order = {ref: (check.recorded_at, ref) for ref, check in counted.items()}
    whole: dict[str, tuple[str, str]] = {}
    lines: dict[tuple[str, int], str] = {}
    for ref, check in flagged.items():
        for item in check.alike:
            other = item["ref"]
            if item["likeness"] != Likeness.SAME or other not in counted:
                continue
            if accepted & {ref, other}:
                continue
            first, later = sorted((ref, other), key=order.__getitem__)
            whole.setdefault(later, (f"{item['percent']} % des {item['by']}", first))
        for clash in check.clashes:
            other = clash["ref"]
            if other in counted:
                first, later = sorted((ref, other), key=order.__getitem__)
                lines.setdefault((later, clash["licensee"]), first)
    return whole, lines


def _accepted(refs) -> set[str]:
    """The sources among ``refs`` that federation staff took despite the same results: files
    received (apps.approvals.external), tournaments imported (apps.exchange.services)."""
    wanted = [ref_split(ref) for ref in refs]
    files = Homologation.objects.filter(pk__in=[pk for kind, pk in wanted if kind == FILE])
    tournaments = Tournament.objects.filter(
        pk__in=[pk for kind, pk in wanted if kind == TOURNAMENT]
    )
    return {
        *map(file_ref, files.exclude(same_results_accepted="").values_list("pk", flat=True)),
        *map(
            tournament_ref,
            tournaments.exclude(same_results_accepted="").values_list("pk", flat=True),
        ),
    }


def withheld_plan(*, season, award_sets, files) -> list[Withheld]:
    """The lines of these counted sources (querysets) that the checks withhold (the bounds
    aside: the sum applies them), restorations left out."""
    flagged = _counted_checks(award_sets, files, flagged=True)
    if not flagged:
        return []
    others = {item["ref"] for c in flagged.values() for item in [*c.alike, *c.clashes]}
    counted = {**_counted_checks(award_sets, files, refs=others), **flagged}
    whole, lines = _decisions(flagged, counted, _accepted(counted))
    if not whole and not lines:
        return []
    named = {*whole, *(other for _how, other in whole.values()), *lines.values()}
    described = source_described(named | {ref for ref, _licensee in lines})
    restored = _restored(season)
    plan = []
    for ref, licensee, pcn, pp in _lines_of({*whole, *(r for r, _l in lines)}):
        check = counted[ref]
        if ref in whole:
            alike, other = whole[ref]
            kind = WithheldLine.Kind.SAME_RESULTS
            reason = (
                f"Mêmes résultats que {described[other][0]} ({alike}), compté une fois :"
                " le premier reçu."
            )
        elif (ref, licensee) in lines:
            other = lines[(ref, licensee)]
            kind = WithheldLine.Kind.SAME_TIME
            reason = (
                f"A aussi joué {described[other][0]} à la même date et à la même heure de séance."
            )
        else:
            continue
        key = (check.award_set_id, check.homologation_id, licensee)
        if key in restored:
            continue
        plan.append(
            Withheld(
                check.award_set_id,
                check.homologation_id,
                described[ref][0],
                licensee,
                pcn,
                pp,
                kind,
                reason,
            )
        )
    return plan


def _lines_of(refs):
    tournaments = [pk for kind, pk in map(ref_split, refs) if kind == TOURNAMENT]
    files = [pk for kind, pk in map(ref_split, refs) if kind == FILE]
    for tournament, licensee, pcn, pp in Award.objects.filter(
        award_set__tournament_id__in=tournaments
    ).values_list("award_set__tournament_id", "licensee_id", "pcn", "pp"):
        yield tournament_ref(tournament), licensee, pcn, pp
    for homologation, licensee, pcn, pp in ExternalAward.objects.filter(
        homologation_id__in=files
    ).values_list("homologation_id", "licensee_id", "pcn", "pp"):
        yield file_ref(homologation), licensee, pcn, pp


def over_bounds(*, season, award_sets, files, licensees) -> list[Withheld]:
    """The lines of ``licensees`` in these counted sources above their source's bounds,
    restorations left out."""
    restored = _restored(season)
    found = []
    for source, lines, named in (
        (
            "award_set",
            Award.objects.filter(award_set__in=award_sets.values("pk")),
            "award_set__tournament__name",
        ),
        (
            "homologation",
            ExternalAward.objects.filter(homologation__in=files.values("pk")),
            "homologation__name",
        ),
    ):
        rows = lines.filter(licensee_id__in=licensees).values_list(
            f"{source}_id", "licensee_id", "pcn", "pp", named
        )
        rows = list(rows)
        checks = {
            getattr(check, f"{source}_id"): check
            for check in SourceCheck.objects.filter(**{f"{source}__in": {r[0] for r in rows}})
        }
        for pk, licensee, pcn, pp, name in rows:
            check = checks[pk]
            key = (pk, None, licensee) if source == "award_set" else (None, pk, licensee)
            if (pcn <= check.max_pcn and pp <= check.max_pp) or key in restored:
                continue
            found.append(
                Withheld(
                    *key[:2],
                    f"« {name} »",
                    licensee,
                    pcn,
                    pp,
                    WithheldLine.Kind.BOUNDS,
                    f"{pcn} PCN et {pp} PP : au-delà de ce que les tables donnent"
                    f" ({check.bounds}).",
                )
            )
    return found
