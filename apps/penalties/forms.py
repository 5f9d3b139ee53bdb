"""Forms of the incidents page: the choices come from the session's catalogue and stored
movement; the service checks the rules of a ruling and the referee's rights."""

import unicodedata
from dataclasses import dataclass

from django import forms
from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.core.forms import FrenchDecimalField
from apps.core.values import whole_number
from apps.movements.models import MovementTable
from apps.movements.printing import seat_name
from apps.penalties.models import Adjustment, Fault, FaultySide, PlayersNote
from apps.penalties.selectors import catalogue_for
from apps.penalties.services import LATENESS_CODE
from apps.tournaments.models import Registration, Session

NONE = "none"  # an override to "nothing", where the empty value keeps the catalogue's
AS_CATALOGUE = ("", gettext_lazy("as in the catalogue"))
SERVICE_FIELDS = {"table": "place", "etui": "place"}  # the service's names for the place


def folded(text: str) -> str:
    """Text without accents or case, to search French wording as typed."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@dataclass(frozen=True)
class IncidentChoices:
    """What a ruling is chosen from: the faults of the session's catalogue and the tables
    in play or played, with their players, in a constant number of queries."""

    faults: list[Fault]
    tables: list[MovementTable]

    @classmethod
    def of(cls, session: Session) -> "IncidentChoices":
        catalogue = catalogue_for(session.tournament)
        faults = list(catalogue.faults.all()) if catalogue else []
        tables = list(
            MovementTable.objects.filter(
                movement__session=session, sequence__lte=F("movement__current_position")
            )
            .prefetch_related("places__registration__licensee")
            .order_by("-sequence", "section", "table")
        )
        return cls(faults, tables)

    def faults_matching(self, query: str) -> list[Fault]:
        words = folded(query).split()
        return [
            fault
            for fault in self.faults
            if all(word in folded(f"{fault.label} {fault.sanction} {fault.code}") for word in words)
        ]

    def table(self, pk: int) -> MovementTable | None:
        return next((table for table in self.tables if table.pk == pk), None)

    def seated(self, table: MovementTable | None = None) -> list[tuple[Registration, str]]:
        """The four players of a table with their seat, else every seated player."""
        if table is not None:
            places = sorted(table.places.all(), key=lambda place: place.seat)
            return [
                (p.registration, f"{p.registration.licensee.full_name} · {seat_name(p.seat)}")
                for p in places
                if p.registration
            ]
        players = {
            place.registration.pk: place.registration
            for table in self.tables
            for place in table.places.all()
            if place.registration
        }
        ordered = sorted(players.values(), key=lambda r: r.licensee.full_name.casefold())
        return [(registration, registration.licensee.full_name) for registration in ordered]


def _place_value(table: MovementTable, etui: int) -> str:
    return f"{table.pk}:{etui}"


def _place_label(table: MovementTable, etui: int, sections: bool) -> str:
    values = {"table": table.table, "etui": etui, "section": table.section}
    if sections:
        return _("%(section)s · table %(table)s · étui %(etui)s") % values
    return _("Table %(table)s · étui %(etui)s") % values


def _overridable(choices) -> list:
    """A catalogue's choices as overrides: empty keeps the catalogue's, "none" clears it."""
    return [AS_CATALOGUE, *((value or NONE, label) for value, label in choices)]


class IncidentForm(forms.Form):
    service_fields = SERVICE_FIELDS  # the service's refusals on the fields they are about
    fault = forms.TypedChoiceField(label=gettext_lazy("Fault or incident"), coerce=int)
    place = forms.ChoiceField(label=gettext_lazy("Table and étui"), required=False)
    players = forms.TypedMultipleChoiceField(
        label=gettext_lazy("Players concerned"),
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    minutes_late = forms.IntegerField(
        label=gettext_lazy("Minutes late"),
        min_value=0,
        required=False,
        help_text=gettext_lazy(
            "For lateness only: 0.5 percentage point per started 5 minutes; beyond 15 minutes "
            "the player is declared forfeit and replaced."
        ),
    )
    public_reason = forms.CharField(
        label=gettext_lazy("Reason shown to the players"),
        max_length=300,
        required=False,
        help_text=gettext_lazy("Printed on the players' sheets and results."),
    )
    note = forms.CharField(
        label=gettext_lazy("Referee's note"),
        widget=forms.Textarea,
        required=False,
        help_text=gettext_lazy("For the referee and the file only: never printed."),
    )
    penalty_percent = FrenchDecimalField(
        label=gettext_lazy("Penalty (percentage points)"),
        min_value=0,
        max_value=100,
        decimal_places=2,
        required=False,
        help_text=gettext_lazy("Leave empty for the catalogue's penalty."),
    )
    adjustment = forms.ChoiceField(
        label=gettext_lazy("Adjusted score"),
        choices=_overridable(Adjustment.choices),
        required=False,
    )
    faulty_side = forms.ChoiceField(
        label=gettext_lazy("Faulty side"),
        choices=[
            AS_CATALOGUE,
            (FaultySide.TAKER, FaultySide.TAKER.label),
            (FaultySide.DEFENSE, FaultySide.DEFENSE.label),
        ],
        required=False,
    )
    players_note = forms.ChoiceField(
        label=gettext_lazy("Note of the players concerned"),
        choices=_overridable(PlayersNote.choices),
        required=False,
    )
    override_reason = forms.CharField(
        label=gettext_lazy("Reason for departing from the catalogue"),
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
    )

    def __init__(self, *args, choices: IncidentChoices, **kwargs):
        super().__init__(*args, **kwargs)
        self.choices = choices
        self.fields["fault"].choices = [(fault.pk, fault.label) for fault in choices.faults]
        sections = len({table.section for table in choices.tables}) > 1
        by_position: dict[int, list] = {}
        for table in choices.tables:
            by_position.setdefault(table.position, []).extend(
                (_place_value(table, etui), _place_label(table, etui, sections))
                for etui in table.etuis
            )
        self.fields["place"].choices = [
            ("", _("No table (a fault of the session, such as lateness)")),
            *((_("Position %(position)s") % {"position": p}, c) for p, c in by_position.items()),
        ]
        self.fields["players"].choices = [
            (registration.pk, label) for registration, label in choices.seated()
        ]

    # --- what the page shows while the referee types --------------------------------

    def chosen_table(self) -> MovementTable | None:
        value = (self.data.get("place") if self.is_bound else "") or ""
        table_pk, _sep, _etui = value.partition(":")
        table = whole_number(table_pk)
        return None if table is None else self.choices.table(table)

    def player_options(self) -> list[tuple[int, str, bool]]:
        """(id, label, checked) of the players to choose from at the chosen table."""
        checked = set(self.data.getlist("players")) if self.is_bound else set()
        return [
            (registration.pk, label, str(registration.pk) in checked)
            for registration, label in self.choices.seated(self.chosen_table())
        ]

    def fault_options(self, query: str = "") -> list[tuple[Fault, bool]]:
        chosen = self.data.get("fault") if self.is_bound else None
        return [(f, str(f.pk) == chosen) for f in self.choices.faults_matching(query)]

    # --- cleaning --------------------------------------------------------------------

    def clean_fault(self) -> Fault:
        pk = self.cleaned_data["fault"]
        return next(fault for fault in self.choices.faults if fault.pk == pk)

    def clean_place(self) -> tuple[MovementTable | None, int | None]:
        value = self.cleaned_data["place"]
        if not value:
            return None, None
        table_pk, _sep, etui = value.partition(":")
        return self.choices.table(int(table_pk)), int(etui)

    def clean(self):
        cleaned = super().clean()
        fault = cleaned.get("fault")
        if cleaned.get("minutes_late") is not None and fault and fault.code != LATENESS_CODE:
            self.add_error("minutes_late", _("Minutes late are given for lateness only."))
        table, _etui = cleaned.get("place") or (None, None)
        if "players" in cleaned:
            allowed = {
                registration.pk: registration for registration, _l in self.choices.seated(table)
            }
            if any(pk not in allowed for pk in cleaned["players"]):
                self.add_error("players", _("Choose the players among the four at that table."))
            else:
                cleaned["players"] = [allowed[pk] for pk in cleaned["players"]]
        for name in ("adjustment", "faulty_side", "players_note"):
            value = cleaned.get(name)
            cleaned[name] = None if not value else "" if value == NONE else value
        return cleaned

    def ruling(self) -> dict:
        """The keyword arguments of ``incident_record``."""
        data = dict(self.cleaned_data)
        data["table"], data["etui"] = data.pop("place")
        return data

    def forfeit(self) -> bool:
        """Whether the ruling was refused because the player is forfeit (article 18)."""
        errors = self.errors.as_data().get("minutes_late", [])
        return any(error.code == "forfeit" for error in errors)


class IncidentCancelForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Reason for cancelling"),
        widget=forms.Textarea(attrs={"rows": 2}),
        error_messages={"required": gettext_lazy("Give the reason for cancelling.")},
    )
