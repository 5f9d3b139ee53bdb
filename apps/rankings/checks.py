"""The checks of every line the national ranking would count, whatever wrote it (a
worker, an import, the admin, or a write straight through the models): made once a source
(a tournament's awards, a file of other software) and kept in a SourceCheck, made again
when the source changes; the ranking reads their verdict (apps.rankings.withholding).

- Bounds: the most PCN and PP one line may hold for the facts Donne verified
  (apps.awards.domain.bounds): the tournament's players, its index only where granted
  (an IndexGrant, a ClubIndexGrant, a championship stage's, the overseas coefficient of an
  overseas committee's local tournament), the tables of the championship stage Donne
  knows. A tournament of several sessions may pay each stage on its own: its PCN are
  bounded by the ceiling once a session.
- Same results (apps.results.domain.same_results): the other sources whose awards agree
  licensee by licensee, whatever their dates, clubs or names.
- Same time: the licensees who played another tournament of Donne whose session started
  at the same date and time.
"""

from collections import defaultdict
from collections.abc import Iterable
from datetime import UTC, datetime

from django.db.models import Count, Exists, Min, OuterRef, Q, QuerySet, Value
from django.db.models.functions import Coalesce

from apps.approvals.models import ClubIndexGrant, ExternalAward, Homologation, IndexGrant
from apps.approvals.sameness import (
    FILE,
    TOURNAMENT,
    awards_alike,
    file_ref,
    ref_split,
    tournament_ref,
)
from apps.awards.domain import pcn, pp
from apps.awards.domain.bounds import LineBounds, line_bounds
from apps.awards.domain.claims import MAX_SESSION_PLAYERS, sessions_bound_refusal
from apps.awards.models import Award, AwardSet
from apps.awards.services import OVERSEAS_CLAIMS, PotentialNotFrozen, stage_tables
from apps.competitions.models import Stage
from apps.rankings.models import SourceCheck
from apps.results.domain.same_results import Likeness
from apps.tournaments.domain.indices import STAGE_INDICES, Index
from apps.tournaments.models import Registration, Session, Tournament

# An award set never computed (written straight through the models) changed at this.
NEVER = datetime(1970, 1, 1, tzinfo=UTC)


def _changed(award_set: AwardSet) -> datetime:
    return award_set.computed_at or NEVER


def unchecked(award_sets: QuerySet, files: QuerySet) -> tuple[list[AwardSet], list[Homologation]]:
    """The sources among these whose check is missing or older than their last change."""
    current_set = SourceCheck.objects.filter(
        award_set=OuterRef("pk"), changed_at=Coalesce(OuterRef("computed_at"), Value(NEVER))
    )
    current_file = SourceCheck.objects.filter(
        homologation=OuterRef("pk"), changed_at=OuterRef("updated_at")
    )
    return (
        list(award_sets.exclude(Exists(current_set))),
        list(
            files.exclude(Exists(current_file)).select_related(
                "club__committee", "stage__competition"
            )
        ),
    )


def _verified_index(claimed, *, stage: Stage | None, granted: bool, overseas: bool):
    """The index Donne verified: a stage's, a grant's, the overseas coefficient; else 1."""
    if stage is not None:
        return STAGE_INDICES[stage.level]
    if overseas and claimed in OVERSEAS_CLAIMS:
        return Index.OVERSEAS_LOCAL
    if granted and claimed > Index.BASE:
        return claimed
    return Index.BASE


def _bounds(
    session_players: list[int], index, *, stage: Stage | None, what: str, several: bool = False
) -> LineBounds:
    """The bounds of a source's lines; ``several``: sessions whose own counts Donne does
    not read here (a tournament's, by its registrations)."""
    players = session_players[0] if session_players else 0
    beyond = sessions_bound_refusal(session_players)
    if beyond:
        return LineBounds(0, 0, f"{what} : {beyond}")
    ceiling = pcn.REGULARITY_CEILING if stage is None else pcn.REGIONAL_CHAMPIONSHIP_CEILING
    pp_table: tuple[int, ...] = ()
    pcn_table = None
    if stage is not None:
        try:
            tables = stage_tables(stage, players)
        except PotentialNotFrozen:
            tables = None
        if tables is not None:
            pp_table, pcn_table = tables.pp, tables.pcn
    elif index == Index.NATIONAL and players:
        pp_table = (pp.national_open_pp(players, 1),)
    return line_bounds(
        session_players,
        index,
        ceiling=ceiling,
        pp_table=pp_table,
        pcn_table=pcn_table,
        counts_unknown=several,
        what=what,
    )


def _tournament_checks(award_sets: list[AwardSet]) -> dict[int, tuple[LineBounds, str]]:
    """{award set id: (bounds, ref)} of Donne tournaments."""
    ids = [award_set.tournament_id for award_set in award_sets]
    tournaments = {
        t.pk: t for t in Tournament.objects.filter(pk__in=ids).select_related("club__committee")
    }
    players = dict(
        Registration.objects.filter(tournament_id__in=ids, waiting=False)
        .values("tournament_id")
        .annotate(n=Count("pk"))
        .values_list("tournament_id", "n")
    )
    sessions = dict(
        Session.objects.filter(tournament_id__in=ids)
        .values("tournament_id")
        .annotate(n=Count("pk"))
        .values_list("tournament_id", "n")
    )
    stages = {
        s.tournament_id: s
        for s in Stage.objects.filter(tournament_id__in=ids).select_related("competition")
    }
    grants = dict(
        IndexGrant.objects.filter(tournament_id__in=ids).values_list("tournament_id", "index")
    )
    found = {}
    for award_set in award_sets:
        t = tournaments[award_set.tournament_id]
        stage = stages.get(t.pk)
        index = _verified_index(
            t.index,
            stage=stage,
            granted=grants.get(t.pk) == t.index,
            overseas=t.club.committee.overseas,
        )
        several = max(sessions.get(t.pk, 0), 1)
        bounds = _bounds(
            [min(players.get(t.pk, 0), MAX_SESSION_PLAYERS)] * several,
            index,
            stage=stage,
            what=f"« {t.name} »",
            several=several > 1,
        )
        found[award_set.pk] = (bounds, tournament_ref(t.pk))
    return found


def _file_checks(files: list[Homologation]) -> dict[int, tuple[LineBounds, str]]:
    """{homologation id: (bounds, ref)} of files of other software."""
    grants = {
        (g.club_id, g.date): g.index
        for g in ClubIndexGrant.objects.filter(
            club_id__in={h.club_id for h in files}, date__in={h.date for h in files}
        )
    }
    found = {}
    for h in files:
        players = [n if isinstance(n, int) and n >= 0 else 0 for n in h.session_players or [0]]
        index = _verified_index(
            h.index,
            stage=h.stage,
            granted=grants.get((h.club_id, h.date)) == h.index,
            overseas=h.club.committee.overseas and h.stage is None,
        )
        bounds = _bounds(players, index, stage=h.stage, what=f"« {h.name} »")
        found[h.pk] = (bounds, file_ref(h.pk))
    return found


def _awards_by_ref(award_sets: Iterable[AwardSet], files: Iterable[Homologation]) -> dict:
    by_ref: dict[str, dict[int, tuple[int, int]]] = defaultdict(dict)
    tournament_of = {a.pk: a.tournament_id for a in award_sets}
    rows = Award.objects.filter(award_set_id__in=tournament_of).values_list(
        "award_set_id", "licensee_id", "pcn", "pp"
    )
    for award_set, licensee, points, earned in rows:
        by_ref[tournament_ref(tournament_of[award_set])][licensee] = (points, earned)
    rows = ExternalAward.objects.filter(homologation__in=list(files)).values_list(
        "homologation_id", "licensee_id", "pcn", "pp"
    )
    for homologation, licensee, points, earned in rows:
        by_ref[file_ref(homologation)][licensee] = (points, earned)
    return by_ref


def _limits(known: dict[str, LineBounds]):
    """The bounds of sources by ref: those being checked, else their stored check."""

    def limits(refs: set[str]) -> dict[str, tuple[int, int]]:
        found = {ref: (known[ref].pcn, known[ref].pp) for ref in refs if ref in known}
        wanted = [ref_split(ref) for ref in refs - found.keys()]
        tournaments = [pk for kind, pk in wanted if kind == TOURNAMENT]
        files = [pk for kind, pk in wanted if kind == FILE]
        for check in SourceCheck.objects.filter(
            award_set__tournament_id__in=tournaments
        ).select_related("award_set"):
            found[tournament_ref(check.award_set.tournament_id)] = (check.max_pcn, check.max_pp)
        for check in SourceCheck.objects.filter(homologation_id__in=files):
            found[file_ref(check.homologation_id)] = (check.max_pcn, check.max_pp)
        return found

    return limits


def _clashes(tournament_ids: list[int]) -> dict[str, list[dict]]:
    """{ref: [{"licensee", "ref"}]}: the licensees of these tournaments who played another
    whose session started at the same date and time."""
    starts = Session.objects.filter(tournament_id__in=tournament_ids, starts_at__isnull=False)
    times = set(starts.values_list("starts_at", flat=True))
    if not times:
        return {}
    by_time: dict = defaultdict(set)
    for tournament, at in Session.objects.filter(starts_at__in=times).values_list(
        "tournament_id", "starts_at"
    ):
        by_time[at].add(tournament)
    together = {t: set() for t in tournament_ids}
    for tournaments in by_time.values():
        for t in tournaments & together.keys():
            together[t] |= tournaments - {t}
    wanted = set(together) | set().union(*together.values())
    players: dict[int, set[int]] = defaultdict(set)
    for tournament, licensee in Award.objects.filter(
        award_set__tournament_id__in=wanted
    ).values_list("award_set__tournament_id", "licensee_id"):
        players[tournament].add(licensee)
    found: dict[str, list[dict]] = {}
    for t, others in together.items():
        clashes = [
            {"licensee": licensee, "ref": tournament_ref(other)}
            for other in sorted(others)
            for licensee in sorted(players[t] & players[other])
        ]
        if clashes:
            found[tournament_ref(t)] = clashes
    return found


def sources_check(*, award_sets: QuerySet, files: QuerySet) -> int:
    """Check the sources among these whose check is missing or out of date; how many."""
    award_sets, files = unchecked(award_sets, files)
    if not award_sets and not files:
        return 0
    tournament_bounds = _tournament_checks(award_sets)
    file_bounds = _file_checks(files)
    bounds = {ref: b for b, ref in [*tournament_bounds.values(), *file_bounds.values()]}
    awards = {
        ref: {
            licensee: (pcn, pp)
            for licensee, (pcn, pp) in lines.items()
            if pcn <= bounds[ref].pcn and pp <= bounds[ref].pp
        }
        for ref, lines in _awards_by_ref(award_sets, files).items()
    }
    alike = awards_alike(awards, limits=_limits(bounds))
    clashes = _clashes([a.tournament_id for a in award_sets])
    recorded = dict(
        Tournament.objects.filter(pk__in=[a.tournament_id for a in award_sets]).values_list(
            "pk", "created_at"
        )
    )
    received = dict(
        Homologation.objects.filter(pk__in=[h.pk for h in files])
        .annotate(first=Min("steps__at"))
        .values_list("pk", "first")
    )
    rows = []
    for award_set in award_sets:
        bounds, ref = tournament_bounds[award_set.pk]
        rows.append(
            SourceCheck(
                award_set=award_set,
                changed_at=_changed(award_set),
                recorded_at=recorded[award_set.tournament_id],
                **_verdict(bounds, alike.get(ref, []), clashes.get(ref, [])),
            )
        )
    for homologation in files:
        bounds, ref = file_bounds[homologation.pk]
        rows.append(
            SourceCheck(
                homologation=homologation,
                changed_at=homologation.updated_at,
                recorded_at=received.get(homologation.pk) or homologation.updated_at,
                **_verdict(bounds, _kept(homologation, alike.get(ref, [])), []),
            )
        )
    SourceCheck.objects.filter(Q(award_set__in=award_sets) | Q(homologation__in=files)).delete()
    SourceCheck.objects.bulk_create(rows, batch_size=1000)
    return len(rows)


def _kept(homologation: Homologation, alike: list) -> list:
    """What counts of a file's likeness: none of the same results that federation staff
    received it despite (apps.approvals.external, with their reason)."""
    if not homologation.same_results_accepted:
        return alike
    return [item for item in alike if item.verdict.likeness != Likeness.SAME]


def _verdict(bounds: LineBounds, alike, clashes) -> dict:
    return {
        "max_pcn": bounds.pcn,
        "max_pp": bounds.pp,
        "bounds": bounds.why[:300],
        "alike": [
            {
                "ref": item.ref,
                "likeness": str(item.verdict.likeness),
                "percent": item.verdict.percent,
                "by": item.verdict.by,
            }
            for item in alike
        ],
        "clashes": clashes,
        "flagged": bool(alike or clashes),
    }
