"""Receiving a tournament as the FFT's file (fascicule 3, ch. 5, « Homologation des P.C.N. /
Déclaration »): the committee or the federation enters the bordereau details by hand and
sends the Excel sheet of Extar's « Export des Pcn »; it joins the chain at their level.
Every error of the details and of the file is listed at once; nothing is written."""

import re

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.accounts.permissions import roles_of
from apps.approvals.domain.award_file import HEADER
from apps.approvals.external import (
    INDICES,
    MAX_BYTES,
    NAME_MAX_LENGTH,
    can_receive,
    external_tournament_receive,
)
from apps.federation.models import Club

INDEX_CHOICES = [(str(value), str(value).replace(".", ",")) for value in INDICES]
_NUMBERS = re.compile(r"[\s,;/+]+")


def clubs_received_by(user):
    """The clubs whose tournaments the user receives: their committees', or all of them for
    the federation."""
    roles = roles_of(user)
    clubs = Club.objects.select_related("committee").order_by("name")
    if roles.federation:
        return clubs
    return clubs.filter(committee_id__in=roles.committee_ids)


class ExternalTournamentForm(forms.Form):
    club = forms.ModelChoiceField(label=gettext_lazy("Organising club"), queryset=None)
    name = forms.CharField(label=gettext_lazy("Tournament name"), max_length=NAME_MAX_LENGTH)
    date = forms.DateField(
        label=gettext_lazy("Date"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    index = forms.ChoiceField(label=gettext_lazy("Index"), choices=INDEX_CHOICES)
    championship = forms.BooleanField(label=gettext_lazy("Official championship"), required=False)
    session_players = forms.CharField(
        label=gettext_lazy("Players of each session"),
        max_length=200,
        help_text=gettext_lazy("One number per session, separated by commas: 40, 24"),
    )
    file = forms.FileField(
        label=gettext_lazy("FFT file (.xlsx)"),
        help_text=gettext_lazy("The Excel file of Extar's “Export des Pcn”."),
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs_received_by(user)
        self.fields["date"].widget.attrs["max"] = timezone.localdate().isoformat()

    def clean_session_players(self) -> list[int]:
        text = self.cleaned_data["session_players"].strip()
        parts = [part for part in _NUMBERS.split(text) if part]
        if not parts or not all(part.isdigit() for part in parts):
            raise ValidationError(
                _("Write the number of players of each session, separated by commas.")
            )
        return [int(part) for part in parts]

    def clean_file(self):
        file = self.cleaned_data["file"]
        if file.size > MAX_BYTES:
            raise ValidationError(
                _("The file is too large (%(max)s MB at most).")
                % {"max": MAX_BYTES // (1024 * 1024)}
            )
        return file


def _error_list(form: ExternalTournamentForm) -> list[str]:
    """Every error of the form, each field's named by its label."""
    errors = []
    for name, field_errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else ""
        errors += [f"{label} : {error}" if label else error for error in field_errors]
    return errors


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
    if form.is_valid():
        data = form.cleaned_data
        try:
            homologation = external_tournament_receive(
                actor=request.user,
                club=data["club"],
                name=data["name"],
                date=data["date"],
                index=data["index"],
                championship=data["championship"],
                session_players=data["session_players"],
                content=data["file"].read(),
            )
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
        {"form": form, "errors": _error_list(form), "columns": HEADER},
    )
