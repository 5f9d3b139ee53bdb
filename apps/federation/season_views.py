"""The federation's page of the seasons: create a season, open it (which freezes its PP
potential, after a confirmation), and read what was frozen."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone

from apps.core.pages import area_required, confirm_page, service_call
from apps.core.panels import panels_for
from apps.core.values import whole_number
from apps.federation.domain.seasons import season_of
from apps.federation.domain.series import NAMES
from apps.federation.models import Licensee, Season, SeasonPotential
from apps.federation.permissions import can_manage_seasons
from apps.federation.seasons import (
    POTENTIAL_SERIES,
    season_create,
    season_current_set,
    season_open,
)

federation_only = area_required(can_manage_seasons)


def _potential_table(season: Season) -> list[tuple[str, list[int]]]:
    """Each committee's frozen licensees by série (1ère, 2ème, Promotion)."""
    rows: dict[str, dict[str, int]] = {}
    frozen = SeasonPotential.objects.filter(season=season).select_related("committee")
    for row in frozen.order_by("committee__name"):
        rows.setdefault(row.committee.name, {})[row.series] = row.licensees
    return [(name, [counts.get(s, 0) for s in POTENTIAL_SERIES]) for name, counts in rows.items()]


@federation_only
def seasons(request):
    """Every season, with what is still to do (open it), and the form to create one."""
    chosen = request.GET.get("saison", "")
    all_seasons = list(Season.objects.select_related("opened_by"))
    shown = next((s for s in all_seasons if str(s.start_year) == chosen), None)
    shown = shown or next((s for s in all_seasons if s.opened), None)
    suggested = season_of(timezone.localdate()).start_year
    known = {s.start_year for s in all_seasons}
    return render(
        request,
        "federation/seasons.html",
        {
            "seasons": all_seasons,
            "shown": shown,
            "potential": _potential_table(shown) if shown and shown.opened else [],
            "series": [NAMES[s] for s in POTENTIAL_SERIES],
            "years": [y for y in range(suggested - 1, suggested + 3) if y not in known],
            "tab": "seasons",
            # what waits for each season, from the apps above (homologations, ranking)
            "panels": panels_for("seasons", request.user),
        },
    )


@federation_only
def create(request):
    if request.method != "POST":
        return redirect("federation:seasons")
    year = whole_number(request.POST.get("start_year"))
    if year is None:
        messages.error(request, "Choisissez l'année où la saison commence.")
    else:
        service_call(
            request,
            season_create,
            done=lambda season: f"Saison {season} créée : ouvrez-la pour figer son potentiel.",
            actor=request.user,
            start_year=year,
        )
    return redirect("federation:seasons")


@federation_only
def open_season(request, year):
    season = get_object_or_404(Season, start_year=year)
    back = f"{reverse('federation:seasons')}?saison={year}"
    if request.method != "POST":
        licensees = Licensee.objects.count()
        weighed = Licensee.objects.filter(series__in=POTENTIAL_SERIES).count()
        first, second, promotion = (NAMES[series] for series in POTENTIAL_SERIES)
        return confirm_page(
            request,
            title=f"Ouvrir la saison {season}",
            question=(
                f"Ouvrir la saison {season} (du {season.start:%d/%m/%Y} au "
                f"{season.end:%d/%m/%Y}) ? Son potentiel PP est figé tel qu'il est "
                f"maintenant : {licensees} licenciés FFT, dont {weighed} en {first}, {second} "
                f"ou {promotion}, comptés par comité. Les PP de l'Open de toute la saison "
                "les liront ; ils ne se modifient plus."
            ),
            confirm_label="Ouvrir la saison",
            cancel_url=back,
            blocked=season.opened,
            warnings=[f"La saison {season} est déjà ouverte."] if season.opened else [],
        )
    service_call(
        request,
        season_open,
        done=f"Saison {season} ouverte : son potentiel PP est figé.",
        actor=request.user,
        season=season,
    )
    return redirect(back)


@federation_only
def make_current(request, year):
    season = get_object_or_404(Season, start_year=year)
    back = f"{reverse('federation:seasons')}?saison={year}"
    if request.method != "POST":
        return confirm_page(
            request,
            title=f"Saison courante : {season}",
            question=(
                f"Faire de {season} la saison courante ? Le classement national et les "
                "championnats la montrent d'abord."
            ),
            confirm_label="Rendre courante",
            cancel_url=back,
        )
    service_call(
        request,
        season_current_set,
        done=f"{season} est la saison courante.",
        actor=request.user,
        season=season,
    )
    return redirect(back)


def seasons_panel(user) -> dict | None:
    """Federation staff's home: the seasons still to open, and the page."""
    if not can_manage_seasons(user):
        return None
    return {
        "template": "federation/_seasons_panel.html",
        "to_open": list(Season.objects.filter(opened_at=None)),
        "current": Season.objects.filter(is_current=True).first(),
    }
