"""What the national ranking counts (apps.rankings.computation, and each player's list of
awards): the awards of approved tournaments, each results once, and of approved files of
other software, each file once a season. Two approved tournaments that hold the same
results (the same fingerprint of what was played, apps.results.domain.fingerprint: the
same file imported twice before it was refused, or under another name, club or date)
count as one, the first recorded, unless federation staff imported the later all the
same (``Tournament.same_results_accepted``); a tournament without a fingerprint counts as
itself. Two approved files of other software holding the same licences with the same PCN
and PP in one season (the same fingerprint, apps.approvals.domain.award_file: the same
Extar file received twice before it was refused) count as one, the first received."""

from datetime import date

from django.db.models import Exists, OuterRef, QuerySet, Value
from django.db.models.lookups import Exact

from apps.approvals.domain.chain import Level
from apps.approvals.models import Homologation
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament

FINGERPRINT = "results_fingerprint"


def once_per_fingerprint(
    queryset: QuerySet, field: str = FINGERPRINT, *, kept: str | None = None
) -> QuerySet:
    """The rows of `queryset` but those whose results an earlier row of it (a smaller id)
    holds already; rows without a fingerprint (NULL or blank) all stay, and so do those
    whose text field ``kept`` is filled. One anti-join: the condition on the row itself
    sits inside the subquery, which an OR beside it would turn into a loop."""
    earlier = queryset.filter(**{field: OuterRef(field), "pk__lt": OuterRef("pk")}).exclude(
        **{field: ""}
    )
    if kept is not None:
        earlier = earlier.filter(Exact(OuterRef(kept), Value("")))
    return queryset.exclude(Exists(earlier))


def counted_tournaments(start: date, end: date) -> QuerySet:
    """The approved tournaments played from `start` to `end` whose awards count."""
    approved = Tournament.objects.filter(status=Status.APPROVED)
    # Deduplicated before the dates: a copy dated in another season counts there neither.
    counted = once_per_fingerprint(approved, kept="same_results_accepted")
    return counted.filter(date__range=(start, end))


def counted_files(start: date, end: date) -> QuerySet:
    """The approved files of other software dated from `start` to `end` (their
    homologations) whose awards count: a file's fingerprint holds within its season."""
    approved = Homologation.objects.filter(level=Level.APPROVED, date__range=(start, end))
    return once_per_fingerprint(approved, field="fingerprint")
