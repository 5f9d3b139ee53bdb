"""Forms of the championship pages: a season's competition, a stage with its regulation
table written one row per line, a player entered by licence number, the quota."""

import re

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from apps.accounts.models import User
from apps.competitions.domain.kinds import CompetitionKind
from apps.competitions.domain.overseas import ranked_by_the_open
from apps.competitions.domain.regulation import RegulationRow
from apps.competitions.models import Competition, Stage
from apps.core.validators import no_control_characters
from apps.federation.models import Club, Committee, Licensee, Role, Zone
from apps.tournaments.forms import RefereeChoiceField
from apps.tournaments.models import RefereeAssignment

# « 15-19 : 12 » — 15 to 19 players at the first session, 12 at the second; « 15-40 »: one
# session; « 20-28 : 16, 12 »: three sessions.
ROW = re.compile(
    r"^\s*(\d{1,3})\s*[-àa]\s*(\d{1,3})\s*(?::\s*(\d{1,3}(?:\s*[,;]\s*\d{1,3})*))?\s*$"
)
MAX_ROWS = 20


def regulation_parse(text: str) -> list[RegulationRow]:
    """The rows of a regulation table written one per line; ValidationError naming each
    line that cannot be read."""
    rows, errors = [], []
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_ROWS:
        raise ValidationError(_("At most %(max)s rows.") % {"max": MAX_ROWS})
    for number, line in enumerate(lines, start=1):
        match = ROW.match(line)
        if not match:
            errors.append(
                _("Line %(number)s (“%(line)s”) reads neither “15-19” nor “15-19 : 12”.")
                % {"number": number, "line": line.strip()[:40]}
            )
            continue
        low, high, rest = match.groups()
        following = tuple(int(n) for n in re.split(r"[,;]", rest)) if rest else ()
        rows.append(RegulationRow(int(low), int(high), following))
    if errors:
        raise ValidationError(errors)
    return rows


def regulation_text(rows: list[RegulationRow]) -> str:
    return "\n".join(
        f"{r.low}-{r.high}"
        + (f" : {', '.join(map(str, r.next_sessions))}" if r.next_sessions else "")
        for r in rows
    )


class RegulationField(forms.CharField):
    widget = forms.Textarea(attrs={"rows": 4})

    def to_python(self, value):
        return regulation_parse(super().to_python(value) or "")


class ChampionForm(forms.Form):
    outgoing_champion = forms.CharField(
        label=_("Outgoing champion of France (licence number)"), required=False, max_length=10
    )

    def clean_outgoing_champion(self):
        return licensee_by_number(self.cleaned_data["outgoing_champion"])


class CompetitionForm(ChampionForm):
    kind = forms.ChoiceField(label=_("Championship"), choices=Competition.Kind.choices)
    field_order = ["kind", "outgoing_champion"]


def licensee_by_number(number: str) -> Licensee | None:
    number = (number or "").strip()
    if not number:
        return None
    licensee = Licensee.objects.select_related("club").filter(licence_number=number).first()
    if licensee is None:
        raise ValidationError(
            _("No licensee has the licence number %(number)s.") % {"number": number}
        )
    return licensee


class StageForm(forms.Form):
    level = forms.ChoiceField(label=_("Stage"), choices=Stage.Level.choices)
    name = forms.CharField(label=_("Name"), max_length=150, validators=[no_control_characters])
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    organiser = forms.ChoiceField(label=_("Organiser"))
    group = forms.ModelMultipleChoiceField(
        label=_("Committees of the group"),
        queryset=Committee.objects.none(),
        required=False,
        help_text=_("For a group of committees coordinated by the zone."),
    )
    club = forms.ModelChoiceField(label=_("Host club"), queryset=Club.objects.none())
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)
    next_stage = forms.ModelChoiceField(
        label=_("Qualifies for"), queryset=Stage.objects.none(), required=False
    )
    ranking_source = forms.ModelChoiceField(
        label=_("Qualifies by the ranking of"),
        queryset=Stage.objects.none(),
        required=False,
        help_text=_(
            "Overseas 2nd series only (art. 1): the stage is not played; its players qualify "
            "in the order of the zone's Open regional championship."
        ),
    )
    deals = forms.IntegerField(label=_("Deals per session"), min_value=1, max_value=60, initial=20)
    seating = forms.ChoiceField(
        label=_("Seating of the first session"),
        choices=[("", _("as the regulation says")), *Stage.Seating.choices],
        required=False,
        help_text=_(
            "Drawn or lines balanced by serpentine, as the regional regulation says (art. 17); "
            "drawn at the Open's regional final (art. 7). The following sessions are always "
            "seated by serpentine from the results (art. 17)."
        ),
    )
    replacements = forms.IntegerField(
        label=_("Replacements listed"), min_value=0, max_value=20, initial=2
    )
    regulation = RegulationField(
        label=_("Regulation table"),
        required=False,
        help_text=_(
            "One row per line: players present at the first session, then the players of each "
            "following session. “15-19 : 12” — 15 to 19 players, 12 play the second session; "
            "“15-40” — one session."
        ),
    )

    def __init__(self, *args, competition, committees, zones, national, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(f"committee:{c.pk}", str(c)) for c in committees]
        choices += [
            (f"zone:{z.pk}", _("group of committees, zone %(zone)s") % {"zone": z}) for z in zones
        ]
        if national:
            choices.append(("federation", _("French Tarot Federation")))
        self.fields["organiser"].choices = choices
        zone_ids = [z.pk for z in zones]
        committee_ids = [c.pk for c in committees]
        self.fields["group"].queryset = Committee.objects.filter(zone__in=zone_ids)
        clubs = Club.objects.select_related("committee")
        if not national:
            clubs = clubs.filter(
                committee__in=Committee.objects.filter(pk__in=committee_ids)
                | Committee.objects.filter(zone__in=zone_ids)
            )
        self.fields["club"].queryset = clubs
        self.fields["next_stage"].queryset = competition.stages.all()
        if not zones:
            del self.fields["group"]
        overseas = national or any(c.overseas for c in committees)
        if ranked_by_the_open(CompetitionKind(competition.kind), overseas=overseas):
            self.fields["ranking_source"].queryset = Stage.objects.filter(
                competition__season=competition.season_id, competition__kind=Competition.Kind.OPEN
            )
        else:
            del self.fields["ranking_source"]

    def clean(self):
        data = super().clean()
        organiser = data.pop("organiser", "")
        data["committee"] = data["zone"] = None
        kind, _sep, pk = organiser.partition(":")
        if kind == "committee":
            data["committee"] = Committee.objects.get(pk=pk)
        elif kind == "zone":
            data["zone"] = Zone.objects.get(pk=pk)
        if kind != "zone" or "group" not in data:
            data["group"] = []
        data["seating"] = data.get("seating") or None
        return data


class LicenceNumberForm(forms.Form):
    licensee = forms.CharField(label=_("Licence number"), max_length=10)

    def clean_licensee(self):
        return licensee_by_number(self.cleaned_data["licensee"])


class LicenceNumbersForm(forms.Form):
    """Licence numbers pasted from a list: one per line, or separated by spaces, commas or
    semicolons; each kept once, in the order given."""

    MOST = 200

    numbers = forms.CharField(
        label=_("Licence numbers"),
        widget=forms.Textarea(attrs={"rows": 6}),
        max_length=MOST * 12,
        help_text=_("One per line, or separated by spaces or commas: 200 at most."),
    )

    def clean_numbers(self) -> list[str]:
        numbers = list(dict.fromkeys(re.split(r"[\s,;]+", self.cleaned_data["numbers"].strip())))
        numbers = [number for number in numbers if number]
        if not numbers:
            raise ValidationError(_("Paste at least one licence number."))
        if len(numbers) > self.MOST:
            raise ValidationError(
                _("%(count)s licence numbers: %(most)s at most at once.")
                % {"count": len(numbers), "most": self.MOST}
            )
        return numbers


class QuotaGridForm(forms.Form):
    """The season's quotas in one grid: a box per stage that qualifies for another, left
    empty while its quota is not decided."""

    def __init__(self, stages, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.stages = stages
        for stage in stages:
            self.fields[f"quota-{stage.pk}"] = forms.IntegerField(
                label=stage.name,
                required=False,
                min_value=0,
                max_value=500,
                initial=stage.quota,
                disabled=stage.closed_at is not None,
            )

    def quotas(self) -> dict:
        return {stage: self.cleaned_data[f"quota-{stage.pk}"] for stage in self.stages}

    def rows(self):
        """(stage, its box) in the grid's order."""
        return [(stage, self[f"quota-{stage.pk}"]) for stage in self.stages]


class QuotaForm(forms.Form):
    quota = forms.IntegerField(label=_("Players qualified"), min_value=0, max_value=500)


class StageChampionForm(forms.Form):
    outgoing_champion = forms.CharField(
        label=_("Outgoing champion (licence number)"), required=False, max_length=10
    )

    def clean_outgoing_champion(self):
        return licensee_by_number(self.cleaned_data["outgoing_champion"])


class DerogationForm(forms.Form):
    referee_derogation = forms.CharField(
        label=_("Derogation for a referee without the regional grade"),
        required=False,
        max_length=200,
    )


class RegulationForm(forms.Form):
    deals = forms.IntegerField(label=_("Deals per session"), min_value=1, max_value=60)
    rows = RegulationField(
        label=_("Regulation table"), help_text=StageForm.base_fields["regulation"].help_text
    )


class StageRefereeForm(forms.Form):
    referee = RefereeChoiceField(
        label=_("Referee"),
        queryset=User.objects.filter(role_assignments__role=Role.REFEREE).distinct(),
        error_messages={"invalid_choice": _("Choose a referee in the list.")},
    )
    grade = forms.ChoiceField(label=_("Grade"), choices=RefereeAssignment.Grade.choices)


class NationalOrderForm(forms.Form):
    national_order = forms.CharField(
        label=_("National ranking order (licence numbers, best first)"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=2000,
    )

    def clean_national_order(self):
        numbers = re.split(r"[\s,;]+", self.cleaned_data["national_order"].strip())
        return [licensee_by_number(n) for n in numbers if n]
