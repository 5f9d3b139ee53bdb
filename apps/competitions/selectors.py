"""Reads of the championships: who may enter a stage and why not, the stage's running
ranking and the row of its regulation table, the outgoing champions, a player's path."""

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet

from apps.accounts.permissions import roles_of
from apps.competitions import permissions
from apps.competitions.domain.eligibility import eligibility_refusals
from apps.competitions.domain.kinds import SERIES_OF
from apps.competitions.domain.overseas import VISITS_REFUSAL, visiting
from apps.competitions.domain.qualification import (
    champion_enters_final,
    champion_refusal,
    line_order,
    qualification,
)
from apps.competitions.domain.regulation import RegulationRow
from apps.competitions.models import Competition, Qualifier, Stage
from apps.federation.models import Committee, Licensee, Season
from apps.federation.selectors import licensees_matching
from apps.movements.domain.model import SEATS
from apps.movements.models import Place, SeatChoice, SessionMovement
from apps.movements.selectors import section_order
from apps.results.reads import tournament_results_read
from apps.tournaments.domain.workflow import RESULT_STATUSES

# A listed replacement enters only in the place of a qualified player who withdrew (art.
# 18 « le ou les remplaçants prévus »): never on top of the quota.
REPLACEMENT_WAITS = (
    "remplaçant : il n'entre qu'à la place d'un qualifié qui déclare forfait, par ordre de la liste"
)
NOT_QUALIFIED = "le joueur n'est pas qualifié par une étape précédente"


def stage_committee_ids(stage: Stage) -> set[int] | None:
    """The committees whose licensees a regional stage gathers; None: a national stage."""
    if stage.committee_id:
        return {stage.committee_id}
    if stage.zone_id:
        return set(stage.group.values_list("pk", flat=True))
    return None


def stage_fed_by_others(stage: Stage) -> bool:
    """Players enter this stage by qualification: a national final, or a stage that
    earlier stages qualify for."""
    return stage.level == Stage.Level.NATIONAL_FINAL or stage.previous_stages.exists()


def champion_refusals(stage: Stage, licensee: Licensee) -> list[str]:
    """Why the outgoing champion may not enter directly: they still play the championship's
    série and age (art. 4: « sauf cas prévus »), and a regional champion is still licensed
    in the same committee (art. 6, 11)."""
    committees = stage_committee_ids(stage)
    in_committee = committees is None or licensee.club.committee_id in committees
    refusals = eligibility_refusals(
        stage.competition.domain_kind,
        series=licensee.series,
        birth_date=licensee.birth_date,
        season_start_year=stage.competition.season.start_year,
        licensed_in_organiser=True,
    )
    if not in_committee:
        refusals.append("le champion sortant n'est plus licencié dans le comité organisateur")
    return refusals


def _overseas_visits(stage: Stage, licensee: Licensee) -> int:
    """The other regional stages of the championship the licensee entered outside their
    committee this season."""
    return (
        Stage.objects.filter(
            competition=stage.competition, tournament__registrations__licensee=licensee
        )
        .exclude(pk=stage.pk)
        .exclude(committee_id=licensee.club.committee_id)
        .count()
    )


def stage_refusals(stage: Stage, licensee: Licensee) -> list[str]:
    """Why the licensee may not enter the stage (empty: they may), in French."""
    if stage.tournament.registrations.filter(licensee=licensee).exists():
        return ["déjà inscrit"]
    kind = stage.competition.domain_kind
    outgoing = stage_outgoing_champion(stage)
    champion = outgoing is not None and licensee.pk == outgoing.pk
    direct = champion and (stage.level != Stage.Level.REGIONAL_FINAL or champion_enters_final(kind))
    if direct:
        return champion_refusals(stage, licensee)
    if stage_fed_by_others(stage):
        listed = Qualifier.objects.filter(stage__next_stage=stage, licensee=licensee)
        if listed.filter(Qualifier.holding_place()).exists():
            return []
        if listed.filter(role=Qualifier.Role.REPLACEMENT, withdrawn_at=None).exists():
            return [REPLACEMENT_WAITS]
        return [champion_refusal(kind) if champion else NOT_QUALIFIED]
    committees = stage_committee_ids(stage)
    committee = licensee.club.committee
    licensed_in = committees is None or committee.pk in committees
    refusals = []
    if (
        not licensed_in
        and committee.overseas
        and visiting(
            kind,
            licensed_in=licensed_in,
            player_overseas=True,
            stage_overseas=Committee.objects.filter(pk__in=committees, overseas=True).exists(),
        )
    ):
        licensed_in = True
        if _overseas_visits(stage, licensee):
            refusals.append(VISITS_REFUSAL)
    return (
        eligibility_refusals(
            kind,
            series=licensee.series,
            birth_date=licensee.birth_date,
            season_start_year=stage.competition.season.start_year,
            licensed_in_organiser=licensed_in,
        )
        + refusals
    )


def previous_champion(
    competition: Competition, *, level: str, committee_id: int | None, zone_id: int | None
) -> Licensee | None:
    """The champion of the same stage last season: the outgoing champion."""
    stage = (
        Stage.objects.filter(
            competition__kind=competition.kind,
            competition__season__start_year=competition.season.start_year - 1,
            level=level,
            committee_id=committee_id,
            zone_id=zone_id,
            champion__isnull=False,
        )
        .select_related("champion")
        .first()
    )
    return stage.champion if stage else None


def stage_outgoing_champion(stage: Stage) -> Licensee | None:
    """The stage's outgoing champion, from its one place: the champion of France, named on
    the competition, at the national final (art. 4, 9, 14); the stage's own elsewhere."""
    return stage.competition.outgoing_champion if stage.national_final else stage.outgoing_champion


def stage_first_champion(stage: Stage) -> Licensee | None:
    """The outgoing champion the first session seats at Nord 1 (art. 17): at a regional
    semi-final, the regional champion, who plays it in the séries (art. 2); else the
    stage's outgoing champion (``stage_outgoing_champion``)."""
    if stage.level == Stage.Level.REGIONAL_SEMI_FINAL and stage.next_stage_id:
        return stage.next_stage.outgoing_champion or stage.outgoing_champion
    return stage_outgoing_champion(stage)


@dataclass(frozen=True)
class StandingRow:
    rank: int | None
    licensee: Licensee
    total: float | None
    tops: int
    sessions: tuple[float | None, ...]
    registration_id: int


def stage_standings(stage: Stage) -> list[StandingRow]:
    """The stage's running general ranking: the sessions' percentages times coefficients, ties
    broken by the TOPs of every session (art. 20), players still equal in registration order
    (the order its cuts and its quota take them)."""
    return _standings(tournament_results_read(stage.tournament))


def _standings(results) -> list[StandingRow]:
    licensees = Licensee.objects.select_related("club").in_bulk(
        [p.player.licensee_id for p in results.players]
    )
    rows = [
        StandingRow(
            p.rank,
            licensees[p.player.licensee_id],
            p.total,
            p.tops,
            p.sessions,
            p.player.registration_id,
        )
        for p in results.players
    ]
    return line_order([(row, row.rank, row.registration_id) for row in rows])


def stage_present(stage: Stage) -> int:
    """The players seated at the first session (« joueurs présents à la première
    séance »); before it is seated, the players registered."""
    seated = Place.objects.filter(
        table__movement__session__tournament=stage.tournament,
        table__movement__session__number=1,
        table__sequence=1,
        registration__isnull=False,
    ).count()
    return seated or stage.tournament.registrations.count()


def stage_row(stage: Stage, present: int) -> RegulationRow | None:
    """The row of the regulation table for ``present`` players at the first session."""
    return next((row for row in stage.regulation() if row.low <= present <= row.high), None)


def competitions_of(season: Season) -> QuerySet[Competition]:
    return Competition.objects.filter(season=season).prefetch_related(
        "stages__committee", "stages__zone", "stages__tournament", "stages__champion"
    )


@dataclass(frozen=True)
class PathStep:
    stage: Stage
    rank: int | None
    situation: str  # where the stage left them (``Qualifier.situation``), or ""


def player_path(licensee: Licensee) -> list[PathStep]:
    """The stages the licensee entered, season after season, with their rank and what the
    stage made of them (qualified, replacement, « à la place de … », forfait)."""
    stages = (
        Stage.objects.filter(
            Q(tournament__registrations__licensee=licensee) | Q(qualifiers__licensee=licensee)
        )
        .distinct()
        .select_related("competition__season", "committee", "zone", "tournament")
        .order_by("-competition__season__start_year", "tournament__date")
    )
    qualifiers = {
        q.stage_id: q
        for q in Qualifier.objects.filter(licensee=licensee, stage__in=stages).select_related(
            "replaces__licensee", "replaced_by__licensee"
        )
    }
    return [
        PathStep(
            stage,
            qualifiers[stage.pk].rank if stage.pk in qualifiers else _final_rank(stage, licensee),
            qualifiers[stage.pk].situation if stage.pk in qualifiers else "",
        )
        for stage in stages
    ]


def _final_rank(stage: Stage, licensee: Licensee) -> int | None:
    """The licensee's rank in a stage that listed them nowhere (a final, or a stage they
    did not qualify from), once its play is over: from its results."""
    if not stage.tournament.play_over:
        return None
    players = tournament_results_read(stage.tournament).players
    return next((p.rank for p in players if p.player.licensee_id == licensee.pk), None)


# --- what a cut and a qualification will do, shown before they are done -----------


@dataclass(frozen=True)
class CutPlan:
    """The next session of a stage as the cut makes it (art. 17 ¶2, 20): the players of the
    last session kept by the regulation table and those eliminated, in ranking order;
    ``refusal``: why no session can be added now ("" when it can)."""

    refusal: str = ""
    number: int = 0
    kept: tuple[StandingRow, ...] = ()
    eliminated: tuple[StandingRow, ...] = ()


def stage_cut_plan(stage: Stage) -> CutPlan:
    """Who the next session keeps: the regulation table's number for the players present,
    taken from the running general ranking of those who played the last session."""
    row = stage_row(stage, stage_present(stage))
    sessions = stage.tournament.sessions.count()
    if row is None or sessions >= row.sessions:
        return CutPlan("Le règlement de l'étape ne prévoit pas d'autre séance.")
    results = tournament_results_read(stage.tournament)
    last = results.sessions[-1]
    if not last.players or not last.complete:
        return CutPlan(
            f"La séance {last.number} n'est pas complète : toutes ses donnes doivent être saisies."
        )
    played_last = {p.player.registration_id for p in last.players}
    ranked = [s for s in _standings(results) if s.registration_id in played_last]
    keep = row.next_sessions[sessions - 1]
    return CutPlan("", sessions + 1, tuple(ranked[:keep]), tuple(ranked[keep:]))


def stage_qualify_refusal(stage: Stage) -> str:
    """Why the stage's qualified players cannot be named yet ("" when they can)."""
    if stage.closed_at is not None:
        return "Les qualifiés de cette étape sont déjà désignés."
    played = stage.ranking_source or stage
    if not played.tournament.play_over:
        return f"L'étape {played.name} n'est pas terminée : l'arbitre la termine d'abord."
    row = stage_row(stage, stage_present(stage))
    if row is not None and stage.tournament.sessions.count() < row.sessions:
        return f"Le règlement prévoit {row.sessions} séances : toutes n'ont pas été jouées."
    if stage.next_stage is not None and stage.quota is None:
        return "La fédération n'a pas encore fixé le nombre de qualifiés."
    return ""


def _qualify_standings(stage: Stage) -> list[StandingRow]:
    """The ranked players the stage qualifies from: those of its série and committees when
    it reads another stage's ranking (a semi-final's séries)."""
    standings = [s for s in stage_standings(stage.ranking_source or stage) if s.rank is not None]
    if stage.ranking_source_id:
        wanted = SERIES_OF[stage.competition.domain_kind]
        committees = stage_committee_ids(stage)
        standings = [
            s
            for s in standings
            if s.licensee.series == wanted and s.licensee.club.committee_id in committees
        ]
    return standings


@dataclass(frozen=True)
class QualifyPlan:
    """What naming a stage's qualified players does: its titles (champion, vice-champion:
    art. 1, 5, 6, 10, 11, 15), the quota's qualified players then the replacements listed,
    in ranking order, and those of the qualified not yet registered in the next stage, whom
    it registers; ``refusal``: why it cannot be done now ("" when it can)."""

    refusal: str = ""
    titles: tuple[Licensee, ...] = ()
    qualified: tuple[StandingRow, ...] = ()
    replacements: tuple[StandingRow, ...] = ()
    registered: tuple[Licensee, ...] = ()


def stage_qualify_plan(stage: Stage) -> QualifyPlan:
    refusal = stage_qualify_refusal(stage)
    if refusal:
        return QualifyPlan(refusal)
    standings = _qualify_standings(stage)
    by_licensee = {s.licensee.pk: s for s in standings}
    following = stage.next_stage
    chosen = qualification(
        list(by_licensee),
        (stage.quota or 0) if following else 0,
        stage.replacements if following else 0,
    )
    titled = stage.level in Stage.TITLED and not stage.ranking_source_id
    qualified = tuple(by_licensee[pk] for pk in chosen.qualified)
    already = (
        set(following.tournament.registrations.values_list("licensee_id", flat=True))
        if following
        else set()
    )
    return QualifyPlan(
        titles=tuple(s.licensee for s in standings[:2]) if titled else (),
        qualified=qualified,
        replacements=tuple(by_licensee[pk] for pk in chosen.replacements),
        registered=tuple(s.licensee for s in qualified if s.licensee.pk not in already),
    )


# --- withdrawals and replacements ---------------------------------------------------


def qualifier_withdrawal_open(user, stage: Stage) -> bool:
    """Whether ``user`` may record a withdrawal among the players ``stage`` listed: its
    organiser or the next stage's, until the next stage's first session is seated."""
    following = stage.next_stage
    if following is None or stage.closed_at is None:
        return False
    if not (permissions.can_run_stage(user, stage) or permissions.can_run_stage(user, following)):
        return False
    return not Place.objects.filter(
        table__movement__session__tournament_id=following.tournament_id
    ).exists()


def qualifier_replacement(qualifier: Qualifier) -> Qualifier | None:
    """The replacement who would enter in the place of ``qualifier`` if they withdrew: the
    first of the list still free and not in the next stage by another right, when
    ``qualifier`` holds a place."""
    if not qualifier.holds_place:
        return None
    entered = qualifier.stage.next_stage.tournament.registrations.values("licensee")
    return (
        qualifier.stage.qualifiers.select_related("licensee")
        .filter(role=Qualifier.Role.REPLACEMENT, replaces=None, withdrawn_at=None)
        .exclude(licensee__in=entered)
        .order_by("order")
        .first()
    )


def stage_registrations(stage: Stage) -> list:
    """The stage's registrations, each with ``in_place_of``: the name of the withdrawn
    player a replacement entered in the place of ("" for the others)."""
    registrations = list(stage.tournament.registrations.select_related("licensee__club"))
    entered = Qualifier.objects.filter(
        stage__next_stage=stage, replaces__isnull=False, withdrawn_at=None
    ).select_related("replaces__licensee")
    replaced = {q.licensee_id: q.replaces.licensee.full_name for q in entered}
    for registration in registrations:
        registration.in_place_of = replaced.get(registration.licensee_id, "")
    return registrations


# --- registering many players at once ------------------------------------------------

UNKNOWN_NUMBER = "aucun licencié n'a ce numéro"


@dataclass(frozen=True)
class EntryCheck:
    """One licence number of a list to register: its licensee (None: unknown) and why they
    may not enter the stage (empty: they may)."""

    number: str
    licensee: Licensee | None
    refusals: tuple[str, ...]


SEARCHED = 20  # the players a name search lists at most


def stage_candidates(stage: Stage, query: str) -> list[EntryCheck]:
    """The licensees whose name (or licence number) matches the search, those of the
    stage's committees first, each with why they may not enter (``stage_refusals``)."""
    licensees = licensees_matching(
        Licensee.objects.select_related("club__committee"), query
    ).order_by("last_name", "first_name")
    committees = stage_committee_ids(stage)
    if committees is not None:
        licensees = licensees.filter(club__committee_id__in=committees)
    return [
        EntryCheck(licensee.licence_number, licensee, tuple(stage_refusals(stage, licensee)))
        for licensee in licensees[:SEARCHED]
    ]


def stage_entries_checked(stage: Stage, numbers: list[str]) -> list[EntryCheck]:
    """Each licence number of the list, in its order, with its licensee and refusals."""
    licensees = {
        licensee.licence_number: licensee
        for licensee in Licensee.objects.select_related("club__committee").filter(
            licence_number__in=numbers
        )
    }
    checks = []
    for number in numbers:
        licensee = licensees.get(number)
        refusals = stage_refusals(stage, licensee) if licensee else [UNKNOWN_NUMBER]
        checks.append(EntryCheck(number, licensee, tuple(refusals)))
    return checks


# --- worklists: what waits for each level ---------------------------------------------


def _awaiting_approval(user) -> Q:
    roles = roles_of(user)
    awaiting = Q(ranking_source=None, approved_at=None, closed_at=None) & ~Q(
        level=Stage.Level.NATIONAL_FINAL
    )
    if roles.federation:
        return awaiting
    return awaiting & (Q(zone_id__in=roles.zone_ids) | Q(committee__zone_id__in=roles.zone_ids))


def regulations_awaiting(user) -> QuerySet[Stage]:
    """The stages whose regulation table awaits this user's « aval » (art. 3, 8, 13): those
    of their zone's committees and groups; federation staff see every zone's."""
    return (
        Stage.objects.filter(_awaiting_approval(user))
        .select_related("competition__season", "committee", "zone", "tournament")
        .order_by("tournament__date", "name")
    )


def _quota_awaited(season: Season | None) -> Q:
    return Q(competition__season=season, next_stage__isnull=False, quota=None, closed_at=None)


def season_quota_grid(season: Season) -> list[Stage]:
    """Every stage of the season that qualifies for another, by championship then date,
    with its registered players counted: the grid where federation staff set the quotas."""
    return list(
        Stage.objects.filter(competition__season=season, next_stage__isnull=False)
        .select_related("competition", "committee", "zone", "next_stage", "tournament")
        .annotate(players=Count("tournament__registrations"))
        .order_by("competition__kind", "tournament__date", "name")
    )


def _to_close(user) -> Q:
    roles = roles_of(user)
    over_statuses = [s.value for s in RESULT_STATUSES]
    # a stage qualifying by another's ranking is not played: that one's play is over
    over = Q(closed_at=None) & (
        Q(ranking_source=None, tournament__status__in=over_statuses)
        | Q(ranking_source__tournament__status__in=over_statuses)
    )
    if roles.federation:
        return over
    return over & (Q(committee_id__in=roles.committee_ids) | Q(zone_id__in=roles.zone_ids))


def stages_to_close(user) -> QuerySet[Stage]:
    """The stages this user organises whose play is over and whose qualified players are
    not named yet."""
    return Stage.objects.filter(_to_close(user)).select_related(
        "competition__season", "committee", "zone", "tournament"
    )


def championship_waiting(user, season: Season | None) -> dict[str, int]:
    """In one query, what waits for ``user``: the regulations awaiting their « aval »
    (``regulations_awaiting``), their stages whose qualified are to be named
    (``stages_to_close``) and, for federation staff, the season's quotas still to set."""
    counts = {
        "regulations": Count("pk", filter=_awaiting_approval(user)),
        "to_close": Count("pk", filter=_to_close(user)),
    }
    if roles_of(user).federation:
        counts["quotas"] = Count("pk", filter=_quota_awaited(season))
    return Stage.objects.aggregate(**counts)


# --- the public list of a championship's qualified players ---------------------------


@dataclass(frozen=True)
class QualifiedGroup:
    """The players listed for one stage, by the committee they are licensed in."""

    stage: Stage
    committees: tuple[tuple[str, tuple[Qualifier, ...]], ...]


def competition_qualified(competition: Competition) -> list[QualifiedGroup]:
    """Every player the championship's stages listed for the next one, with where they
    stand (qualifié, remplaçant, forfait, remplacé…): a group per stage they go to, the
    national final first, each by committee then in each stage's order."""
    qualifiers = (
        Qualifier.objects.filter(stage__competition=competition)
        .select_related(
            "licensee__club__committee",
            "stage__next_stage__tournament",
            "replaces__licensee",
            "replaced_by__licensee",
        )
        .order_by("licensee__club__committee__name", "stage_id", "order")
    )
    levels = list(Stage.Level.values)
    groups: dict[int, dict[str, list[Qualifier]]] = {}
    targets: dict[int, Stage] = {}
    for qualifier in qualifiers:
        target = qualifier.stage.next_stage
        targets[target.pk] = target
        committee = qualifier.licensee.club.committee.name
        groups.setdefault(target.pk, {}).setdefault(committee, []).append(qualifier)
    ordered = sorted(
        targets.values(), key=lambda s: (-levels.index(s.level), s.tournament.date, s.name)
    )
    return [
        QualifiedGroup(
            target,
            tuple((name, tuple(rows)) for name, rows in groups[target.pk].items()),
        )
        for target in ordered
    ]


# --- a session seated by serpentine, as the referee checks it ---------------------------


@dataclass(frozen=True)
class SeatedTable:
    """A table of the first position: each seat's player and their running rank."""

    section: str
    number: int
    seats: tuple[tuple[str, str, int | None], ...]  # (seat, player's name, running rank)


@dataclass(frozen=True)
class SerpentineSeating:
    """The latest session of a stage seated by serpentine from the running ranking (art.
    17 ¶2), its tables at the first position with each player's rank in the ranking of
    the sessions before it."""

    number: int
    tables: tuple[SeatedTable, ...]
    sections: int  # more than one: each table is named with its section


def stage_serpentine_seating(stage: Stage) -> SerpentineSeating | None:
    movement = (
        SessionMovement.objects.filter(
            session__tournament=stage.tournament, method=SessionMovement.Method.RANKING
        )
        .select_related("session")
        .order_by("-session__number")
        .first()
    )
    if movement is None:
        return None
    number = movement.session.number
    ranks = {
        p.player.registration_id: p.rank
        for p in tournament_results_read(stage.tournament, before=number).players
    }
    places = Place.objects.filter(table__movement=movement, table__sequence=1).select_related(
        "table", "registration__licensee"
    )
    tables: dict[tuple[str, int], list] = {}
    for place in places:
        registration = place.registration
        name = registration.licensee.full_name if registration else "—"
        rank = ranks.get(registration.pk) if registration else None
        tables.setdefault((place.table.section, place.table.table), []).append(
            (place.seat, name, rank)
        )
    seat_order = {seat: index for index, seat in enumerate(SEATS)}
    sections = section_order(movement)
    return SerpentineSeating(
        number,
        tuple(
            SeatedTable(
                section,
                table,
                tuple(
                    (str(SeatChoice(seat).label), name, rank)
                    for seat, name, rank in sorted(seats, key=lambda s: seat_order[s[0]])
                ),
            )
            for (section, table), seats in sorted(
                tables.items(), key=lambda item: (sections.get(item[0][0], 0), item[0][1])
            )
        ),
        len(sections),
    )
