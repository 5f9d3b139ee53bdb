"""Reads of the award rules' version and of the recomputations federation staff asked."""

from datetime import date, datetime

from django.db.models import QuerySet

from apps.awards.domain import rules
from apps.awards.models import AwardRecomputation, AwardSet
from apps.tournaments.domain.workflow import Status

# What an Open stage's inputs say while its season is not opened.
POTENTIAL_WAITING = "waiting"
# A tournament not yet approved follows the rules as they are; an approved one keeps the
# rules it was computed under until federation staff ask (services.awards_recompute).
FOLLOWING_RULES = (Status.FINISHED, Status.SUBMITTED)


def following_older_rules() -> QuerySet[AwardSet]:
    """The awards of tournaments not yet approved computed under another version of the
    rules: they are asked again (services.awards_stale_refresh)."""
    return AwardSet.objects.filter(tournament__status__in=FOLLOWING_RULES).exclude(
        rules_version=rules.RULES_VERSION
    )


def waiting_for_an_opened_season() -> QuerySet[AwardSet]:
    """The awards of Open stages not yet approved that waited for their season to be
    opened, once it is (their PP potential is frozen now)."""
    return AwardSet.objects.filter(
        tournament__status__in=FOLLOWING_RULES,
        inputs__potential=POTENTIAL_WAITING,
        tournament__stage__competition__season__opened_at__isnull=False,
    )


def approved_under_older_rules() -> QuerySet[AwardSet]:
    """The awards of approved tournaments computed under another version of the rules:
    they keep them until federation staff ask for a recomputation."""
    return (
        AwardSet.objects.filter(tournament__status=Status.APPROVED)
        .exclude(rules_version=rules.RULES_VERSION)
        .select_related("tournament__club")
        .order_by("-tournament__date", "tournament__name")
    )


def recomputations() -> QuerySet[AwardRecomputation]:
    return AwardRecomputation.objects.select_related("award_set__tournament", "asked_by")


def recomputed_between(start: date, end: date, since: datetime | None) -> dict[int, str]:
    """{tournament id: name} of the tournaments played from ``start`` to ``end`` whose
    awards federation staff asked computed again after ``since`` (ever, when None)."""
    asked = AwardRecomputation.objects.filter(award_set__tournament__date__range=(start, end))
    if since is not None:
        asked = asked.filter(asked_at__gt=since)
    return dict(asked.values_list("award_set__tournament_id", "award_set__tournament__name"))
