"""The national ranking's pages: the season's published list (public), the live ranking,
a club's and a committee's own players, what a publication changed, a player's seasons;
and the federation's page to compute, publish and move players between séries. Every
change goes through the services."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from apps.accounts.permissions import roles_of
from apps.core.jobs import job_restartable
from apps.core.pages import (
    LinkedText,
    area_required,
    confirm_page,
    download,
    page_of,
    service_call,
    sign_in_when_refused,
    url_around,
)
from apps.core.values import whole_number
from apps.federation.domain.seasons import season_of
from apps.federation.models import Club, Committee, Licensee, Season
from apps.federation.seasons import LAST_YEAR
from apps.rankings import exports, selectors, series, services
from apps.rankings.domain.chart import season_chart
from apps.rankings.forms import RankingFilterForm, SeriesRuleFormSet, rules_of
from apps.rankings.models import (
    Publication,
    RankingRun,
    SeriesChange,
    SeriesProposal,
    WithheldLine,
)
from apps.rankings.permissions import (
    can_manage_national_ranking,
    can_see_live_line,
    can_see_own_changes,
    can_view_live_ranking,
)


def _season(year: int) -> Season:
    return get_object_or_404(Season, start_year=year)


def _current_year() -> int:
    current = Season.objects.filter(is_current=True).first()
    return current.start_year if current else season_of(timezone.localdate()).start_year


def index(request):
    """The current season's published ranking."""
    return redirect("rankings:published", year=_current_year())


def _list(
    request, *, season, run, title, publication=None, live=False, fixed=None, scope="", kind=""
):
    """A ranking page, or its file when ``?format=csv|xlsx``: the run's rows filtered by
    the form and the page's own club or committee."""
    form = RankingFilterForm(request.GET or None)
    rows = selectors.ranking_rows(run, form.found(**(fixed or {}))) if run else None
    file_format = request.GET.get("format")
    if rows is not None and file_format in ("csv", "xlsx"):
        name = f"classement-{season.start_year}{'-direct' if live else ''}.{file_format}"
        if file_format == "csv":
            return download(exports.ranking_csv(rows), exports.CSV, name)
        return download(exports.ranking_xlsx(rows), exports.XLSX, name)
    page = page_of(request, rows) if rows is not None else None
    if page is not None and kind == "club":
        page.object_list = list(page.object_list)
        selectors.club_ranks_set(run, fixed["club_id"], page.object_list)
    return render(
        request,
        "rankings/list.html",
        {
            "season": season,
            "run": run,
            "title": title,
            "publication": publication,
            "publications": selectors.publications_of(season) if not live else None,
            "live": live,
            "scope": scope,
            "scope_kind": kind,
            "form": form,
            "page": page,
            "can_live": can_view_live_ranking(request.user),
            "can_manage": can_manage_national_ranking(request.user),
            "own_licensee": roles_of(request.user).licensee_id,  # the reader's row, marked
        },
    )


def _publication(request, season: Season) -> Publication | None:
    """The publication asked for (``?publication=``), else the season's latest."""
    wanted = whole_number(request.GET.get("publication"))
    if wanted is not None:
        return get_object_or_404(selectors.publications_of(season), pk=wanted)
    return selectors.latest_publication(season)


def published(request, year):
    """The season's published national ranking: public, as it was published."""
    season = _season(year)
    publication = _publication(request, season)
    return _list(
        request,
        season=season,
        run=publication.run if publication else None,
        publication=publication,
        title=_("National ranking %(season)s") % {"season": season},
    )


@sign_in_when_refused
def live(request, year):
    """The live ranking: computed again as approvals and corrections land."""
    if not can_view_live_ranking(request.user):
        raise PermissionDenied
    season = _season(year)
    return _list(
        request,
        season=season,
        run=selectors.live_run(season),
        live=True,
        title=_("Live ranking %(season)s") % {"season": season},
    )


def _scoped(request, *, season, fixed, scope, kind):
    wants_live = request.GET.get("direct") == "1" and can_view_live_ranking(request.user)
    publication = None if wants_live else _publication(request, season)
    run = selectors.live_run(season) if wants_live else publication and publication.run
    return _list(
        request,
        season=season,
        run=run,
        publication=publication,
        live=wants_live,
        fixed=fixed,
        scope=scope,
        kind=kind,
        title=_("Ranking of %(scope)s, %(season)s") % {"scope": scope, "season": season},
    )


def club(request, year, pk):
    """A club's players in the national ranking, with their rank in the club."""
    found = get_object_or_404(Club, pk=pk)
    return _scoped(
        request, season=_season(year), fixed={"club_id": found.pk}, scope=found.name, kind="club"
    )


def committee(request, year, pk):
    """A committee's players, with their rank in the committee."""
    found = get_object_or_404(Committee, pk=pk)
    return _scoped(
        request,
        season=_season(year),
        fixed={"committee_id": found.pk},
        scope=found.name,
        kind="committee",
    )


def changes(request, pk):
    """What a publication changed since the previous one, player by player, and why."""
    publication = get_object_or_404(Publication.objects.select_related("season"), pk=pk)
    return render(
        request,
        "rankings/changes.html",
        {
            "publication": publication,
            "page": page_of(request, selectors.publication_changes(publication)),
            "own_licensee": roles_of(request.user).licensee_id,
        },
    )


def player(request, licence):
    """A player's seasons: totals, rank, the awards that make them, their chart."""
    licensee = get_object_or_404(Licensee.objects.select_related("club"), licence_number=licence)
    lines = selectors.player_seasons(
        licensee,
        live=can_see_live_line(request.user, licensee),
    )
    current = Season.objects.filter(is_current=True).first()
    return render(
        request,
        "rankings/player.html",
        {
            "licensee": licensee,
            "lines": lines,
            "current": current,
            "line": next((x for x in lines if current and x.season.pk == current.pk), None),
            "awards": selectors.player_awards(licensee, current) if current else [],
            "change": (
                selectors.pcn_change_of(licensee, current)
                if current and can_see_own_changes(request.user, licensee)
                else None
            ),
            "chart": season_chart([(str(x.season), x.row.pcn, x.row.rank) for x in lines]),
        },
    )


# --- the federation's page --------------------------------------------------------

federation_only = area_required(can_manage_national_ranking)


@federation_only
def staff_index(request):
    """The federation's page of the season chosen (``?saison=``), else the current one; a
    season no one can hold is a page that does not exist."""
    wanted = request.GET.get("saison", "")
    if not wanted:
        return redirect("rankings:staff", year=_current_year())
    year = whole_number(wanted, largest=LAST_YEAR)
    if year is None:
        raise Http404
    return redirect("rankings:staff", year=year)


def _staff_page(request, season: Season, formset=None, status: int = 200):
    runs = (
        RankingRun.objects.filter(season=season)
        .select_related("publication")
        .order_by("-created_at")[:5]
    )
    if formset is None:
        initial = [
            {
                "series": r.series,
                "purpose": r.purpose,
                "measure": r.measure,
                "threshold": r.threshold,
            }
            for r in season.series_rules.all()
        ]
        formset = SeriesRuleFormSet(initial=initial, prefix="rules")
    latest = selectors.live_run(season)  # the preview: the latest computed, live or not
    withheld = page_of(request, selectors.withheld_lines(latest)) if latest else None
    if withheld is not None:
        withheld.object_list = list(withheld.object_list)
        selectors.restored_mark(season, withheld.object_list)
    return render(
        request,
        "rankings/staff.html",
        {
            "season": season,
            "seasons": Season.objects.all(),
            "runs": [(run, job_restartable(run)) for run in runs],
            "publications": selectors.publications_of(season),
            "formset": formset,
            "proposals": SeriesProposal.objects.filter(season=season).select_related("publication"),
            "latest": latest,
            "withheld": withheld,
            "restore_url": url_around("rankings:restore", season.start_year),
        },
        status=status,
    )


@federation_only
def staff(request, year):
    """Compute, follow, publish; the séries rules and their proposals."""
    return _staff_page(request, _season(year))


@federation_only
@require_POST
def compute(request, year):
    services.ranking_request(actor=request.user, season=_season(year))
    messages.success(request, _("The ranking is being computed."))
    return redirect("rankings:staff", year=year)


@federation_only
def run_progress(request, pk):
    """The progress of one computation (the staff page asks every second while it works)."""
    run = get_object_or_404(RankingRun.objects.select_related("publication"), pk=pk)
    return render(request, "rankings/_run.html", {"run": run, "restartable": job_restartable(run)})


@federation_only
def publish(request, year):
    """GET: confirm; POST: publish, once however many times the button is pressed (the form
    carries the latest publication the user saw)."""
    season = _season(year)
    if request.method != "POST":
        latest = Publication.objects.filter(season=season).order_by("-published_at", "-pk")
        seen = latest.values_list("pk", flat=True).first()
        return confirm_page(
            request,
            title=_("Publish the ranking"),
            question=_(
                "Publish the %(season)s national ranking as it stands now? A published "
                "list is never changed afterwards."
            )
            % {"season": season},
            confirm_label=_("Publish"),
            cancel_url=reverse("rankings:staff", args=[year]),
            fields={"after": seen or ""},
            warnings=_withheld_warning(season),
        )
    after = request.POST.get("after", "")
    if after and whole_number(after) is None:
        raise Http404
    try:
        publication = services.ranking_publish(
            actor=request.user, season=season, after=whole_number(after)
        )
    except ValidationError as exc:
        messages.info(request, " ".join(exc.messages))
        return redirect("rankings:staff", year=year)
    messages.success(
        request,
        _("Ranking published: %(added)s added, %(changed)s changed, %(unchanged)s unchanged.")
        % {
            "added": publication.added,
            "changed": publication.changed,
            "unchanged": publication.unchanged,
        },
    )
    return redirect("rankings:staff", year=year)


def _withheld_warning(season: Season) -> list[LinkedText]:
    """The publish confirmation's word on the lines the latest computation withheld, with
    the address of their list."""
    latest = selectors.live_run(season)
    count = selectors.withheld_lines(latest).count() if latest else 0
    if not count:
        return []
    text = ngettext(
        "%(count)s line withheld by the latest computation does not count: see it.",
        "%(count)s lines withheld by the latest computation do not count: see them.",
        count,
    ) % {"count": count}
    return [LinkedText(text, reverse("rankings:staff", args=[season.start_year]) + "#withheld")]


@federation_only
def restore(request, year, pk):
    """GET: the reason asked, with a confirmation; POST: the withheld line restored."""
    season = _season(year)
    line = get_object_or_404(
        WithheldLine.objects.select_related("run", "licensee"), pk=pk, run__season=season
    )
    back = reverse("rankings:staff", args=[year]) + "#withheld"
    if request.method != "POST":
        return confirm_page(
            request,
            title=_("Restore a withheld line"),
            question=_(
                "Count the line of %(player)s in %(source)s, %(pcn)s PCN and "
                "%(pp)s PP, in the ranking after all? It was withheld: %(reason)s"
            )
            % {
                "player": line.licensee,
                "source": line.source,
                "pcn": line.pcn,
                "pp": line.pp,
                "reason": line.reason,
            },
            hint=_("The ranking is computed again at once; the line counts from then on."),
            confirm_label=_("Restore"),
            cancel_url=back,
            reason_label=_("Why it counts (kept in the history)"),
        )
    service_call(
        request,
        services.line_restore,
        done=_("The line is restored: it counts in the ranking being computed."),
        actor=request.user,
        season=season,
        withheld=line,
        reason=request.POST.get("reason", ""),
    )
    return redirect(back)


@federation_only
@require_POST
def rules(request, year):
    season = _season(year)
    formset = SeriesRuleFormSet(request.POST, prefix="rules")
    if formset.is_valid():
        if service_call(
            request,
            series.series_rules_set,
            done=_("The séries rules are saved."),
            actor=request.user,
            season=season,
            rules=rules_of(formset),
        ):
            return redirect("rankings:staff", year=year)
    else:
        messages.error(request, _("Check the séries rules: some rows are incomplete."))
    return _staff_page(request, season, formset, status=400)


@federation_only
@require_POST
def propose(request, year):
    season = _season(year)
    publication = selectors.latest_publication(season)
    if publication is None:
        messages.error(request, _("Publish the ranking before proposing séries changes."))
        return redirect("rankings:staff", year=year)
    proposed = service_call(
        request, series.series_propose, actor=request.user, publication=publication
    )
    if not proposed:
        return redirect("rankings:staff", year=year)
    return redirect("rankings:proposal", pk=proposed.result.pk)


@federation_only
def proposal(request, pk):
    """Review a proposal: every change with its reason; leave some out; apply."""
    found = get_object_or_404(SeriesProposal.objects.select_related("season"), pk=pk)
    if request.method == "POST":
        wanted = whole_number(request.POST.get("change"))
        change = get_object_or_404(SeriesChange, pk=wanted or 0, proposal=found)
        service_call(
            request,
            series.series_change_keep,
            actor=request.user,
            change=change,
            kept=request.POST.get("kept") == "1",
        )
        return redirect(f"{reverse('rankings:proposal', args=[pk])}?{request.GET.urlencode()}")
    changes = found.changes.select_related("licensee__club")
    return render(
        request,
        "rankings/proposal.html",
        {
            "proposal": found,
            "page": page_of(request, changes),
            "kept": changes.filter(kept=True).count(),
            "total": changes.count(),
        },
    )


@federation_only
def apply(request, pk):
    found = get_object_or_404(SeriesProposal, pk=pk)
    if request.method != "POST":
        return confirm_page(
            request,
            title=_("Apply the séries changes"),
            question=_(
                "Move %(count)s licensees to their new série now? Competitions read the "
                "séries at once."
            )
            % {"count": found.changes.filter(kept=True).count()},
            confirm_label=_("Apply"),
            cancel_url=reverse("rankings:proposal", args=[pk]),
        )
    applied = service_call(
        request,
        series.series_apply,
        done=lambda count: _("Séries changes applied: %(count)s.") % {"count": count},
        actor=request.user,
        proposal=found,
    )
    if not applied:
        return redirect("rankings:proposal", pk=pk)
    return redirect("rankings:staff", year=found.season.start_year)
