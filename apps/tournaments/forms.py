"""Forms of the tournament pages; the services do the writing and the permission checks."""

from decimal import Decimal, InvalidOperation
from uuid import uuid4

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from apps.core.forms import french_formfield
from apps.tournaments.domain.indices import INDICES, STORED, index_choices
from apps.tournaments.domain.sessions import MAX_SESSIONS
from apps.tournaments.models import RefereeAssignment, Tournament
from apps.tournaments.permissions import referees_assignable
from apps.tournaments.services import TOURNAMENT_FIELDS


class IndexField(forms.TypedChoiceField):
    """A choice of the regulation's indices (``indices``), its value a Decimal; « 1 »,
    « 1.0 » and « 1,0 » are one index."""

    def __init__(self, *, indices=INDICES, **kwargs):
        super().__init__(choices=index_choices(indices), coerce=Decimal, **kwargs)

    def to_python(self, value):
        text = super().to_python(value).strip().replace(",", ".")
        try:
            return str(Decimal(text).quantize(STORED)) if text else text
        except InvalidOperation:
            return text


# What only duplicate tarot asks (its formule, index, étuis and sessions): another game's
# form leaves them out, and the tournament keeps the model's defaults.
DUPLICATE_ONLY_FIELDS = ("kind", "index", "etuis_per_table", "sessions")


def game_chosen(value: str | None) -> str:
    """The game a creation form is for (``?jeu=`` or the posted ``game``): duplicate tarot
    unless one of the others is named."""
    return value if value in Tournament.Game.values else Tournament.Game.DUPLICATE_TAROT


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = TOURNAMENT_FIELDS
        formfield_callback = french_formfield
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "starts_at": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "registration_deadline": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].required = False  # left out: duplicate tarot
        if self.instance.pk and not self.instance.duplicate:
            self._duplicate_fields_drop()
            return
        index = self.fields["index"]  # one of the regulation's indices, chosen
        self.fields["index"] = IndexField(label=index.label, help_text=index.help_text)
        kind = self.fields["kind"]
        if self.instance.kind == Tournament.Kind.CHAMPIONSHIP and self.instance.pk:
            kind.disabled = True  # a stage's tournament keeps its kind
        else:  # a championship stage is created on the championship's page
            kind.choices = [c for c in kind.choices if c[0] != Tournament.Kind.CHAMPIONSHIP]

    def _duplicate_fields_drop(self) -> None:
        for name in DUPLICATE_ONLY_FIELDS:
            self.fields.pop(name, None)

    def clean_game(self) -> str:
        return self.cleaned_data.get("game") or (
            self.instance.game if self.instance.pk else Tournament.Game.DUPLICATE_TAROT
        )


class TournamentCreateForm(TournamentForm):
    sessions = forms.IntegerField(
        label=_("Number of sessions"), min_value=1, max_value=MAX_SESSIONS, initial=1
    )
    request_key = forms.UUIDField(widget=forms.HiddenInput, required=False, initial=uuid4)

    class Meta(TournamentForm.Meta):
        fields = ["club", *TOURNAMENT_FIELDS]

    def __init__(self, *args, clubs, game: str, **kwargs):
        """``game``: the game the page creates a tournament of, kept in a hidden field."""
        super().__init__(*args, **kwargs)
        self.fields["game"].widget = forms.HiddenInput()
        self.initial["game"] = game
        if game != Tournament.Game.DUPLICATE_TAROT:
            self._duplicate_fields_drop()
        self.fields["club"].queryset = clubs
        if clubs.count() == 1:
            self.fields["club"].empty_label = None


class SessionStartForm(forms.Form):
    starts_at = forms.DateTimeField(
        label=_("Starts at"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )


class RegistrationAddForm(forms.Form):
    licensee = forms.ModelChoiceField(
        queryset=None,
        error_messages={
            "required": _("Choose a player in the search results."),
            "invalid_choice": _("Choose a player in the search results."),
        },
    )

    def __init__(self, *args, licensees, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["licensee"].queryset = licensees


class GuestForm(forms.Form):
    """A guest without a licence, added by the referee."""

    last_name = forms.CharField(label=_("Last name"), max_length=100)
    first_name = forms.CharField(label=_("First name"), max_length=100)


class RefereeChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj) -> str:
        return obj.get_full_name() or obj.username


class RefereeAssignForm(forms.Form):
    """Choose among the users holding the referee role who are not yet assigned."""

    referee = RefereeChoiceField(
        label=_("Referee"),
        queryset=None,
        error_messages={"invalid_choice": _("Choose a referee in the list.")},
    )
    grade = forms.ChoiceField(
        label=_("Grade"),
        required=False,
        choices=[("", _("not stated")), *RefereeAssignment.Grade.choices],
    )

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["referee"].queryset = referees_assignable(tournament)


class TournamentFilterForm(forms.Form):
    status = forms.ChoiceField(
        label=_("Status"),
        required=False,
        choices=[("", _("All statuses")), *Tournament.StatusChoice.choices],
    )

    def filter(self, queryset: QuerySet) -> QuerySet:
        status = self.cleaned_data.get("status") if self.is_valid() else ""
        return queryset.filter(status=status) if status else queryset
