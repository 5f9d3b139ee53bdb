"""The championship pages: a season's competitions, a competition's stages, a stage's
registrations, regulation table, results and qualified players, the bordereau des
qualifiés, and a player's path. Reading is public; every change goes through the services
and apps.competitions.permissions."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_http_methods, require_POST

from apps.accounts.permissions import roles_of
from apps.competitions import bordereau, permissions, services
from apps.competitions.domain.regulation import regulation_problems
from apps.competitions.forms import (
    ChampionForm,
    CompetitionForm,
    DerogationForm,
    LicenceNumberForm,
    LicenceNumbersForm,
    NationalOrderForm,
    QuotaForm,
    QuotaGridForm,
    RegulationForm,
    StageChampionForm,
    StageForm,
    StageRefereeForm,
    regulation_text,
)
from apps.competitions.models import Competition, Qualifier, Stage
from apps.competitions.selectors import (
    competition_qualified,
    competitions_of,
    player_path,
    qualifier_replacement,
    qualifier_withdrawal_open,
    regulations_awaiting,
    season_quota_grid,
    stage_candidates,
    stage_cut_plan,
    stage_entries_checked,
    stage_outgoing_champion,
    stage_present,
    stage_qualify_plan,
    stage_registrations,
    stage_row,
    stage_serpentine_seating,
    stage_standings,
    stages_to_close,
)
from apps.core.pages import (
    confirm_page,
    download,
    form_errors_text,
    service_call,
    sign_in_when_refused,
)
from apps.federation.models import Licensee, Season
from apps.tournaments.permissions import can_run_room


def _season_asked(request) -> Season | None:
    """The season ?saison=2025 asks, else the current one (the latest when none is)."""
    seasons = list(Season.objects.all())
    wanted = request.GET.get("saison", "")
    return next((s for s in seasons if str(s.start_year) == wanted), None) or next(
        (s for s in seasons if s.is_current), seasons[0] if seasons else None
    )


def season_page(request):
    """The season's championships (the current one unless ?saison=2025 asks another)."""
    season = _season_asked(request)
    form = None
    if season is not None and permissions.can_set_season(request.user):
        form = CompetitionForm(request.POST or None)
        created = (
            request.method == "POST"
            and form.is_valid()
            and service_call(
                request,
                services.competition_create,
                form=form,
                actor=request.user,
                season=season,
                **form.cleaned_data,
            )
        )
        if created:
            return redirect("competitions:detail", created.result.pk)
    return render(
        request,
        "competitions/season.html",
        {
            "season": season,
            "seasons": Season.objects.all(),
            "competitions": competitions_of(season) if season else [],
            "form": form,
        },
    )


def competition_page(request, pk):
    competition = get_object_or_404(
        Competition.objects.select_related("season", "outgoing_champion"), pk=pk
    )
    champion_form = None
    if permissions.can_set_season(request.user):
        champion_form = ChampionForm(
            request.POST or None,
            initial={
                "outgoing_champion": getattr(competition.outgoing_champion, "licence_number", "")
            },
        )
        if (
            request.method == "POST"
            and champion_form.is_valid()
            and service_call(
                request,
                services.competition_champion_set,
                form=champion_form,
                done=_("The outgoing champion of France is saved."),
                actor=request.user,
                competition=competition,
                **champion_form.cleaned_data,
            )
        ):
            return redirect("competitions:detail", competition.pk)
    elif request.method == "POST":
        raise PermissionDenied
    stages = (
        competition.stages.select_related(
            "committee", "zone", "tournament__club", "champion", "vice_champion", "next_stage"
        )
        .annotate(
            qualified=Count("qualifiers", filter=~Q(qualifiers__role=Qualifier.Role.REPLACEMENT))
        )
        .order_by("tournament__date", "name")
    )
    return render(
        request,
        "competitions/competition.html",
        {
            "competition": competition,
            "stages": stages,
            "can_create": permissions.can_create_stage(request.user),
            "champion_form": champion_form,
        },
    )


@login_required
def stage_create(request, pk):
    competition = get_object_or_404(Competition.objects.select_related("season"), pk=pk)
    committees, zones, national = permissions.organisers_for_user(request.user)
    if not (committees or zones or national):
        raise PermissionDenied
    form = StageForm(
        request.POST or None,
        competition=competition,
        committees=committees,
        zones=zones,
        national=national,
    )
    created = (
        request.method == "POST"
        and form.is_valid()
        and service_call(
            request,
            services.stage_create,
            form=form,
            done=_("The stage is created: register its players."),
            actor=request.user,
            competition=competition,
            **form.cleaned_data,
        )
    )
    if created:
        return redirect("competitions:stage", created.result.pk)
    return render(
        request, "competitions/stage_form.html", {"competition": competition, "form": form}
    )


def _stage(pk) -> Stage:
    return get_object_or_404(
        Stage.objects.select_related(
            "competition__season",
            "committee",
            "zone",
            "tournament__club",
            "next_stage",
            "ranking_source",
            "approved_by",
            "outgoing_champion",
            "competition__outgoing_champion",
            "champion",
            "vice_champion",
        ),
        pk=pk,
    )


def stage_page(request, pk):
    stage = _stage(pk)
    run = permissions.can_run_stage(request.user, stage)
    rows = stage.regulation()
    present = stage_present(stage)
    seated = stage.tournament.sessions.filter(movement__isnull=False).count()
    row = stage_row(stage, present)
    qualifiers = list(
        stage.qualifiers.select_related(
            "licensee__club", "replaces__licensee", "replaced_by__licensee"
        )
    )
    oversee = permissions.can_oversee_stage(request.user, stage)
    room = can_run_room(request.user, stage.tournament)
    # The running ranking shows to everyone once play is over (as the results pages do).
    show_standings = stage.tournament.play_over or oversee or room
    return render(
        request,
        "competitions/stage.html",
        {
            "stage": stage,
            "run": run,
            "oversee": oversee,
            "room": room,
            "federation": permissions.can_set_season(request.user),
            "rows": rows,
            "problems": regulation_problems(
                stage.competition.domain_kind,
                rows,
                stage.deals,
                minimums=Stage.holds_minimums(stage.competition.domain_kind, stage.level),
            ),
            "present": present,
            "row": row,
            "seated": seated,
            "more_sessions": row is not None and 0 < seated < row.sessions,
            "registrations": stage_registrations(stage),
            "standings": stage_standings(stage) if seated and show_standings else [],
            "serpentine": stage_serpentine_seating(stage) if seated > 1 and room else None,
            "withdrawable": bool(qualifiers) and qualifier_withdrawal_open(request.user, stage),
            "qualified": [q for q in qualifiers if q.role != q.Role.REPLACEMENT],
            "replacements": [q for q in qualifiers if q.role == q.Role.REPLACEMENT],
            "register_form": LicenceNumberForm(),
            "quota_form": QuotaForm(initial={"quota": stage.quota}),
            "approve": stage.needs_approval
            and stage.approved_at is None
            and permissions.can_approve_regulation(request.user, stage),
            "outgoing_champion": stage_outgoing_champion(stage),
            "champion_form": StageChampionForm(
                initial={
                    "outgoing_champion": getattr(stage.outgoing_champion, "licence_number", "")
                }
            ),
            "derogation_form": DerogationForm(
                initial={"referee_derogation": stage.referee_derogation}
            ),
            "regulation_form": RegulationForm(
                initial={"deals": stage.deals, "rows": regulation_text(rows)}
            ),
            "referee_form": StageRefereeForm(),
            "referees": stage.tournament.referee_assignments.select_related("referee"),
            "order_form": NationalOrderForm(),
        },
    )


def _done(request, stage: Stage, write, success, anchor: str):
    """Run a stage service; its refusal (ValidationError) is shown on the stage page, a
    PermissionDenied is a 403."""
    service_call(request, write, done=success)
    return redirect(reverse("competitions:stage", args=[stage.pk]) + anchor)


def _stage_action(service, success, anchor: str = "", form_class=None):
    """A POST view of the stage page that calls ``service(actor=…, stage=…, **form data)``;
    a form that does not validate changes nothing and says why."""

    @login_required
    @require_POST
    def view(request, pk):
        stage = _stage(pk)
        data = {}
        if form_class is not None:
            form = form_class(request.POST)
            if not form.is_valid():
                messages.error(request, form_errors_text(form))
                return redirect(reverse("competitions:stage", args=[stage.pk]) + anchor)
            data = form.cleaned_data
        return _done(
            request,
            stage,
            lambda: service(actor=request.user, stage=stage, **data),
            success,
            anchor,
        )

    return view


stage_register = _stage_action(
    services.stage_register, _lazy("The player is registered."), "#players", LicenceNumberForm
)
stage_quota = _stage_action(
    services.stage_quota_set, _lazy("The number of qualified players is set."), "", QuotaForm
)
stage_champion = _stage_action(
    services.stage_champion_set,
    _lazy("The outgoing champion is saved."),
    "#settings",
    StageChampionForm,
)
stage_derogation = _stage_action(
    services.stage_derogation_set, _lazy("The derogation is saved."), "#referees", DerogationForm
)
stage_regulation = _stage_action(
    services.stage_regulation_set,
    _lazy("The regulation table is saved: it goes to the zone for approval."),
    "#regulation",
    RegulationForm,
)
stage_approve = _stage_action(
    services.stage_regulation_approve,
    _lazy("The zone approves the stage's regulation."),
    "#regulation",
)
stage_referee = _stage_action(
    services.stage_referee_assign, _lazy("The referee is assigned."), "#referees", StageRefereeForm
)
stage_direct = _stage_action(
    services.stage_direct_qualify,
    _lazy("The players qualified directly are registered in the next stage."),
    "#qualified",
    NationalOrderForm,
)


@login_required
@require_http_methods(["GET", "POST"])
def stage_register_many(request, pk):
    """Register many players at once from their pasted licence numbers, all or none: a
    list with a refusal registers nobody and shows, number by number, who and why."""
    stage = _stage(pk)
    if not permissions.can_run_stage(request.user, stage):
        raise PermissionDenied
    form = LicenceNumbersForm(request.POST or None)
    checks = []
    if request.method == "POST" and form.is_valid():
        numbers = form.cleaned_data["numbers"]
        done = service_call(
            request,
            services.stage_register_many,
            form=form,
            done=lambda registered: (
                _("%(count)s players are registered.") % {"count": len(registered)}
            ),
            actor=request.user,
            stage=stage,
            numbers=numbers,
        )
        if done:
            return redirect(reverse("competitions:stage", args=[stage.pk]) + "#players")
        checks = stage_entries_checked(stage, numbers)  # who was refused, and why
    query = request.GET.get("nom", "").strip()[:100]
    return render(
        request,
        "competitions/register_many.html",
        {
            "stage": stage,
            "form": form,
            "checks": checks,
            "refused": sum(1 for check in checks if check.refusals),
            "query": query,
            "found": stage_candidates(stage, query) if query else None,
            "register_form": LicenceNumberForm(),
        },
    )


@login_required
@require_POST
def stage_unregister(request, pk, registration_pk):
    stage = _stage(pk)
    registration = get_object_or_404(stage.tournament.registrations, pk=registration_pk)
    return _done(
        request,
        stage,
        lambda: services.stage_unregister(
            actor=request.user, stage=stage, registration=registration
        ),
        _("The registration is removed."),
        "#players",
    )


@login_required
@require_http_methods(["GET", "POST"])
def stage_seat(request, pk):
    """The referee seats the first session, or cuts the field and seats the next one: the
    cut, which cannot be undone, is confirmed on a page listing who the next session keeps
    and who it eliminates."""
    stage = _stage(pk)
    seated = stage.tournament.sessions.filter(movement__isnull=False).exists()
    if seated and request.method == "GET":
        return _cut_confirmation(request, stage)
    if request.method == "GET":
        return redirect(reverse("competitions:stage", args=[stage.pk]) + "#sessions")
    service = services.stage_seat_next if seated else services.stage_seat_first
    return _done(
        request,
        stage,
        lambda: service(actor=request.user, stage=stage),
        _("The session is seated: the movement is on the tournament's page."),
        "#sessions",
    )


def _cut_confirmation(request, stage: Stage):
    if not can_run_room(request.user, stage.tournament):
        raise PermissionDenied
    plan = stage_cut_plan(stage)
    back = reverse("competitions:stage", args=[stage.pk]) + "#sessions"
    return confirm_page(
        request,
        title=_("Cut the field: %(stage)s") % {"stage": stage.name},
        question=_("Seat session %(number)s with these %(kept)s players?")
        % {"number": plan.number, "kept": len(plan.kept)},
        hint=_("The players eliminated play no more session of the stage: this cannot be undone."),
        confirm_label=_("Cut and seat the session"),
        cancel_url=back,
        warnings=[plan.refusal] if plan.refusal else (),
        blocked=bool(plan.refusal),
        template="competitions/confirm_cut.html",
        details={"plan": plan},
    )


@login_required
@require_http_methods(["GET", "POST"])
def stage_qualify(request, pk):
    """The organiser names the champions and the qualified players, who are registered in
    the next stage: irreversible, confirmed on a page listing them first."""
    stage = _stage(pk)
    if request.method == "POST":
        return _done(
            request,
            stage,
            lambda: services.stage_qualify(actor=request.user, stage=stage),
            _("The qualified players are named and registered in the next stage."),
            "#qualified",
        )
    if not permissions.can_run_stage(request.user, stage):
        raise PermissionDenied
    plan = stage_qualify_plan(stage)
    return confirm_page(
        request,
        title=_("Titles and qualified players: %(stage)s") % {"stage": stage.name},
        question=_("Name these champions and qualified players?"),
        hint=_(
            "Once named, they cannot be changed: the qualified players are registered in "
            "the next stage."
        )
        if stage.next_stage
        else "",
        confirm_label=_("Name them"),
        cancel_url=reverse("competitions:stage", args=[stage.pk]) + "#qualified",
        warnings=[plan.refusal] if plan.refusal else (),
        blocked=bool(plan.refusal),
        template="competitions/confirm_qualify.html",
        details={"plan": plan, "stage": stage},
    )


@login_required
@require_http_methods(["GET", "POST"])
def qualifier_withdraw(request, pk):
    """A listed player withdraws (« forfait »): confirmed on a page naming the replacement
    who will enter in their place."""
    qualifier = get_object_or_404(
        Qualifier.objects.select_related("licensee", "stage__next_stage"), pk=pk
    )
    stage = qualifier.stage
    back = reverse("competitions:stage", args=[stage.pk]) + "#qualified"
    if request.method == "POST":
        name = qualifier.licensee.full_name
        service_call(
            request,
            services.qualifier_withdraw,
            done=lambda replacement: (
                _("%(name)s withdraws: %(replacement)s enters in their place.")
                % {"name": name, "replacement": replacement.licensee.full_name}
                if replacement
                else _("%(name)s withdraws: no replacement enters in their place.") % {"name": name}
            ),
            actor=request.user,
            qualifier=qualifier,
        )
        return redirect(back)
    if not qualifier_withdrawal_open(request.user, stage):
        raise PermissionDenied
    replacement = qualifier_replacement(qualifier)
    return confirm_page(
        request,
        title=_("Withdrawal: %(name)s") % {"name": qualifier.licensee.full_name},
        question=_("Record that %(name)s withdraws from %(stage)s?")
        % {"name": qualifier.licensee.full_name, "stage": stage.next_stage.name},
        hint=(
            _("%(replacement)s, the first replacement listed still free, enters in their place.")
            % {"replacement": replacement.licensee.full_name}
            if replacement
            else _("No replacement enters in their place.")
        ),
        confirm_label=_("Record the withdrawal"),
        cancel_url=back,
    )


@sign_in_when_refused
def stage_bordereau(request, pk, format):
    """The « bordereau des qualifiés », as PDF or Excel."""
    if format not in ("pdf", "xlsx"):
        raise Http404
    stage = _stage(pk)
    if not permissions.can_oversee_stage(request.user, stage):
        raise PermissionDenied
    if not stage.closed_at:
        messages.error(request, _("The qualified players are not named yet."))
        return redirect("competitions:stage", stage.pk)
    name = f"bordereau-qualifies-{stage.pk}"
    if format == "pdf":
        return download(bordereau.bordereau_pdf(stage), "application/pdf", f"{name}.pdf")
    return download(bordereau.bordereau_xlsx(stage), bordereau.XLSX, f"{name}.xlsx")


@login_required
def worklist(request):
    """What waits for the user in the championships: the regulations awaiting their zone's
    « aval », the stages they organise whose qualified players are to be named, and for
    federation staff the season's quotas, set in one grid."""
    user = request.user
    roles = roles_of(user)
    if not (roles.federation or roles.zone_ids or roles.committee_ids):
        raise PermissionDenied
    season = _season_asked(request)
    grid = None
    if roles.federation and season is not None:
        grid = QuotaGridForm(season_quota_grid(season), request.POST or None)
        saved = (
            request.method == "POST"
            and grid.is_valid()
            and service_call(
                request,
                services.stage_quotas_set,
                done=lambda changed: _("Quotas saved: %(count)s changed.") % {"count": changed},
                actor=user,
                quotas=grid.quotas(),
            )
        )
        if saved:
            return redirect(f"{reverse('competitions:worklist')}?saison={season.start_year}")
    elif request.method == "POST":
        raise PermissionDenied
    return render(
        request,
        "competitions/worklist.html",
        {
            "season": season,
            "regulations": list(regulations_awaiting(user))
            if roles.federation or roles.zone_ids
            else [],
            "to_close": list(stages_to_close(user)),
            "grid": grid,
        },
    )


def qualified_page(request, pk):
    """The championship's qualified players, committee by committee, with where each
    stands (public, as the results are)."""
    competition = get_object_or_404(Competition.objects.select_related("season"), pk=pk)
    return render(
        request,
        "competitions/qualified.html",
        {"competition": competition, "groups": competition_qualified(competition)},
    )


@login_required
def path_page(request):
    """The signed-in player's path through the championships."""
    licensee_id = roles_of(request.user).licensee_id
    licensee = Licensee.objects.filter(pk=licensee_id).first() if licensee_id else None
    return render(
        request,
        "competitions/path.html",
        {"licensee": licensee, "steps": player_path(licensee) if licensee else []},
    )
