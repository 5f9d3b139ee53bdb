"""The national ranking's writes: ask for a season's ranking (queued on commit) and
compute it (the worker's job, apps.core.jobs); publish it; restore a withheld line."""

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

from apps.approvals.domain.chain import Action
from apps.approvals.models import ExternalAward, HomologationStep
from apps.awards.selectors import recomputed_between
from apps.core.audit import audit_record
from apps.core.jobs import job_claim, job_enqueue, job_heartbeat, job_owned
from apps.federation.domain.seasons import season_of
from apps.federation.models import Season
from apps.rankings.computation import ranking_rows_store, ranking_store, ranking_totals
from apps.rankings.models import (
    LineRestoration,
    Publication,
    PublicationChange,
    RankingRun,
    WithheldLine,
)
from apps.rankings.permissions import can_manage_national_ranking
from apps.tournaments.models import Registration


@transaction.atomic
def ranking_request(*, actor, season: Season) -> RankingRun:
    """Federation staff ask for the season's ranking; a worker computes it."""
    if not can_manage_national_ranking(actor):
        raise PermissionDenied("Seule la fédération calcule le classement national.")
    from apps.rankings.tasks import ranking_compute as task  # the task imports this module

    run = RankingRun.objects.create(season=season, state=RankingRun.State.PENDING)
    audit_record(
        actor=actor, action="create", instance=run, changes={"season": [None, str(season)]}
    )
    job_enqueue(RankingRun, run.pk, task)
    return run


# The progress bar's steps: claimed by a worker, totals summed, ranks stored (100).
PROGRESS_CLAIMED, PROGRESS_TOTALLED = 10, 60


def ranking_compute(*, run_id: int) -> bool:
    """Compute the season's totals, then store the run's ranking in one transaction, while
    this run holds the job; False when another run holds it or it is over."""
    attempt = job_claim(RankingRun, run_id)
    if attempt is None:
        return False
    run = RankingRun.objects.select_related("season").get(pk=run_id)
    owned = job_owned(RankingRun, run_id, attempt)
    with job_heartbeat(RankingRun, run_id, attempt):
        try:
            owned.update(progress=PROGRESS_CLAIMED)
            withheld = ranking_totals(season=run.season)
            owned.update(progress=PROGRESS_TOTALLED)
            with transaction.atomic():
                if not owned.select_for_update().exists():
                    return False
                players = ranking_rows_store(run_id=run_id, withheld=withheld)
                owned.update(
                    state=RankingRun.State.DONE,
                    players=players,
                    computed_at=timezone.now(),
                    progress=100,
                )
        except Exception:
            owned.update(state=RankingRun.State.FAILED)
            raise
    runs_prune(season=run.season)
    return True


def runs_prune(*, season: Season) -> int:
    """Drop the season's computed runs that nothing reads any more: neither published nor
    the latest (a live ranking computed again at every burst of approvals would otherwise
    keep a full list each time); how many."""
    latest = RankingRun.objects.filter(season=season, state=RankingRun.State.DONE).order_by(
        "-computed_at", "-pk"
    )[:1]
    stale = RankingRun.objects.filter(
        season=season, state=RankingRun.State.DONE, publication__isnull=True
    ).exclude(pk__in=latest)
    count, _by_model = stale.delete()
    return count


# Why a line changed when federation staff had a tournament's awards computed again.
RECOMPUTED = "%s (PCN et PP recalculés)"


def _causes(season: Season, since, licensee_ids) -> dict[int, list[list]]:
    """{licensee: [name, tournament id] of the tournaments they played that were approved
    or corrected, or whose awards were computed again, since ``since``}: played, not
    awarded, so that a correction that takes an award away is named too; files of other
    software by their awards (no tournament of Donne to link)."""
    steps = HomologationStep.objects.filter(
        action__in=(Action.APPROVE, Action.ACCEPT_CORRECTION),
        homologation__date__range=(season.start, season.end),
    )
    if since is not None:
        steps = steps.filter(at__gt=since)
    names, tournaments, files = {}, set(), set()
    for homologation, tournament, name in steps.values_list(
        "homologation_id", "homologation__tournament_id", "homologation__name"
    ):
        names[homologation] = [name, tournament]
        (tournaments if tournament else files).add(tournament or homologation)
    played = Registration.objects.filter(
        licensee_id__in=licensee_ids, tournament_id__in=tournaments
    ).values_list("licensee_id", "tournament__homologation")
    taken = ExternalAward.objects.filter(
        licensee_id__in=licensee_ids, homologation_id__in=files
    ).values_list("licensee_id", "homologation_id")
    causes: dict[int, list[list]] = {}
    for licensee_id, homologation in [*played, *taken]:
        causes.setdefault(licensee_id, []).append(names[homologation])
    recomputed = recomputed_between(season.start, season.end, since)
    again = Registration.objects.filter(
        licensee_id__in=licensee_ids, tournament_id__in=recomputed
    ).values_list("licensee_id", "tournament_id")
    for licensee_id, tournament_id in again:
        causes.setdefault(licensee_id, []).append(
            [RECOMPUTED % recomputed[tournament_id], tournament_id]
        )
    return causes


# Why a line changed when none of the player's tournaments did: others passed them.
OTHERS = "rang modifié par les résultats d'autres joueurs"


def _line(row) -> tuple:
    """What a player reads of their line: a change of any of it is recorded."""
    return (row.pcn, row.pp, row.rank, row.tournaments)


def _moves(before: dict, after: dict) -> list[int]:
    """The players added, changed or gone between two lists."""
    changed = [
        licensee
        for licensee, row in after.items()
        if licensee not in before or _line(before[licensee]) != _line(row)
    ]
    return changed + [licensee for licensee in before if licensee not in after]


# ``ranking_publish``'s ``after`` when the caller publishes over whatever is the latest.
LATEST = object()


@transaction.atomic
def ranking_publish(*, actor, season: Season, after=LATEST) -> Publication:
    """Federation staff publish the season's ranking as it is now: its rows are stored and
    never computed again; what changed since the previous publication (players added,
    changed, gone) is recorded with the tournaments that caused it. ``after`` is the id of
    the season's latest publication the user saw when they clicked « Publier » (None:
    none yet): two clicks on the same page make one publication, the second is refused
    (ValidationError, code "published")."""
    if not can_manage_national_ranking(actor):
        raise PermissionDenied("Seule la fédération publie le classement national.")
    Season.objects.select_for_update().get(pk=season.pk)  # one publication at a time
    previous = Publication.objects.filter(season=season).order_by("-published_at", "-pk").first()
    if after is not LATEST and (previous.pk if previous else None) != after:
        raise ValidationError(
            "Le classement vient d'être publié (le %(at)s, par %(by)s) : il n'est pas "
            "publié une seconde fois.",
            code="published",
            params={
                "at": timezone.localtime(previous.published_at).strftime("%d/%m/%Y à %H:%M"),
                "by": previous.published_by,
            },
        )
    run = RankingRun.objects.create(season=season, state=RankingRun.State.RUNNING)
    players = ranking_store(run_id=run.pk, season=season)
    now = timezone.now()
    RankingRun.objects.filter(pk=run.pk).update(
        state=RankingRun.State.DONE, players=players, computed_at=now, progress=100
    )
    before = {r.licensee_id: r for r in previous.run.rows.all()} if previous is not None else {}
    after = {r.licensee_id: r for r in run.rows.all()}
    moved = _moves(before, after)
    added = sum(licensee not in before for licensee in after)
    removed = sum(licensee not in after for licensee in before)
    publication = Publication.objects.create(
        season=season,
        run=run,
        previous=previous,
        published_at=now,
        published_by=actor,
        added=added,
        changed=len(moved) - added - removed,
        unchanged=len(after) - len(moved) + removed,
        removed=removed,
    )
    causes = _causes(season, previous.published_at if previous else None, moved)
    PublicationChange.objects.bulk_create(
        PublicationChange(
            publication=publication,
            licensee_id=licensee,
            pcn_before=before[licensee].pcn if licensee in before else None,
            pcn_after=after[licensee].pcn if licensee in after else None,
            pp_before=before[licensee].pp if licensee in before else None,
            pp_after=after[licensee].pp if licensee in after else None,
            rank_before=before[licensee].rank if licensee in before else None,
            rank_after=after[licensee].rank if licensee in after else None,
            causes=sorted(causes.get(licensee, []), key=lambda cause: cause[0]) or [[OTHERS, None]],
        )
        for licensee in moved
    )
    audit_record(
        actor=actor,
        action="create",
        instance=publication,
        changes={"players": [None, players], "changed": [None, publication.changed]},
    )
    return publication


@transaction.atomic
def line_restore(*, actor, season: Season, withheld: WithheldLine, reason: str) -> LineRestoration:
    """Federation staff decide that a line the ranking withheld (apps.rankings.withholding)
    counts after all, saying why; the season's ranking is computed again, where it counts."""
    if not can_manage_national_ranking(actor):
        raise PermissionDenied("Seule la fédération rétablit une ligne retenue du classement.")
    reason = reason.strip()
    if not reason:
        raise ValidationError(
            "Dites pourquoi cette ligne compte : la raison est obligatoire.", code="reason"
        )
    if withheld.run.season_id != season.pk:
        raise ValidationError(
            "Cette ligne retenue n'est pas de la saison %(season)s.",
            code="season",
            params={"season": season},
        )
    Season.objects.select_for_update().get(pk=season.pk)  # one restoration of a line at a time
    line = {
        "award_set_id": withheld.award_set_id,
        "homologation_id": withheld.homologation_id,
        "licensee_id": withheld.licensee_id,
    }
    if LineRestoration.objects.filter(season=season, **line).exists():
        raise ValidationError(
            "Cette ligne est déjà rétablie : elle compte au prochain calcul.", code="restored"
        )
    restoration = LineRestoration.objects.create(
        season=season, reason=reason, restored_by=actor, **line
    )
    audit_record(
        actor=actor,
        action="create",
        instance=restoration,
        changes={
            "source": [None, withheld.source],
            "licensee": [None, str(withheld.licensee)],
            "withheld": [None, withheld.reason],
            "reason": [None, reason],
        },
    )
    ranking_request(actor=actor, season=season)  # the worker is asked once this commits
    return restoration


def live_refresh(homologation) -> None:
    """An approval hook (apps.approvals.services.approval_hooks): once the approval commits,
    the season's live ranking is asked for again."""
    day = homologation.date
    transaction.on_commit(lambda: ranking_live_request(day=day))


def live_refresh_recomputed(tournament) -> None:
    """An awards hook (apps.awards.services.recomputed_hooks): an approved tournament's
    awards computed again at federation staff's request change the live ranking too."""
    day = tournament.date
    transaction.on_commit(lambda: ranking_live_request(day=day))


@transaction.atomic
def ranking_live_request(*, day) -> RankingRun | None:
    """Queue the live ranking of the season of ``day``, RANKING_DEBOUNCE_SECONDS later: a
    burst of approvals gathers into the one run still waiting (None: it is there)."""
    from apps.rankings.tasks import ranking_compute as task  # the task imports this module

    # The season's row, locked: two approvals at once queue one run.
    season = Season.objects.select_for_update().filter(start_year=season_of(day).start_year).first()
    if season is None:
        return None
    waiting = RankingRun.objects.select_for_update().filter(
        season=season, live=True, state=RankingRun.State.PENDING
    )
    if waiting.exists():
        return None
    run = RankingRun.objects.create(season=season, live=True, state=RankingRun.State.PENDING)
    job_enqueue(RankingRun, run.pk, task, countdown=settings.RANKING_DEBOUNCE_SECONDS)
    return run
