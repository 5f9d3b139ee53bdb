"""The tournament file pages: club managers and federation staff import a tournament carried
from another installation; whoever sees a session's results downloads its file
(apps.exchange.services)."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.accounts import permissions
from apps.core.pages import download, sign_in_when_refused
from apps.exchange.domain.document import FILE_MAX_BYTES
from apps.exchange.services import document_decode, tournament_file_bytes, tournament_file_import
from apps.federation.permissions import clubs_managed_by
from apps.tournaments.pages import session_page
from apps.tournaments.permissions import can_read_referee_notes, can_view_results

HELD = ("imported", "held")  # the file, or its results, are another tournament's already


class TournamentFileForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Tournament file (.json)"))
    club = forms.ModelChoiceField(
        label=gettext_lazy("Organising club"),
        queryset=None,
        required=False,
        empty_label=gettext_lazy("The one the file names, or your only club"),
    )
    same_results_reason = forms.CharField(
        label=gettext_lazy("Imported despite the same results, because"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy(
            "Federation staff only: when another tournament holds these results already,"
            " why this file is imported all the same."
        ),
    )

    def __init__(self, *args, clubs, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs
        if not permissions.roles_of(user).federation:
            del self.fields["same_results_reason"]

    def clean_file(self):
        return document_decode(self.cleaned_data["file"].read(FILE_MAX_BYTES + 1))


@login_required
def file_import(request):
    if not permissions.roles_of(request.user).manages_clubs:
        raise PermissionDenied(_("You cannot import tournaments."))
    form = TournamentFileForm(
        request.POST or None,
        request.FILES or None,
        clubs=clubs_managed_by(request.user).order_by("name"),
        user=request.user,
    )
    existing = None
    if form.is_valid():
        try:
            tournament = tournament_file_import(
                actor=request.user,
                document=form.cleaned_data["file"],
                club=form.cleaned_data["club"],
                same_results_reason=form.cleaned_data.get("same_results_reason", ""),
            )
        except ValidationError as exc:
            if getattr(exc, "code", None) in HELD:  # a button leads to the tournament
                existing = exc.params["tournament"]
                exc = ValidationError(exc.params["summary"])
            form.add_error(None, exc)
        except PermissionDenied as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("The tournament is imported."))
            return redirect("tournaments:detail", pk=tournament.pk)
    return render(request, "exchange/import.html", {"form": form, "existing": existing})


@sign_in_when_refused
def session_file(request, pk):
    """The session's tournament file (JSON): what it was played from, and its results."""
    session = session_page(request, pk, can_view_results)
    notes = can_read_referee_notes(request.user, session.tournament)
    try:
        content = tournament_file_bytes(session, referee_notes=notes)
    except ValidationError as exc:
        raise Http404 from exc
    name = f"tournoi-{session.tournament_id}-seance-{session.number}.json"
    return download(content, "application/json", name)
