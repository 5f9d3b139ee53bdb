"""A finished tournament's PCN and PP (fascicule 3, ch. 5): the facts the rules need, read
from its results and, for a championship stage, its competition; the worker's job that
computes and stores them (apps.results.awards), asked again whenever the results of a
finished tournament change."""

from django.db import transaction

from apps.awards.domain import pcn, pp
from apps.awards.domain.awarding import Facts, Outcome, SessionPlay, awards_compute
from apps.competitions.models import Competition, Stage
from apps.core.jobs import job_claim, job_enqueue, job_heartbeat
from apps.federation.domain.seasons import season_of
from apps.federation.models import Licensee, Season
from apps.movements.domain.model import MovementType
from apps.movements.models import SessionMovement
from apps.results import awards as store
from apps.results.domain.rankings import Standing, general_ranking
from apps.results.models import AwardSet
from apps.results.reads import SessionResultsData, TournamentResultsData, tournament_results_read
from apps.results.selectors import ties_by_tops
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament

# The PP tables of the regional séries finals (« POINT DE PERFORMANCE »).
SERIES_TABLES = {
    Competition.Kind.FIRST_SERIES: "1",
    Competition.Kind.SECOND_SERIES: "2",
    Competition.Kind.PROMOTION: "P",
    Competition.Kind.SENIOR: "senior",
}
# The national finals' tables (« Championnat(s) de France »).
NATIONAL_FINALS = {
    Competition.Kind.OPEN: "open",
    Competition.Kind.FIRST_SERIES: "1",
    Competition.Kind.SECOND_SERIES: "2",
    Competition.Kind.PROMOTION: "P",
    Competition.Kind.SENIOR: "senior",
    Competition.Kind.YOUTH: "jeunes",
}
REGIONAL_PP_LEVELS = (Stage.Level.LOCAL_FINAL, Stage.Level.REGIONAL_FINAL)


def _line_ranks(session: SessionResultsData, by_tops: bool) -> dict[int, int | None]:
    """Each player's rank within their line (the classement alterné's lines)."""
    ranks: dict[int, int | None] = {}
    for line in {p.line for p in session.players if p.line}:
        standings = [
            Standing(str(p.player.registration_id), p.final, p.tops, line)
            for p in session.players
            if p.line == line
        ]
        for standing, rank in general_ranking(standings, by_tops=by_tops):
            ranks[int(standing.player)] = rank
    return ranks


def _session_play(
    session: SessionResultsData, movement: SessionMovement, by_tops: bool
) -> SessionPlay:
    howell = all(s["type"] == MovementType.HOWELL for s in movement.sections)
    return SessionPlay(
        tables=movement.tables,
        howell=howell,
        ranks={p.player.registration_id: p.rank for p in session.players},
        lines={p.player.registration_id: p.line for p in session.players},
        line_ranks={} if howell else _line_ranks(session, by_tops),
    )


def _stage_pp(stage: Stage, players: int) -> list[int]:
    """PP by place at a regional final (« Les PP au niveau des compétitions régionales »)."""
    kind = stage.competition.kind
    if stage.level not in REGIONAL_PP_LEVELS:
        return []
    if kind in SERIES_TABLES:
        return pp.series_pp(SERIES_TABLES[kind], players)
    if kind == Competition.Kind.OPEN:
        committees = [stage.committee_id] if stage.committee_id else stage.group.all()
        counts = Licensee.objects.filter(club__committee__in=committees)
        return pp.open_regional_pp(
            counts.filter(series=Licensee.Series.FIRST).count(),
            counts.filter(series=Licensee.Series.SECOND).count(),
            counts.filter(series=Licensee.Series.PROMOTION).count(),
            Licensee.objects.count(),
            players,
        )
    return []


def award_facts(tournament: Tournament, results: TournamentResultsData) -> tuple[Facts, int]:
    """The facts of the tournament's awards, and the players of its first session."""
    by_tops = ties_by_tops(tournament)
    movements = {
        m.session_id: m for m in SessionMovement.objects.filter(session__tournament=tournament)
    }
    sessions = [
        _session_play(s, movements[s.session_id], by_tops)
        for s in results.sessions
        if s.session_id in movements and s.players
    ]
    players = len(sessions[0].ranks) if sessions else 0
    stage = Stage.objects.filter(tournament=tournament).select_related("competition").first()
    values = {
        "sessions": sessions,
        "final_ranks": {p.player.registration_id: p.rank for p in results.players},
        "index": tournament.index,
        "ceiling": pcn.REGULARITY_CEILING,
    }
    if stage is not None:
        values |= {"stage": stage.level, "ceiling": pcn.REGIONAL_CHAMPIONSHIP_CEILING}
        if stage.level == Stage.Level.NATIONAL_FINAL:
            final = NATIONAL_FINALS[stage.competition.kind]
            values["national_final"] = lambda place: pp.national_final_awards(
                final, place, players=players
            )
        else:
            values["pp"] = _stage_pp(stage, players)
    else:
        values["overseas_local"] = tournament.club.committee.overseas
        if tournament.index == pcn.Index.NATIONAL:  # national opens and festivals
            values["pp"] = [pp.national_open_pp(players, place) for place in range(1, players + 1)]
    return Facts(**values), players


def tournament_awards(tournament: Tournament, results: TournamentResultsData) -> Outcome:
    facts, players = award_facts(tournament, results)
    if not facts.sessions:
        return Outcome([], "", "aucune séance jouée")
    return awards_compute(facts, players)


# --- the worker's job --------------------------------------------------------------


def award_refresh(tournament: Tournament) -> None:
    """A results hook (apps.tournaments.services.results_hooks): once the transaction
    commits, a finished tournament's awards are asked for its results as they are then."""
    if tournament.status == Status.FINISHED:
        pk = tournament.pk
        transaction.on_commit(lambda: awards_request(tournament_id=pk))


def awards_request(*, tournament_id: int) -> AwardSet | None:
    """Queue the computation of the tournament's awards unless they are computed (or being
    computed by a live run) for its current results; the job, or None when nothing to do."""
    from apps.awards.tasks import awards_build  # the task imports this module

    tournament = Tournament.objects.get(pk=tournament_id)
    fingerprint = store.results_fingerprint(tournament_results_read(tournament))
    job = store.award_set_pending(tournament, fingerprint)
    if job is not None:
        job_enqueue(AwardSet, job.pk, awards_build)
    return job


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
            outcome = tournament_awards(tournament, results)
            licensees = dict(tournament.registrations.values_list("pk", "licensee_id"))
            season = Season.objects.filter(start_year=season_of(tournament.date).start_year)
            return store.awards_store(
                award_set_id=award_set_id,
                attempt=attempt,
                fingerprint=store.results_fingerprint(results),
                rule=outcome.rule,
                refusal=outcome.refusal,
                inputs={"index": str(tournament.index)},
                rows=[
                    store.AwardRow(
                        registration_id=a.player,
                        licensee_id=licensees[a.player],
                        pcn=a.pcn,
                        pp=a.pp,
                        place=a.place,
                        line=a.line,
                        reason=a.reason,
                        inputs={},
                    )
                    for a in outcome.awards
                ],
                season_id=season.values_list("pk", flat=True).first(),
            )
        except Exception:
            store.award_set_failed(award_set_id=award_set_id, attempt=attempt)
            raise
