"""The seasons, as federation staff create and open them. Opening a season freezes its PP
potential (fascicule 3, ch. 5, « Championnats individuels Open », feuille de calcul:
each committee's 1ère série, 2ème série and Promotion players, and « Nb licenciés FFT »):
the Open's PP of the whole season read these counts, never the licensees as they are
later (apps.awards)."""

from typing import NamedTuple

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, Sum
from django.utils import timezone

from apps.core.audit import audit_record
from apps.federation.domain.seasons import FIRST_YEAR, LAST_YEAR, SeasonSpan
from apps.federation.domain.series import RANKED
from apps.federation.models import Committee, Licensee, Season, SeasonPotential
from apps.federation.permissions import can_manage_seasons

# The séries the Open's potential weighs (pp.open_potential).
POTENTIAL_SERIES = RANKED  # the séries the Open weighs: 1ère, 2ème, Promotion


@transaction.atomic
def season_create(*, actor, start_year: int) -> Season:
    """A new season, from 1 July of ``start_year`` to 30 June of the next year; it is
    opened on its own (season_open)."""
    if not can_manage_seasons(actor):
        raise PermissionDenied("Seule la fédération crée les saisons.")
    if not FIRST_YEAR <= start_year <= LAST_YEAR:
        raise ValidationError(
            f"Une saison commence entre {FIRST_YEAR} et {LAST_YEAR} : {start_year} ne convient pas."
        )
    name = SeasonSpan(start_year).name
    try:
        with transaction.atomic():
            season = Season.objects.create(start_year=start_year)
    except IntegrityError as exc:
        raise ValidationError(f"La saison {name} existe déjà.") from exc
    audit_record(actor=actor, action="create", instance=season, changes={"season": [None, name]})
    return season


@transaction.atomic
def season_open(*, actor, season: Season) -> Season:
    """Open the season: its PP potential is frozen as the licensees are now (each
    committee's licensees by série, and the nation's), once; audited."""
    if not can_manage_seasons(actor):
        raise PermissionDenied("Seule la fédération ouvre les saisons.")
    season = Season.objects.select_for_update().get(pk=season.pk)
    if season.opened:
        raise ValidationError(
            f"La saison {season} est ouverte depuis le {season.opened_at:%d/%m/%Y} : son "
            "potentiel PP est figé."
        )
    counts = (
        Licensee.objects.filter(series__in=POTENTIAL_SERIES)
        .values_list("club__committee", "series")
        .annotate(n=Count("pk"))
        .order_by()
    )
    SeasonPotential.objects.bulk_create(
        SeasonPotential(season=season, committee_id=committee, series=series, licensees=n)
        for committee, series, n in counts
    )
    season.national_licensees = Licensee.objects.count()
    season.opened_at = timezone.now()
    season.opened_by = actor
    season.save(update_fields=["national_licensees", "opened_at", "opened_by"])
    audit_record(
        actor=actor,
        action="update",
        instance=season,
        changes={
            "opened_at": [None, season.opened_at.isoformat()],
            "national_licensees": [None, season.national_licensees],
            "potential": [None, {f"{c}:{s}": n for c, s, n in counts}],
        },
    )
    return season


@transaction.atomic
def season_current_set(*, actor, season: Season) -> Season:
    """Make an opened season the current one (the one the ranking pages show first);
    audited."""
    if not can_manage_seasons(actor):
        raise PermissionDenied("Seule la fédération choisit la saison courante.")
    season = Season.objects.select_for_update().get(pk=season.pk)
    if not season.opened:
        raise ValidationError(f"Ouvrez d'abord la saison {season}.")
    if season.is_current:
        return season
    before = Season.objects.filter(is_current=True).first()
    Season.objects.filter(is_current=True).update(is_current=False)
    season.is_current = True
    season.save(update_fields=["is_current"])
    audit_record(
        actor=actor,
        action="update",
        instance=season,
        changes={"current_season": [str(before) if before else None, str(season)]},
    )
    return season


# --- reads ----------------------------------------------------------------------------


class Potential(NamedTuple):
    """The licensees the Open's PP weigh: of the committee (or group) by série, and the
    nation's, as frozen when the season was opened."""

    first: int
    second: int
    promotion: int
    national: int


def season_potential(season: Season, committees: list[Committee | int]) -> Potential | None:
    """The committees' frozen potential in the season; None while it is not opened."""
    national = (
        Season.objects.filter(pk=season.pk, opened_at__isnull=False)
        .values_list("national_licensees", flat=True)
        .first()
    )
    if national is None:
        return None
    by_series = dict(
        SeasonPotential.objects.filter(season=season, committee__in=committees)
        .values_list("series")
        .annotate(n=Sum("licensees"))
        .order_by()
    )
    return Potential(
        first=by_series.get(Licensee.Series.FIRST, 0),
        second=by_series.get(Licensee.Series.SECOND, 0),
        promotion=by_series.get(Licensee.Series.PROMOTION, 0),
        national=national,
    )
