"""The stored PCN and PP of a tournament (``AwardSet`` and its ``Award`` rows): their one
writer, which the award worker calls, and their reads. The results' pages, exports and
sheets (below) read them through the reader this app registers with them
(apps.results.awards_shown); the rules that compute them are in ``domain``."""

import hashlib
from dataclasses import dataclass

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from apps.awards.models import Award, AwardSet
from apps.core.jobs import job_owned, job_restartable
from apps.results.awards_shown import AwardsShown
from apps.results.reads import TournamentResultsData
from apps.tournaments.domain.workflow import RESULT_STATUSES
from apps.tournaments.models import Tournament


@dataclass(frozen=True)
class AwardRow:
    """One player's award as computed: what ``awards_store`` writes."""

    registration_id: int
    licensee_id: int
    pcn: int
    pp: int
    place: int | None
    line: str
    reason: str
    inputs: dict


def results_fingerprint(results: TournamentResultsData) -> str:
    """What the awards are computed from: every player's sessions, total, rank and TOPs."""
    text = repr(
        [(p.player.registration_id, p.rank, p.total, p.tops, p.sessions) for p in results.players]
        + [(s.number, s.complete, len(s.players)) for s in results.sessions]
    )
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def award_set_pending(tournament: Tournament, fingerprint: str) -> AwardSet | None:
    """The tournament's award job set pending for this fingerprint (what the awards depend
    on); None when its awards are done, or being computed by a live run, for it."""
    with transaction.atomic():
        job, created = AwardSet.objects.select_for_update().get_or_create(
            tournament=tournament,
            defaults={"state": AwardSet.State.PENDING, "fingerprint": fingerprint},
        )
        if created:
            return job
        same = job.fingerprint == fingerprint
        if same and job.state == AwardSet.State.DONE:
            return None
        if same and job.state == AwardSet.State.RUNNING and not job_restartable(job):
            return None
        AwardSet.objects.filter(pk=job.pk).update(
            state=AwardSet.State.PENDING, fingerprint=fingerprint, enqueue_error=""
        )
        job.refresh_from_db()
        return job


def awards_store(
    *,
    award_set_id: int,
    attempt: int,
    fingerprint: str,
    rule: str,
    refusal: str,
    inputs: dict,
    rows: list[AwardRow],
    season_id: int | None,
    rules_version: int,
) -> bool:
    """Replace the tournament's awards with ``rows`` in one transaction, while run
    ``attempt`` still holds the job; False (nothing written) once another run took it."""
    with transaction.atomic():
        owned = job_owned(AwardSet, award_set_id, attempt).select_for_update()
        if not owned.exists():
            return False
        Award.objects.filter(award_set_id=award_set_id).delete()
        Award.objects.bulk_create(
            Award(
                award_set_id=award_set_id,
                registration_id=row.registration_id,
                licensee_id=row.licensee_id,
                season_id=season_id,
                pcn=row.pcn,
                pp=row.pp,
                place=row.place,
                line=row.line,
                reason=row.reason,
                inputs=row.inputs,
            )
            for row in rows
        )
        owned.update(
            state=AwardSet.State.DONE,
            fingerprint=fingerprint,
            rule=rule,
            refusal=refusal,
            inputs=inputs,
            computed_at=timezone.now(),
            rules_version=rules_version,
        )
    return True


def award_set_failed(*, award_set_id: int, attempt: int) -> None:
    job_owned(AwardSet, award_set_id, attempt).update(state=AwardSet.State.FAILED)


def award_set_of(tournament: Tournament) -> AwardSet | None:
    return AwardSet.objects.filter(tournament=tournament).first()


def awards_done() -> QuerySet[Award]:
    """The awards as computed for their tournament's current results, once its play is
    over: a tournament whose awards are being computed again, or back in play, shows none
    meanwhile."""
    return Award.objects.filter(
        award_set__state=AwardSet.State.DONE,
        award_set__tournament__status__in=RESULT_STATUSES,
    )


def award_of(registration_id: int) -> Award | None:
    """A player's award in the tournament of this registration (one query)."""
    return awards_done().filter(registration_id=registration_id).first()


def awards_by_registration(tournament: Tournament) -> dict[int, Award]:
    """{registration id: award} of the tournament's computed awards (one query)."""
    return {
        award.registration_id: award
        for award in awards_done().filter(award_set__tournament=tournament)
    }


def awards_shown(tournament: Tournament) -> AwardsShown:
    """The tournament's awards as its pages show them (two queries; none while play goes
    on, when no award is shown: ``awards_done``)."""
    if not tournament.play_over:
        return AwardsShown(None, {})
    return AwardsShown(award_set_of(tournament), awards_by_registration(tournament))
