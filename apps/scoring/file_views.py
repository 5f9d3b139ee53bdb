"""The tournament file upload page: club managers and federation staff import a tournament
carried from another installation (apps.scoring.tournament_files)."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.accounts import permissions
from apps.scoring.domain.tournament_file import FILE_MAX_BYTES
from apps.scoring.tournament_files import document_decode, tournament_file_import


class TournamentFileForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Tournament file (.json)"))
    club = forms.ModelChoiceField(
        label=gettext_lazy("Organising club"),
        queryset=None,
        required=False,
        empty_label=gettext_lazy("The one the file names, or your only club"),
    )

    def __init__(self, *args, clubs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs

    def clean_file(self):
        return document_decode(self.cleaned_data["file"].read(FILE_MAX_BYTES + 1))


@login_required
def file_import(request):
    if not permissions.roles_of(request.user).manages_clubs:
        raise PermissionDenied(_("You cannot import tournaments."))
    form = TournamentFileForm(
        request.POST or None,
        request.FILES or None,
        clubs=permissions.clubs_managed_by(request.user).order_by("name"),
    )
    existing = None
    if form.is_valid():
        try:
            tournament = tournament_file_import(
                actor=request.user,
                document=form.cleaned_data["file"],
                club=form.cleaned_data["club"],
            )
        except ValidationError as exc:
            if getattr(exc, "code", None) == "imported":  # lead to the tournament it made
                existing = exc.params["tournament"]
            form.add_error(None, exc)
        except PermissionDenied as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("The tournament is imported."))
            return redirect("tournaments:detail", pk=tournament.pk)
    return render(request, "scoring/files/import.html", {"form": form, "existing": existing})
