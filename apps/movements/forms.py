"""Forms of the movement page; the services check the rules and the permissions."""

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from apps.federation.domain.licences import InvalidLicenceNumber, licence_number_normalize
from apps.federation.forms import LicenseeSearchForm
from apps.federation.models import Licensee
from apps.movements.domain.room import MAX_TABLES, MIN_TABLES
from apps.movements.models import SessionMovement
from apps.movements.selectors import Spot, spot_label
from apps.movements.services import SEED_BITS
from apps.tournaments.models import Registration

NAMED_AT_MOST = 5  # the homonyms a refused name lists


class LicenceField(forms.CharField):
    """A licence number, or a name that one licensee alone bears, cleaned to the licensee
    (the substitute found by name at the door); homonyms are listed with their licence."""

    def __init__(self, *, tournament=None, **kwargs):
        kwargs.setdefault("label", _("Licence number or name"))
        super().__init__(max_length=100, **kwargs)
        self.tournament = tournament  # its guests without a licence are found by name too

    def clean(self, value):
        value = super().clean(value)
        if not value and not self.required:
            return None
        if any(character.isalpha() for character in value):
            return self._by_name(value)
        try:
            number = licence_number_normalize(value)
        except InvalidLicenceNumber as exc:
            raise forms.ValidationError(str(exc)) from exc
        licensee = Licensee.objects.filter(licence_number=number).first()
        if licensee is None:
            raise forms.ValidationError(
                _("No licensee holds the licence number %(number)s.") % {"number": number}
            )
        return licensee

    def _by_name(self, value: str) -> Licensee:
        search = LicenseeSearchForm({"q": value})
        registered = Registration.objects.filter(tournament=self.tournament)
        people = Licensee.people.filter(
            Q(guest=False) | Q(guest=True, pk__in=registered.values("licensee_id"))
        )
        found = list(search.filter(people.order_by("last_name", "first_name"))[:6])
        if not found:
            raise forms.ValidationError(_("No licensee is named « %(name)s ».") % {"name": value})
        if len(found) > 1:
            named = ", ".join(str(licensee) for licensee in found[:NAMED_AT_MOST])
            raise forms.ValidationError(
                _("Several licensees match « %(name)s »: %(named)s. Type the licence number.")
                % {"name": value, "named": named}
            )
        return found[0]


class MovementGenerateForm(forms.Form):
    tables = forms.IntegerField(label=_("Tables"), min_value=MIN_TABLES, max_value=MAX_TABLES)
    type = forms.ChoiceField(
        label=_("Movement"),
        choices=[("", _("as the regulation advises")), *SessionMovement.Type.choices],
        required=False,
    )
    variant = forms.ChoiceField(
        label=_("Variant"),
        choices=SessionMovement.Variant.choices,
        required=False,
        help_text=_(
            "What the regulation also offers: 17 or 19 tables as one tournament, the "
            "duplication position 0 at 6 tables, the 4th étui of the Howell 3 tables."
        ),
    )
    positions = forms.IntegerField(
        label=_("Positions"),
        min_value=1,
        required=False,
        help_text=_("Leave empty to play every position the movement allows."),
    )
    method = forms.ChoiceField(
        label=_("Seating"),
        choices=[(m.value, m.label) for m in SessionMovement.GENERATED_METHODS],
        initial=SessionMovement.Method.DRAW,
    )
    seed = forms.IntegerField(
        label=_("Draw number"),
        min_value=0,
        max_value=2**SEED_BITS - 1,
        required=False,
        help_text=_("Leave empty for a new draw; give a previous number to repeat it."),
    )
    champion = LicenceField(
        label=_("Outgoing champion"),
        required=False,
        help_text=_("The outgoing champion sits Nord at table 1 (article 17)."),
    )


class SpotField(forms.TypedChoiceField):
    def __init__(self, *, spots, **kwargs):
        super().__init__(
            choices=[(spot.key, spot_label(spot, holder)) for spot, holder in spots],
            coerce=Spot.from_key,
            **kwargs,
        )


class PlayersSwapForm(forms.Form):
    def __init__(self, *args, spots, tournament=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first"] = SpotField(spots=spots, label=_("First place"))
        self.fields["second"] = SpotField(spots=spots, label=_("Second place"))


class LateArrivalForm(forms.Form):
    def __init__(self, *args, spots, tournament=None, **kwargs):
        super().__init__(*args, **kwargs)
        vacant = [(spot, holder) for spot, holder in spots if holder is None]
        self.fields["spot"] = SpotField(spots=vacant, label=_("Vacant place"))
        self.fields["licensee"] = LicenceField(tournament=tournament)


class PlayerReplaceForm(forms.Form):
    def __init__(self, *args, spots, tournament=None, **kwargs):
        super().__init__(*args, **kwargs)
        seated = [(spot, holder) for spot, holder in spots if holder is not None]
        self.fields["spot"] = SpotField(spots=seated, label=_("Absent player"))
        self.fields["licensee"] = LicenceField(
            tournament=tournament,
            help_text=_("The substitute's licence number or name (article 18)."),
        )
