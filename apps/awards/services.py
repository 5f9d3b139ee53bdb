"""A finished tournament's PCN and PP (fascicule 3, ch. 5): the facts the rules need, read
from its results and, for a championship stage, its competition; the worker's job that
computes and stores them (apps.awards.store), asked again whenever the results of a
finished tournament change."""

import hashlib
import logging
from collections.abc import Callable

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from apps.awards import store
from apps.awards.domain import pcn, pp, rules
from apps.awards.domain.awarding import Facts, Outcome, SessionPlay, awards_compute
from apps.awards.domain.claims import StageTables
from apps.awards.models import AwardRecomputation, AwardSet
from apps.awards.permissions import can_recompute_awards
from apps.awards.selectors import (
    POTENTIAL_WAITING,
    following_older_rules,
    waiting_for_an_opened_season,
)
from apps.competitions.domain.kinds import KINDS, OPEN_SHEET
from apps.competitions.models import Competition, Stage
from apps.core.audit import audit_record
from apps.core.jobs import job_claim, job_enqueue, job_heartbeat
from apps.federation.domain.seasons import season_of
from apps.federation.models import Season
from apps.federation.seasons import Potential, season_potential
from apps.movements.domain.model import MovementType
from apps.movements.models import SessionMovement
from apps.results.reads import SessionResultsData, TournamentResultsData, tournament_results_read
from apps.results.selectors import ties_by_tops
from apps.tournaments.domain.indices import Index
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament

logger = logging.getLogger(__name__)
# What the apps above register (in their AppConfig.ready) to hear that an approved
# tournament's awards were computed again (awards_recompute): the national ranking's live
# list is computed again. Each takes the tournament, once its awards are stored.
recomputed_hooks: list[Callable[[Tournament], None]] = []
REGIONAL_PP_LEVELS = (Stage.Level.LOCAL_FINAL, Stage.Level.REGIONAL_FINAL)
# The indices an overseas local tournament may claim: 1, or 3 with its coefficient.
OVERSEAS_CLAIMS = (Index.BASE, Index.OVERSEAS_LOCAL)


def _session_play(session: SessionResultsData, movement: SessionMovement) -> SessionPlay:
    """A session as the rules read it; a room with a Howell section has no classement
    alterné, so it is awarded by the general ranking (« Tournoi duplicate individuel
    Howell »), on all its tables."""
    return SessionPlay(
        tables=movement.tables,
        howell=any(s["type"] == MovementType.HOWELL for s in movement.sections),
        results={p.player.registration_id: (p.final, p.tops) for p in session.players},
        lines={p.player.registration_id: p.line for p in session.players},
        coefficient=session.coefficient,
    )


class PotentialNotFrozen(Exception):
    """An Open's regional stage in a season not opened: its PP potential is not frozen."""


def _open_stage(tournament: Tournament) -> Stage | None:
    """The tournament's stage when it is a regional stage of an Open, whose PP weigh the
    season's frozen potential (« Championnats individuels Open »)."""
    return (
        Stage.objects.filter(
            tournament=tournament,
            competition__kind=Competition.Kind.OPEN,
            level__in=REGIONAL_PP_LEVELS,
        )
        .select_related("competition__season")
        .first()
    )


def _potential(stage: Stage) -> Potential | None:
    """The stage's committee (or group) potential as frozen when its season was opened;
    None while it is not."""
    committees = [stage.committee_id] if stage.committee_id else list(stage.group.all())
    return season_potential(stage.competition.season, committees)


def _stage_pp(stage: Stage, players: int) -> list[int]:
    """PP by place at a regional final (« Les PP au niveau des compétitions régionales »)."""
    kind = stage.competition.kind
    if stage.level not in REGIONAL_PP_LEVELS:
        return []
    table = KINDS[kind].regional_pp
    if table in pp.SERIES_PP:
        return pp.series_pp(table, players)
    if table == OPEN_SHEET:
        potential = _potential(stage)
        if potential is None:
            raise PotentialNotFrozen(
                f"la saison {stage.competition.season} n'est pas encore ouverte : le potentiel "
                "PP de l'Open (licenciés par série) n'est pas figé ; les PCN et PP sont "
                "calculés dès que la fédération ouvre la saison (page « Saisons »)"
            )
        return pp.open_regional_pp(
            potential.first, potential.second, potential.promotion, potential.national, players
        )
    return []


def stage_tables(stage: Stage, players: int) -> StageTables:
    """The tables a championship stage of ``players`` players at its first session pays by,
    for the check of claimed awards (apps.awards.domain.claims): a regional final's PP by
    place, a national final's PCN and PP by place (« Finales nationales »), none for a
    semi-final; PotentialNotFrozen for an Open's stage in a season not opened."""
    if stage.level == Stage.Level.NATIONAL_FINAL:
        final = KINDS[stage.competition.kind].national_pp
        table = [
            pp.national_final_awards(final, place, players=players)
            for place in range(1, players + 1)
        ]
        return StageTables(
            stage.name, pp=tuple(earned for _pcn, earned in table), pcn=tuple(p for p, _ in table)
        )
    return StageTables(stage.name, pp=tuple(_stage_pp(stage, players)))


def award_facts(tournament: Tournament, results: TournamentResultsData) -> Facts | None:
    """The facts of the tournament's awards; None when no session was played."""
    movements = {
        m.session_id: m for m in SessionMovement.objects.filter(session__tournament=tournament)
    }
    sessions = [
        _session_play(s, movements[s.session_id])
        for s in results.sessions
        if s.session_id in movements and s.players
    ]
    if not sessions:
        return None
    players = len(sessions[0].results)
    stage = Stage.objects.filter(tournament=tournament).select_related("competition").first()
    values = {
        "sessions": sessions,
        "index": tournament.index,
        "ceiling": pcn.REGULARITY_CEILING,
        "by_tops": ties_by_tops(tournament),
    }
    if stage is not None:
        values |= {"stage": stage.level, "ceiling": pcn.REGIONAL_CHAMPIONSHIP_CEILING}
        if stage.level == Stage.Level.NATIONAL_FINAL:
            final = KINDS[stage.competition.kind].national_pp
            values["national_final"] = lambda place: pp.national_final_awards(
                final, place, players=players
            )
        else:
            values["pp"] = _stage_pp(stage, players)
        return Facts(**values)
    if tournament.club.committee.overseas and tournament.index in OVERSEAS_CLAIMS:
        # « coefficient multiplicateur supplémentaire pour les tournois locaux (coefficient
        # 3) »: a local tournament of an overseas committee is awarded at index 3.
        values |= {"index": Index.OVERSEAS_LOCAL, "overseas_local": True}
    elif tournament.index == Index.NATIONAL:  # national opens and festivals
        values["pp"] = [pp.national_open_pp(players, place) for place in range(1, players + 1)]
    return Facts(**values)


def award_fingerprint(tournament: Tournament, results: TournamentResultsData) -> str:
    """What the awards are computed from: the rules' version, the results, and the
    tournament's index, club's committee, stage and rooms, and an Open's frozen potential
    (a changed index, or rules, or a season opened, is computed again)."""
    open_stage = _open_stage(tournament)
    stage = Stage.objects.filter(tournament=tournament).values_list("level", "competition__kind")
    rooms = SessionMovement.objects.filter(session__tournament=tournament).values_list(
        "session__number", "tables", "sections"
    )
    facts = repr(
        (
            rules.RULES_VERSION,
            store.results_fingerprint(results),
            str(tournament.index),
            tournament.club.committee.overseas,
            list(stage),
            sorted(rooms),
            _potential(open_stage) if open_stage else None,
        )
    )
    return hashlib.sha256(facts.encode()).hexdigest()[:24]


def tournament_awards(
    tournament: Tournament, results: TournamentResultsData
) -> tuple[Facts | None, Outcome]:
    """The facts and the awards; none when no session was played, or yet for an Open's
    stage in a season not opened (its refusal says why)."""
    try:
        facts = award_facts(tournament, results)
    except PotentialNotFrozen as exc:
        return None, Outcome([], "", str(exc))
    if facts is None:
        return None, Outcome([], "", "aucune séance jouée")
    return facts, awards_compute(facts)


# --- the worker's job --------------------------------------------------------------


def award_refresh(tournament: Tournament) -> None:
    """A results hook (apps.tournaments.services.results_hooks): once the transaction
    commits, a finished tournament's awards are asked for its results as they are then (a
    tournament back in play shows none: apps.awards.store.awards_done)."""
    if tournament.status == Status.FINISHED and tournament.duplicate:  # other games: no PCN
        pk = tournament.pk
        transaction.on_commit(lambda: _request_logged(pk))


def _request_logged(tournament_id: int) -> None:
    """Ask for the awards after the change committed; a failure is logged, never shown to
    the referee whose change is already saved (the next change asks again)."""
    try:
        awards_request(tournament_id=tournament_id)
    except Exception:
        logger.exception("could not ask for the awards of tournament %s", tournament_id)


def awards_request(*, tournament_id: int) -> AwardSet | None:
    """Queue the computation of the tournament's awards unless they are computed (or being
    computed by a live run) for what they depend on now; the job, or None when nothing to
    do."""
    from apps.awards.tasks import awards_build  # the task imports this module

    tournament = Tournament.objects.select_related("club__committee").get(pk=tournament_id)
    fingerprint = award_fingerprint(tournament, tournament_results_read(tournament))
    job = store.award_set_pending(tournament, fingerprint)
    if job is not None:
        job_enqueue(AwardSet, job.pk, awards_build)
    return job


def _rows(tournament: Tournament, outcome: Outcome) -> list[store.AwardRow]:
    """The awards to store: a guest without a licence keeps their place, and its PCN and PP
    go to nobody."""
    licensees = dict(
        tournament.registrations.filter(licensee__guest=False).values_list("pk", "licensee_id")
    )
    return [
        store.AwardRow(
            registration_id=a.player,
            licensee_id=licensees[a.player],
            pcn=a.pcn,
            pp=a.pp,
            place=a.place,
            line=a.line,
            reason=a.reason,
            inputs=a.inputs,
        )
        for a in outcome.awards
        if a.player in licensees
    ]


def awards_build(*, award_set_id: int) -> bool:
    """Compute and store the awards of the job's tournament, once: a run that finds the job
    held by a live run, or over, does nothing (apps.core.jobs)."""
    attempt = job_claim(AwardSet, award_set_id)
    if attempt is None:
        return False
    job = AwardSet.objects.select_related("tournament__club__committee").get(pk=award_set_id)
    tournament = job.tournament
    with job_heartbeat(AwardSet, award_set_id, attempt):
        try:
            results = tournament_results_read(tournament)
            facts, outcome = tournament_awards(tournament, results)
            season = Season.objects.filter(start_year=season_of(tournament.date).start_year)
            open_stage = _open_stage(tournament)
            potential = _potential(open_stage) if open_stage else None
            stored = store.awards_store(
                award_set_id=award_set_id,
                attempt=attempt,
                fingerprint=award_fingerprint(tournament, results),
                rule=outcome.rule,
                refusal=outcome.refusal,
                inputs={
                    "index": str(facts.index if facts else tournament.index),
                    "ceiling": facts.ceiling if facts else None,
                    "stage": facts.stage if facts else None,
                    **(
                        {"potential": potential._asdict() if potential else POTENTIAL_WAITING}
                        if open_stage
                        else {}
                    ),
                },
                rows=_rows(tournament, outcome),
                season_id=season.values_list("pk", flat=True).first(),
                rules_version=rules.RULES_VERSION,
            )
        except Exception:
            store.award_set_failed(award_set_id=award_set_id, attempt=attempt)
            raise
    if stored and tournament.status == Status.APPROVED:
        for hook in recomputed_hooks:
            hook(tournament)
    return stored


# --- the award rules' version ----------------------------------------------------------


def awards_stale_refresh() -> int:
    """Ask again for the awards of every tournament not yet approved that were computed
    under another version of the rules (apps.awards.domain.rules), or that waited for their
    season to be opened; how many. The beat runs it every quarter of an hour
    (CELERY_BEAT_SCHEDULE); meanwhile such awards are not current and the tournament is
    not sent (apps.approvals.services.submission_refusals)."""
    stale = following_older_rules() | waiting_for_an_opened_season()
    stale = stale.filter(state=AwardSet.State.DONE).values_list("tournament_id", flat=True)
    return sum(awards_request(tournament_id=pk) is not None for pk in stale)


@transaction.atomic
def awards_recompute(*, actor, tournament: Tournament, reason: str) -> AwardRecomputation:
    """Federation staff ask for an approved tournament's awards computed again, under the
    current rules, with why (audited); the next ranking publication names it among its
    changes (apps.rankings.services.ranking_publish)."""
    if not can_recompute_awards(actor):
        raise PermissionDenied(
            "Seule la fédération recalcule les PCN et PP d'un tournoi homologué."
        )
    reason = reason.strip()
    if not reason:
        raise ValidationError("Dites pourquoi les PCN et PP de ce tournoi sont recalculés.")
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status != Status.APPROVED:
        raise ValidationError(
            "Seuls les PCN et PP d'un tournoi homologué se recalculent à la demande : ceux "
            "d'un tournoi qui ne l'est pas encore suivent d'eux-mêmes ses résultats et les "
            "règles."
        )
    before = AwardSet.objects.filter(tournament=tournament).values_list("rules_version", flat=True)
    before = before.first() or 0
    job = awards_request(tournament_id=tournament.pk)
    if job is None:
        raise ValidationError(
            "Les PCN et PP de ce tournoi sont déjà calculés (ou en cours de calcul) pour ses "
            f"résultats et les règles actuelles (version {rules.RULES_VERSION}) : rien à "
            "recalculer."
        )
    row = AwardRecomputation.objects.create(
        award_set=job,
        asked_by=actor,
        reason=reason,
        rules_version_before=before,
        rules_version_after=rules.RULES_VERSION,
    )
    audit_record(
        actor=actor,
        action="create",
        instance=row,
        changes={
            "tournament": [None, str(tournament)],
            "rules_version": [before, rules.RULES_VERSION],
            "reason": [None, reason],
        },
    )
    return row
