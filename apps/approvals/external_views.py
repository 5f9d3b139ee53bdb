"""Receiving a tournament as the FFT's file (fascicule 3, ch. 5, « Homologation des P.C.N. /
Déclaration »): the committee or the federation enters the bordereau details by hand and
sends the Excel sheet of Extar's « Export des Pcn »; it joins the chain at their level.
Every error of the details and of the file is listed at once; nothing is written. The level
holding a received tournament corrects its details from its page; the committee and the
federation record, before the day, the index granted to a club's tournament that Donne will
only know by its file."""

import re

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from apps.accounts.permissions import roles_of
from apps.approvals import permissions
from apps.approvals.domain.award_file import HEADER
from apps.approvals.external import (
    MAX_BYTES,
    NAME_MAX_LENGTH,
    AlreadyReceived,
    can_receive,
    external_details_correct,
    external_tournament_receive,
)
from apps.approvals.models import ClubIndexGrant
from apps.approvals.services import club_index_grant
from apps.competitions.models import Stage
from apps.core.pages import error_text, form_errors_named, service_call
from apps.core.values import whole_number
from apps.federation.models import Club
from apps.tournaments.domain.indices import GRANTED_INDICES
from apps.tournaments.forms import IndexField

_NUMBERS = re.compile(r"[\s,;/+]+")


def clubs_received_by(user):
    """The clubs whose tournaments the user receives: their committees', or all of them for
    the federation."""
    roles = roles_of(user)
    clubs = Club.objects.select_related("committee").order_by("name")
    if roles.federation:
        return clubs
    return clubs.filter(committee_id__in=roles.committee_ids)


def stages_received_by(user):
    """The championship stages a file may be of: played up to today at a club the user
    receives (the stage's host club), not yet in the homologation chain; the service checks
    the stage against the file's club, date and players."""
    stages = Stage.objects.filter(
        tournament__club__in=clubs_received_by(user),
        tournament__date__lte=timezone.localdate(),
        tournament__homologation=None,
        received_files=None,
        ranking_source=None,
    )
    return stages.select_related("tournament__club").order_by("-tournament__date", "name")


class StageField(forms.ModelChoiceField):
    def label_from_instance(self, obj) -> str:
        return f"{obj.name} — {obj.tournament.date:%d/%m/%Y}, {obj.tournament.club}"


class ExternalTournamentForm(forms.Form):
    club = forms.ModelChoiceField(label=gettext_lazy("Organising club"), queryset=None)
    name = forms.CharField(label=gettext_lazy("Tournament name"), max_length=NAME_MAX_LENGTH)
    date = forms.DateField(
        label=gettext_lazy("Date"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    index = IndexField(label=gettext_lazy("Index"))
    stage = StageField(
        label=gettext_lazy("Championship stage"),
        queryset=None,
        required=False,
        empty_label=gettext_lazy("None: a regularity tournament"),
        help_text=gettext_lazy(
            "A championship's awards only with its stage on Donne: same club and date, its"
            " registered players, its index and its tables."
        ),
    )
    session_players = forms.CharField(
        label=gettext_lazy("Players of each session"),
        max_length=200,
        help_text=gettext_lazy("One number per session, separated by commas: 40, 24"),
    )
    guests = forms.IntegerField(
        label=gettext_lazy("Guests (players without a licence)"),
        min_value=0,
        initial=0,
        help_text=gettext_lazy(
            "The file names the licensees: no session may have more players than they and"
            " the guests."
        ),
    )
    referee_licence = forms.CharField(
        label=gettext_lazy("Referee's licence"),
        max_length=20,
        help_text=gettext_lazy("The official referee who directed the tournament."),
    )
    file = forms.FileField(
        label=gettext_lazy("FFT file (.xlsx)"),
        help_text=gettext_lazy("The Excel file of Extar's “Export des Pcn”."),
    )

    same_results_reason = forms.CharField(
        label=gettext_lazy("Received despite the same results, because"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy(
            "Federation staff only: when Donne holds these results already, why this file"
            " is received all the same."
        ),
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        if not roles_of(user).federation:
            del self.fields["same_results_reason"]
        self.fields["club"].queryset = clubs_received_by(user)
        self.fields["stage"].queryset = stages_received_by(user)
        self.fields["date"].widget.attrs["max"] = timezone.localdate().isoformat()

    def clean_session_players(self) -> list[int]:
        text = self.cleaned_data["session_players"].strip()
        numbers = [whole_number(part) for part in _NUMBERS.split(text) if part]
        if not numbers or None in numbers:
            raise ValidationError(
                _("Write the number of players of each session, separated by commas.")
            )
        return numbers

    def clean_file(self):
        file = self.cleaned_data["file"]
        if file.size > MAX_BYTES:
            raise ValidationError(
                _("The file is too large (%(max)s MB at most).")
                % {"max": MAX_BYTES // (1024 * 1024)}
            )
        return file


@login_required
def external_receive(request):
    """GET: the form; POST: receive the tournament, or show the form again with every
    error."""
    if not can_receive(request.user):
        raise PermissionDenied
    if request.method == "POST":
        form = ExternalTournamentForm(request.POST, request.FILES, user=request.user)
    else:
        form = ExternalTournamentForm(user=request.user)
    existing = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            homologation = external_tournament_receive(
                actor=request.user,
                club=data["club"],
                name=data["name"],
                date=data["date"],
                index=data["index"],
                stage=data["stage"],
                guests=data["guests"],
                session_players=data["session_players"],
                referee_licence=data["referee_licence"],
                content=data["file"].read(),
                same_results_reason=data.get("same_results_reason", ""),
            )
        except AlreadyReceived as exc:
            existing = exc.existing
            form.add_error(None, exc)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(
                request,
                _("“%(name)s” is received; its awards are taken as given.")
                % {"name": homologation.name},
            )
            return redirect("approvals:homologation", homologation.pk)
    return render(
        request,
        "approvals/external_form.html",
        {"form": form, "errors": form_errors_named(form), "columns": HEADER, "existing": existing},
    )


class ExternalCorrectionForm(forms.Form):
    """The details of a received file that the level holding it corrects."""

    club = forms.ModelChoiceField(label=gettext_lazy("Organising club"), queryset=None)
    date = forms.DateField(
        label=gettext_lazy("Date"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    index = IndexField(label=gettext_lazy("Index"))
    reason = forms.CharField(
        label=gettext_lazy("Reason"), max_length=1000, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs_received_by(user)


def correction_form(user, homologation) -> ExternalCorrectionForm | None:
    """The correction form of the received tournament's page, for the level holding it."""
    if not permissions.can_correct_external(user, homologation):
        return None
    return ExternalCorrectionForm(
        user=user,
        initial={
            "club": homologation.club_id,
            "date": homologation.date,
            "index": str(homologation.index.normalize()),
        },
    )


@login_required
@require_POST
def external_correct(request, pk):
    """POST: correct the received details, with a reason; back to the tournament's page."""
    homologation = get_object_or_404(
        permissions.homologations_for_user(request.user), pk=pk, external=True
    )
    if not permissions.can_correct_external(request.user, homologation):
        raise PermissionDenied
    form = ExternalCorrectionForm(request.POST, user=request.user)
    if not form.is_valid():
        for error in form_errors_named(form):
            messages.error(request, error)
        return redirect("approvals:homologation", homologation.pk)
    service_call(
        request,
        external_details_correct,
        done=_("The received details are corrected."),
        actor=request.user,
        homologation=homologation,
        **form.cleaned_data,
    )
    return redirect("approvals:homologation", homologation.pk)


class ClubIndexGrantForm(forms.Form):
    club = forms.ModelChoiceField(label=gettext_lazy("Organising club"), queryset=None)
    date = forms.DateField(
        label=gettext_lazy("Date"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    index = IndexField(label=gettext_lazy("Index granted"), indices=tuple(GRANTED_INDICES))

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs_received_by(user)
        self.fields["date"].widget.attrs["min"] = timezone.localdate().isoformat()


@login_required
def club_index_grants(request):
    """GET: the grants recorded for the clubs the user receives, and the form; POST: grant
    an index to a club's tournament on a date, before it (1.2 the committee, 1.5 the
    federation)."""
    if not can_receive(request.user):
        raise PermissionDenied
    form = ClubIndexGrantForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            club_index_grant(actor=request.user, **form.cleaned_data)
        except (ValidationError, PermissionDenied) as exc:
            form.add_error(None, error_text(exc) if isinstance(exc, ValidationError) else str(exc))
        else:
            messages.success(request, _("The index is granted."))
            return redirect("approvals:club_grants")
    grants = ClubIndexGrant.objects.filter(club__in=clubs_received_by(request.user))
    grants = grants.select_related("club", "granted_by").order_by("-date")[:200]
    return render(
        request,
        "approvals/club_grants.html",
        {"form": form, "errors": form_errors_named(form), "grants": grants},
    )
