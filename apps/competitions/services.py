"""Write services of the championships (fascicule 3, ch. 2). Each runs in one transaction
with its audit rows, checks who may (apps.competitions.permissions) and raises
PermissionDenied or ValidationError (French messages) without changing anything.

A stage is played as one tournament of its host club (kind « championship stage »): its
first session seats every entrant, drawn or balanced (art. 7, 17); each following session
is added when the previous one is complete, with the players the regulation table keeps,
cut by the running general ranking and seated by serpentine from it (art. 17 ¶2)."""

from collections.abc import Sequence
from datetime import date

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.competitions import permissions
from apps.competitions.domain.kinds import KINDS, CompetitionKind
from apps.competitions.domain.overseas import ranking_source_refusal
from apps.competitions.domain.qualification import direct_qualifiers
from apps.competitions.domain.regulation import (
    MIN_DEALS,
    RegulationRow,
    local_final_refusal,
    regulation_problems,
)
from apps.competitions.domain.seating import first_seating_refusal, first_seatings
from apps.competitions.models import Competition, Qualifier, RegulationLine, Stage
from apps.competitions.notifications import qualified_notify, replacement_notify
from apps.competitions.selectors import (
    QualifyPlan,
    champion_refusals,
    previous_champion,
    qualifier_replacement,
    stage_cut_plan,
    stage_entries_checked,
    stage_first_champion,
    stage_qualify_plan,
    stage_qualify_refusal,
    stage_refusals,
    stage_row,
)
from apps.core.audit import audit_record, model_update
from apps.federation.models import Club, Committee, Licensee, Season, Zone
from apps.movements.models import SessionMovement
from apps.movements.services import SERIES_RANK, movement_generate
from apps.tournaments.domain.indices import STAGE_INDICES
from apps.tournaments.domain.workflow import REGISTRATION_STATUSES, Status
from apps.tournaments.models import RefereeAssignment, Registration, Tournament
from apps.tournaments.services import (
    referee_record,
    registration_record,
    registration_remove,
    session_record,
    tournament_lock_for_room,
    tournament_lock_unfrozen,
    tournament_record,
)

LEVEL_ORDER = list(Stage.Level.values)
_NOT_PLAYED = "Cette étape n'est pas jouée : elle qualifie selon le classement d'une autre étape."


# --- the season's competitions (federation staff) --------------------------------


@transaction.atomic
def competition_create(
    *, actor, season: Season, kind: str, outgoing_champion: Licensee | None = None
) -> Competition:
    if not permissions.can_set_season(actor):
        raise PermissionDenied("Seule la fédération crée les compétitions d'une saison.")
    if kind not in Competition.Kind.values:
        raise ValidationError("Championnat inconnu.")
    try:
        with transaction.atomic():
            competition = Competition.objects.create(
                season=season, kind=kind, outgoing_champion=outgoing_champion
            )
    except IntegrityError as exc:
        raise ValidationError(
            f"Le championnat {Competition.Kind(kind).label} de la saison {season} existe déjà."
        ) from exc
    if outgoing_champion is None:  # last season's champion of France, when Donne knows them
        outgoing_champion = previous_champion(
            competition, level=Stage.Level.NATIONAL_FINAL, committee_id=None, zone_id=None
        )
        if outgoing_champion is not None:
            competition.outgoing_champion = outgoing_champion
            competition.save(update_fields=["outgoing_champion"])
    audit_record(
        actor=actor,
        action="create",
        instance=competition,
        changes={
            "season": [None, str(season)],
            "kind": [None, kind],
            "outgoing_champion": [None, str(outgoing_champion) if outgoing_champion else None],
        },
    )
    return competition


@transaction.atomic
def competition_champion_set(
    *, actor, competition: Competition, outgoing_champion: Licensee | None
) -> Competition:
    """The outgoing champion of France, qualified directly for the national final (art. 4,
    9, 14), until the national final's first session is seated."""
    if not permissions.can_set_season(actor):
        raise PermissionDenied("Seule la fédération désigne le champion de France sortant.")
    seated = SessionMovement.objects.filter(
        session__tournament__stage__competition=competition,
        session__tournament__stage__level=Stage.Level.NATIONAL_FINAL,
    ).exists()
    if seated:
        raise ValidationError(
            "La finale nationale est placée : le champion sortant ne change plus."
        )
    changes = model_update(competition, {"outgoing_champion": outgoing_champion})
    competition.save(update_fields=["outgoing_champion"])
    audit_record(actor=actor, action="update", instance=competition, changes=changes)
    return competition


@transaction.atomic
def stage_quota_set(*, actor, stage: Stage, quota: int) -> Stage:
    """The players the stage qualifies for the next one, set by the federation for the
    season (art. 1, 4, 6, 9, 11, 14)."""
    if not permissions.can_set_season(actor):
        raise PermissionDenied("Seule la fédération fixe le nombre de qualifiés.")
    if stage.closed_at is not None:
        raise ValidationError("Les qualifiés de cette étape sont déjà désignés.")
    if quota < 0:
        raise ValidationError("Un nombre de qualifiés n'est jamais négatif.")
    changes = model_update(stage, {"quota": quota})
    stage.save(update_fields=["quota"])
    audit_record(actor=actor, action="update", instance=stage, changes=changes)
    return stage


@transaction.atomic
def stage_quotas_set(*, actor, quotas: dict[Stage, int | None]) -> int:
    """The season's quotas set from one grid, all or none: each stage's quota, or None to
    leave it unset; a stage whose qualified players are named keeps its own. How many
    changed."""
    if not permissions.can_set_season(actor):
        raise PermissionDenied("Seule la fédération fixe le nombre de qualifiés.")
    changed = 0
    refusals = []
    for stage, quota in quotas.items():
        stage = Stage.objects.select_for_update(of=("self",)).get(pk=stage.pk)
        if quota == stage.quota:
            continue
        if stage.closed_at is not None:
            refusals.append(f"{stage.name} : les qualifiés sont déjà désignés.")
            continue
        if quota is not None and quota < 0:
            refusals.append(f"{stage.name} : un nombre de qualifiés n'est jamais négatif.")
            continue
        changes = model_update(stage, {"quota": quota})
        stage.save(update_fields=["quota"])
        audit_record(actor=actor, action="update", instance=stage, changes=changes)
        changed += 1
    if refusals:
        raise ValidationError(refusals)  # the transaction undoes the others
    return changed


# --- stages (their organiser) ---------------------------------------------------


def _check_organiser(
    level: str, committee: Committee | None, zone: Zone | None, group: Sequence[Committee]
) -> None:
    if level == Stage.Level.NATIONAL_FINAL:
        if committee or zone:
            raise ValidationError("La finale nationale est organisée par la fédération.")
        return
    if committee and zone:
        raise ValidationError("Une étape est organisée par un comité ou par un regroupement.")
    if zone:
        if len(group) < 2:
            raise ValidationError("Un regroupement réunit deux comités au moins.")
        if any(c.zone_id != zone.pk for c in group):
            raise ValidationError("Les comités du regroupement sont ceux de la zone.")
    elif not committee:
        raise ValidationError("Une étape régionale est organisée par un comité ou un regroupement.")


def _check_next_stage(
    actor, competition: Competition, level: str, committee: Committee | None, next_stage
) -> None:
    """The next stage is a later stage of the same championship that this organiser runs,
    the national final, or the stage of a group that gathers the organising committee."""
    if next_stage is None:
        return
    if next_stage.competition_id != competition.pk:
        raise ValidationError("L'étape suivante doit être du même championnat.")
    if LEVEL_ORDER.index(next_stage.level) <= LEVEL_ORDER.index(level):
        raise ValidationError("L'étape suivante doit venir après celle-ci.")
    gathers = (
        next_stage.level == Stage.Level.NATIONAL_FINAL
        or permissions.can_run_stage(actor, next_stage)
        or (committee is not None and next_stage.group.filter(pk=committee.pk).exists())
    )
    if not gathers:
        raise ValidationError(
            f"L'étape {next_stage.name} ne réunit pas les joueurs de cet organisateur."
        )


def _check_regulation(
    competition: Competition, level: str, rows: list[RegulationRow], deals: int
) -> None:
    if not rows:
        raise ValidationError("Le tableau du règlement a au moins une ligne.")
    kind = competition.domain_kind
    minimums = Stage.holds_minimums(kind, level)
    problems = regulation_problems(kind, rows, deals, minimums=minimums)
    if problems:
        raise ValidationError(problems)


def _check_ranking_source(
    competition: Competition, committee: Committee | None, source: Stage
) -> None:
    """Art. 1: only the 2nd series of an overseas committee qualifies by the ranking of the
    Open regional championship of its zone, the same season."""
    source_zone = source.zone_id or (source.committee.zone_id if source.committee_id else None)
    refusal = ranking_source_refusal(
        CompetitionKind(competition.kind),
        overseas=committee is not None and committee.overseas,
        source_kind=CompetitionKind(source.competition.kind),
        same_season=source.competition.season_id == competition.season_id,
        same_zone=committee is not None and source_zone == committee.zone_id,
    )
    if refusal:
        raise ValidationError(refusal)


def _first_seating(competition: Competition, level: str, seating: str | None) -> str:
    """The first session's seating the stage may have (art. 7, 17); None: its default."""
    where = {
        "national": level == Stage.Level.NATIONAL_FINAL,
        "regional_final": level == Stage.Level.REGIONAL_FINAL,
    }
    kind = competition.domain_kind
    if seating is None:
        return first_seatings(kind, **where)[0]
    refusal = first_seating_refusal(kind, seating, **where)
    if refusal:
        raise ValidationError(f"Placement de la première séance : {refusal}.")
    return seating


def _regulation_store(stage: Stage, rows: list[RegulationRow]) -> list[list]:
    stage.regulation_rows.all().delete()
    RegulationLine.objects.bulk_create(
        RegulationLine(stage=stage, low=r.low, high=r.high, next_sessions=list(r.next_sessions))
        for r in rows
    )
    return [[r.low, r.high, list(r.next_sessions)] for r in rows]


@transaction.atomic
def stage_create(
    *,
    actor,
    competition: Competition,
    level: str,
    name: str,
    date: date,
    club: Club,
    regulation: list[RegulationRow],
    venue: str = "",
    committee: Committee | None = None,
    zone: Zone | None = None,
    group: Sequence[Committee] = (),
    next_stage: Stage | None = None,
    deals: int = 20,
    seating: str | None = None,
    replacements: int = 2,
    ranking_source: Stage | None = None,
) -> Stage:
    """A stage and its tournament at the host club, open for registration, with its
    regulation table (refused with every problem found: art. 2, 3, 7, 8, 12, 13 and ch. 5).
    The outgoing champion is last season's champion of the same stage. The first session
    is drawn or balanced by serpentine as the organiser chooses, drawn at the Open's
    regional final (art. 7, 17). A stage with a ``ranking_source`` is not played (art. 1,
    overseas)."""
    if level not in Stage.Level.values:
        raise ValidationError("Étape inconnue.")
    if not permissions.can_organise(actor, committee=committee, zone=zone):
        raise PermissionDenied("Vous n'organisez pas les étapes de cet organisateur.")
    _check_organiser(level, committee, zone, group)
    if committee and club.committee_id != committee.pk:
        raise ValidationError("Le club d'accueil doit être un club du comité organisateur.")
    if zone and club.committee_id not in {c.pk for c in group}:
        raise ValidationError("Le club d'accueil doit être un club du regroupement.")
    _check_next_stage(actor, competition, level, committee, next_stage)
    if level == Stage.Level.LOCAL_FINAL:
        refusal = local_final_refusal(
            competition.domain_kind,
            qualifies_for_national=next_stage and next_stage.level == Stage.Level.NATIONAL_FINAL,
        )
        if refusal:
            raise ValidationError(refusal)
    seating = _first_seating(competition, level, seating)
    if ranking_source is not None:
        _check_ranking_source(competition, committee, ranking_source)
        regulation = []  # the stage is not played
    else:
        _check_regulation(competition, level, regulation, deals)
    if date not in competition.season.span:
        raise ValidationError(f"La date doit être dans la saison {competition.season}.")
    tournament = tournament_record(
        actor=actor,
        club=club,
        values={
            "name": name,
            "date": date,
            "venue": venue,
            "kind": Tournament.Kind.CHAMPIONSHIP,
            "index": STAGE_INDICES[level],
        },
        status=Status.REGISTRATION_OPEN,
    )
    # The champion of France is the competition's (``stage_outgoing_champion``).
    champion = (
        None
        if level == Stage.Level.NATIONAL_FINAL
        else previous_champion(
            competition,
            level=level,
            committee_id=committee and committee.pk,
            zone_id=zone and zone.pk,
        )
    )
    stage = Stage.objects.create(
        competition=competition,
        level=level,
        name=name,
        committee=committee,
        zone=zone,
        tournament=tournament,
        next_stage=next_stage,
        deals=deals,
        seating=seating,
        replacements=replacements,
        outgoing_champion=champion,
        ranking_source=ranking_source,
    )
    stage.group.set(group)
    audit_record(
        actor=actor,
        action="create",
        instance=stage,
        changes={
            "competition": [None, str(competition)],
            "level": [None, level],
            "organiser": [None, stage.organiser_name],
            "group": [None, [str(c) for c in group]],
            "next_stage": [None, str(next_stage) if next_stage else None],
            "deals": [None, deals],
            "seating": [None, seating],
            "replacements": [None, replacements],
            "ranking_source": [None, str(ranking_source) if ranking_source else None],
            "outgoing_champion": [None, str(champion) if champion else None],
            "regulation": [None, _regulation_store(stage, regulation)],
        },
    )
    return stage


def _stage_locked(actor, stage: Stage) -> Stage:
    if not permissions.can_run_stage(actor, stage):
        raise PermissionDenied("Vous n'organisez pas cette étape.")
    tournament_lock_unfrozen(tournament_id=stage.tournament_id)
    return (
        Stage.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=stage.pk)
    )


def _first_session_seated(stage: Stage) -> bool:
    return SessionMovement.objects.filter(
        session__tournament=stage.tournament, session__number=1
    ).exists()


@transaction.atomic
def stage_regulation_set(*, actor, stage: Stage, rows: list[RegulationRow], deals: int) -> Stage:
    """Replace the stage's regulation table, until its first session is seated."""
    stage = _stage_locked(actor, stage)
    if _first_session_seated(stage):
        raise ValidationError("La première séance est placée : le règlement ne change plus.")
    if stage.ranking_source_id:
        raise ValidationError(_NOT_PLAYED)
    _check_regulation(stage.competition, stage.level, rows, deals)
    before = [[r.low, r.high, list(r.next_sessions)] for r in stage.regulation()]
    # A changed table goes back to the zone for its approval (art. 3, 8, 13).
    changes = model_update(stage, {"deals": deals, "approved_by": None, "approved_at": None})
    stage.save(update_fields=["deals", "approved_by", "approved_at"])
    changes["regulation"] = [before, _regulation_store(stage, rows)]
    audit_record(actor=actor, action="update", instance=stage, changes=changes)
    return stage


@transaction.atomic
def stage_regulation_approve(*, actor, stage: Stage) -> Stage:
    """The zone's approval (« aval ») of the stage's regulation (art. 3, 8, 13): without it
    the stage is void, so its first session is not seated."""
    if not permissions.can_approve_regulation(actor, stage):
        raise PermissionDenied("Seul le responsable de la zone donne l'aval du règlement.")
    tournament_lock_unfrozen(tournament_id=stage.tournament_id)
    stage = Stage.objects.select_for_update(of=("self",)).get(pk=stage.pk)
    if not stage.needs_approval:
        raise ValidationError("Cette étape ne demande pas d'aval.")
    if stage.approved_at is not None:
        raise ValidationError("Le règlement de cette étape a déjà reçu l'aval de la zone.")
    changes = model_update(stage, {"approved_by": actor, "approved_at": timezone.now()})
    stage.save(update_fields=["approved_by", "approved_at"])
    audit_record(actor=actor, action="update", instance=stage, changes=changes)
    return stage


@transaction.atomic
def stage_register(*, actor, stage: Stage, licensee: Licensee) -> Registration:
    """Enter a licensee in the stage, refused with the reasons when they may not play it."""
    stage = _stage_entries_open(actor, stage)
    refusals = stage_refusals(stage, licensee)
    if refusals:
        raise ValidationError(f"{licensee.full_name} : {' ; '.join(refusals)}")
    return registration_record(actor=actor, tournament=stage.tournament, licensee=licensee)


@transaction.atomic
def stage_register_many(*, actor, stage: Stage, numbers: list[str]) -> list[Registration]:
    """Enter the licensees of these licence numbers in the stage, all or none: a list with
    an unknown number or a player who may not enter registers nobody (the caller shows
    ``stage_entries_checked`` to say who and why)."""
    stage = _stage_entries_open(actor, stage)
    checks = stage_entries_checked(stage, numbers)
    refused = sum(1 for check in checks if check.refusals)
    if refused:
        raise ValidationError(
            f"{refused} licence(s) refusée(s) sur {len(checks)} : personne n'est inscrit."
        )
    return [
        registration_record(actor=actor, tournament=stage.tournament, licensee=check.licensee)
        for check in checks
    ]


def _stage_entries_open(actor, stage: Stage) -> Stage:
    """The stage, locked, refused unless it takes registrations now."""
    stage = _stage_locked(actor, stage)
    if stage.ranking_source_id:
        raise ValidationError(_NOT_PLAYED)
    if stage.tournament.status not in REGISTRATION_STATUSES or _first_session_seated(stage):
        raise ValidationError("Les inscriptions de cette étape sont closes.")
    return stage


@transaction.atomic
def stage_unregister(*, actor, stage: Stage, registration: Registration) -> None:
    stage = _stage_locked(actor, stage)
    if registration.tournament_id != stage.tournament_id:
        raise ValidationError("Ce joueur n'est pas inscrit à cette étape.")
    if _first_session_seated(stage):
        raise ValidationError(
            "La première séance est placée : l'arbitre remplace un joueur absent."
        )
    registration_remove(actor=actor, registration=registration)


@transaction.atomic
def stage_direct_qualify(*, actor, stage: Stage, national_order: Sequence[Licensee]) -> list:
    """For an incomplete table of a regional semi-final, qualify 1, 2 or 3 entrants directly
    for the next stage: the outgoing regional champion, then the national ranking's order
    (art. 2, 12; art. 7 for the Open, whose champion does not play the semi-final). Until
    the national ranking exists, ``national_order`` is entered by hand."""
    stage = _stage_locked(actor, stage)
    if stage.level != Stage.Level.REGIONAL_SEMI_FINAL or stage.next_stage is None:
        raise ValidationError("Seule une demi-finale régionale qualifie directement.")
    if _first_session_seated(stage):
        raise ValidationError("La première séance est placée : trop tard pour qualifier.")
    _next_stage_open(stage.next_stage)
    registrations = {
        r.licensee_id: r for r in stage.tournament.registrations.select_related("licensee")
    }
    if len(registrations) % 4 == 0:
        raise ValidationError(
            "Aucune table n'est incomplète : personne n'est qualifié directement."
        )
    kind = stage.competition.domain_kind
    champion = stage.next_stage.outgoing_champion_id if KINDS[kind].champion_first else None
    chosen = direct_qualifiers(
        list(registrations), champion=champion, national_order=[p.pk for p in national_order]
    )
    needed = len(registrations) % 4
    if len(chosen) < needed:
        raise ValidationError(
            f"Il faut qualifier directement {needed} joueurs : le classement national saisi "
            f"n'en désigne que {len(chosen)} parmi les inscrits."
        )
    order = stage.qualifiers.count()
    for offset, licensee_id in enumerate(chosen, start=1):
        registration = registrations[licensee_id]
        Qualifier.objects.create(
            stage=stage,
            licensee_id=licensee_id,
            role=Qualifier.Role.DIRECT,
            order=order + offset,
        )
        registration_remove(actor=actor, registration=registration)
        registration_record(
            actor=actor, tournament=stage.next_stage.tournament, licensee=registration.licensee
        )
    audit_record(
        actor=actor,
        action="update",
        instance=stage,
        changes={
            "direct_qualifiers": [None, [registrations[pk].licensee.full_name for pk in chosen]]
        },
    )
    return chosen


@transaction.atomic
def stage_referee_assign(*, actor, stage: Stage, referee, grade: str) -> RefereeAssignment:
    """The organiser assigns the stage's referee with their grade (art. 16)."""
    stage = _stage_locked(actor, stage)
    return referee_record(actor=actor, tournament=stage.tournament, referee=referee, grade=grade)


# --- seating the sessions (the referee) ------------------------------------------


def _next_stage_open(next_stage: Stage) -> None:
    """The next stage takes players until its first session is seated (locked meanwhile)."""
    tournament_lock_unfrozen(tournament_id=next_stage.tournament_id)
    if _first_session_seated(next_stage):
        raise ValidationError(
            f"La première séance de l'étape {next_stage.name} est placée : elle ne prend plus "
            "de joueurs."
        )


def _referee_check(stage: Stage) -> None:
    """Art. 16: a final needs a regional referee, unless a derogation is recorded."""
    if not stage.is_final or stage.referee_derogation:
        return
    graded = stage.tournament.referee_assignments.filter(
        grade__in=RefereeAssignment.FINAL_GRADES
    ).exists()
    if not graded:
        raise ValidationError(
            "Une finale est dirigée par un arbitre régional (art. 16) : affectez-en un ou "
            "enregistrez la dérogation."
        )


def _first_session_order(stage: Stage, registrations: list[Registration]) -> list[Registration]:
    """A balanced first session's entrants, best first (art. 17; ch. 3 « Affectation des
    joueurs »: « en fonction du classement du joueur »): by their rank in the stage that
    qualified them, then by série, then by name."""
    ranks = dict(
        Qualifier.objects.filter(stage__next_stage=stage).values_list("licensee_id", "rank")
    )
    return sorted(
        registrations,
        key=lambda r: (
            ranks.get(r.licensee_id) or 10_000,
            SERIES_RANK[r.licensee.series],
            r.licensee.full_name,
            r.pk,
        ),
    )


def _check_deals(stage: Stage, movement: SessionMovement) -> None:
    """The movement plays the donnes the stage's regulation announced, and at a stage held
    to the minimums at least 20 (art. 2, 7, 12); refused, the caller's transaction writes
    nothing."""
    etuis = {e for row in movement.movement_tables.values_list("etuis", flat=True) for e in row}
    wanted = stage.deals
    if Stage.holds_minimums(stage.competition.domain_kind, stage.level):
        wanted = max(wanted, MIN_DEALS)
    if len(etuis) < wanted:
        raise ValidationError(
            f"Ce mouvement ne joue que {len(etuis)} donnes ; le règlement de l'étape en "
            f"prévoit {wanted}. Choisissez un autre mouvement."
        )


@transaction.atomic
def stage_seat_first(
    *, actor, stage: Stage, tables: int | None = None, type: str = "", seed: int | None = None
) -> SessionMovement:
    """Seat the first session: every entrant, the outgoing champion at Nord table 1
    (art. 17); drawn or balanced by serpentine as the stage says (art. 7, 17), at the
    national final balanced with the committees apart."""
    tournament_lock_for_room(actor=actor, tournament=stage.tournament)
    stage = Stage.objects.select_for_update(of=("self",)).get(pk=stage.pk)
    if stage.ranking_source_id:
        raise ValidationError(_NOT_PLAYED)
    registrations = list(stage.tournament.registrations.select_related("licensee").order_by("pk"))
    if stage.needs_approval and stage.approved_at is None:
        raise ValidationError(
            "Le règlement de l'étape n'a pas l'aval du responsable de zone (art. 3, 8, 13)."
        )
    kind = stage.competition.domain_kind
    minimums = Stage.holds_minimums(kind, stage.level)
    problems = regulation_problems(kind, stage.regulation(), stage.deals, minimums=minimums)
    if problems:
        raise ValidationError(problems)
    if stage_row(stage, len(registrations)) is None:
        raise ValidationError(
            f"Le tableau du règlement ne prévoit pas {len(registrations)} joueurs en première "
            "séance."
        )
    _referee_check(stage)
    champion = stage_first_champion(stage)
    if champion is not None and not any(r.licensee_id == champion.pk for r in registrations):
        champion = None
    options = {"method": SessionMovement.Method.DRAW, "seed": seed, "entrants": registrations}
    if stage.level == Stage.Level.NATIONAL_FINAL:
        options = {
            "method": SessionMovement.Method.APART,
            "entrants": _first_session_order(stage, registrations),
        }
    elif stage.seating == Stage.Seating.SERPENTINE:
        options = {
            "method": SessionMovement.Method.RANKING,
            "entrants": _first_session_order(stage, registrations),
        }
    movement = movement_generate(
        actor=actor,
        session=stage.tournament.sessions.get(number=1),
        tables=tables,
        type=type,
        champion=champion,
        **options,
    )
    _check_deals(stage, movement)
    return movement


@transaction.atomic
def stage_seat_next(*, actor, stage: Stage) -> SessionMovement:
    """Add and seat the next session once the previous one is complete: the players the
    regulation table keeps, cut by the running general ranking (sum of the sessions'
    percentages times coefficients, ties broken by TOPs: art. 20, players still equal in
    registration order), seated by serpentine from that ranking at every stage (art. 17 ¶2;
    the Open regional final's draw is its first session's: art. 7)."""
    tournament = tournament_lock_for_room(actor=actor, tournament=stage.tournament)
    stage = Stage.objects.select_for_update(of=("self",)).get(pk=stage.pk)
    plan = stage_cut_plan(stage)
    if plan.refusal:
        raise ValidationError(plan.refusal)
    kept = [s.registration_id for s in plan.kept]
    entrants = list(Registration.objects.filter(pk__in=kept))
    entrants.sort(key=lambda r: kept.index(r.pk))
    session = session_record(actor=actor, tournament=tournament)
    movement = movement_generate(
        actor=actor, session=session, entrants=entrants, method=SessionMovement.Method.RANKING
    )
    _check_deals(stage, movement)
    return movement


# --- qualification and titles (the organiser) -----------------------------------


def _qualifiers(stage: Stage, plan: QualifyPlan) -> list[Qualifier]:
    """The qualified players then the replacements, numbered after those already listed."""
    order = stage.qualifiers.count()
    qualifiers = []
    for role, players in (
        (Qualifier.Role.QUALIFIED, plan.qualified),
        (Qualifier.Role.REPLACEMENT, plan.replacements),
    ):
        for standing in players:
            order += 1
            qualifiers.append(
                Qualifier(
                    stage=stage,
                    licensee=standing.licensee,
                    role=role,
                    order=order,
                    rank=standing.rank,
                )
            )
    return qualifiers


@transaction.atomic
def stage_qualify(*, actor, stage: Stage) -> list[Qualifier]:
    """At the end of the stage: its champion and vice-champion, its qualified players (the
    quota, in ranking order) registered in the next stage, and the replacements listed."""
    stage = _stage_locked(actor, stage)
    refusal = stage_qualify_refusal(stage)
    if refusal:
        raise ValidationError(refusal)
    if stage.next_stage is not None:
        _next_stage_open(stage.next_stage)  # locked: who is registered there holds
    plan = stage_qualify_plan(stage)
    qualifiers = _qualifiers(stage, plan)
    Qualifier.objects.bulk_create(qualifiers)
    for licensee in plan.registered:
        registration_record(actor=actor, tournament=stage.next_stage.tournament, licensee=licensee)
    if stage.next_stage is not None:
        qualified_notify(stage=stage, qualifiers=qualifiers)
    titles = plan.titles
    changes = model_update(
        stage,
        {
            "champion": titles[0] if titles else None,
            "vice_champion": titles[1] if len(titles) > 1 else None,
            "closed_at": timezone.now(),
        },
    )
    stage.save(update_fields=["champion", "vice_champion", "closed_at"])
    changes["qualified"] = [None, [q.licensee_id for q in qualifiers if q.role == "qualified"]]
    changes["replacements"] = [None, [s.licensee.pk for s in plan.replacements]]
    audit_record(actor=actor, action="update", instance=stage, changes=changes)
    return qualifiers


@transaction.atomic
def qualifier_withdraw(*, actor, qualifier: Qualifier) -> Qualifier | None:
    """A player the stage listed withdraws (« forfait »), until the next stage's first
    session is seated: a qualified player's registration there is removed and the first
    replacement of the list still free enters « à la place de » them, registered in their
    place (art. 18); a replacement not yet entered simply leaves the list. Either organiser
    (the stage's or the next stage's) records it. The replacement who entered, or None."""
    stage = Stage.objects.select_related("next_stage__tournament", "competition").get(
        pk=qualifier.stage_id
    )
    following = stage.next_stage
    if following is None:
        raise ValidationError("Cette étape ne qualifie pour aucune autre.")
    if stage.closed_at is None:
        raise ValidationError("Les qualifiés de cette étape ne sont pas encore désignés.")
    if not (permissions.can_run_stage(actor, stage) or permissions.can_run_stage(actor, following)):
        raise PermissionDenied("Vous n'organisez ni cette étape ni la suivante.")
    _next_stage_open(following)  # locked: the places there hold
    qualifier = (
        Qualifier.objects.select_for_update().select_related("licensee").get(pk=qualifier.pk)
    )
    if qualifier.withdrawn_at is not None:
        raise ValidationError(f"{qualifier.licensee.full_name} a déjà déclaré forfait.")
    held = qualifier.holds_place
    # read before the withdrawal (the places are locked with the next stage's tournament)
    replacement = qualifier_replacement(qualifier)
    qualifier.withdrawn_at = timezone.now()
    qualifier.save(update_fields=["withdrawn_at"])
    if held:  # the place this stage gave them; another right (a champion's) stays
        entered = following.tournament.registrations
        registration = entered.filter(licensee=qualifier.licensee).first()
        if registration is not None:
            registration_remove(actor=actor, registration=registration)
    if replacement is not None:
        replacement.replaces = qualifier
        replacement.save(update_fields=["replaces"])
        registration_record(
            actor=actor, tournament=following.tournament, licensee=replacement.licensee
        )
        replacement_notify(stage=stage, replacement=replacement)
    audit_record(
        actor=actor,
        action="update",
        instance=qualifier,
        changes={
            "withdrawn_at": [None, qualifier.withdrawn_at.isoformat()],
            "replaced_by": [None, str(replacement.licensee) if replacement else None],
        },
    )
    return replacement


@transaction.atomic
def stage_champion_set(*, actor, stage: Stage, outgoing_champion: Licensee | None) -> Stage:
    """The organiser names the outgoing champion, seated at Nord 1 (art. 17) and, in the
    Open and the Senior, qualified directly for the regional final (art. 6, 11; in the
    séries they play the semi-final: art. 2), when last season's stage is not in Donne; the
    champion must still be licensed in the organising committee and able to play the
    championship."""
    stage = _stage_locked(actor, stage)
    if stage.national_final:
        raise ValidationError(
            "Le champion de France sortant se nomme sur la page du championnat, par la fédération."
        )
    if _first_session_seated(stage):
        raise ValidationError("La première séance est placée : le champion sortant ne change plus.")
    known = previous_champion(
        stage.competition, level=stage.level, committee_id=stage.committee_id, zone_id=stage.zone_id
    )
    if known is not None:
        raise ValidationError(
            f"Le champion sortant est {known.full_name}, champion de l'étape la saison passée."
        )
    if outgoing_champion is not None:
        refusals = champion_refusals(stage, outgoing_champion)
        if refusals:
            raise ValidationError([f"{outgoing_champion.full_name} : {r}" for r in refusals])
    changes = model_update(stage, {"outgoing_champion": outgoing_champion})
    stage.save(update_fields=["outgoing_champion"])
    audit_record(actor=actor, action="update", instance=stage, changes=changes)
    return stage


@transaction.atomic
def stage_derogation_set(*, actor, stage: Stage, referee_derogation: str) -> Stage:
    """The federation's derogation for a final directed by a referee without the regional
    grade (art. 16 « sauf dérogation »)."""
    if not permissions.can_set_season(actor):
        raise PermissionDenied("Seule la fédération accorde une dérogation d'arbitrage.")
    tournament_lock_unfrozen(tournament_id=stage.tournament_id)
    changes = model_update(stage, {"referee_derogation": referee_derogation.strip()})
    stage.save(update_fields=["referee_derogation"])
    audit_record(actor=actor, action="update", instance=stage, changes=changes)
    return stage
