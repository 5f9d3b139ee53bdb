"""Read-side queries for tournaments."""

from django.db.models import Count, QuerySet
from django.utils import timezone

from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament

HOME_LIST_SIZE = 10


def tournaments_upcoming_public() -> QuerySet[Tournament]:
    return (
        Tournament.objects.filter(status=Status.REGISTRATION_OPEN, date__gte=timezone.localdate())
        .select_related("club")
        .annotate(registered=Count("registrations"))
        .order_by("date", "name")[:HOME_LIST_SIZE]
    )


def tournaments_recent_results() -> QuerySet[Tournament]:
    return (
        Tournament.objects.filter(status__in=[Status.FINISHED, Status.SUBMITTED, Status.APPROVED])
        .select_related("club")
        .order_by("-date", "name")[:HOME_LIST_SIZE]
    )


def registrations_of_licensee(licensee):
    from apps.tournaments.models import Registration

    return (
        Registration.objects.filter(licensee=licensee)
        .select_related("tournament__club")
        .order_by("-tournament__date")
    )
