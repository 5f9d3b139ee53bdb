"""Forms of the other games' pages: drawing belote's rounds and writing a deal on a
match's sheet; writing a deal on a free-play tarot table's sheet."""

from django import forms
from django.utils.translation import gettext_lazy as _

from apps.core.forms import FrenchDecimalField
from apps.games.domain import belote
from apps.games.domain.pinochle import TICKET_BUNDLES
from apps.games.domain.round_clock import MAX_MINUTES
from apps.games.models import BeloteDeal, PinochleHand
from apps.games.services import ROUND_ROBIN, STANDINGS
from apps.scoring.domain.deal import Contract
from apps.scoring.forms import LineForm
from apps.tournaments.models import Registration


class DrawForm(forms.Form):
    pairing = forms.ChoiceField(
        label=_("Pairing"),
        choices=[
            (ROUND_ROBIN, _("round robin: every round at once, each player meets every other")),
            (STANDINGS, _("next round paired by the standings")),
        ],
    )


def _line_number() -> forms.IntegerField:
    """The number of the line the page shows next (deal, hand), sent with the line so that
    a line sent twice is written once (``services._line_sent_again``); the page writes it
    from the sheet it shows, not from what was posted."""
    return forms.IntegerField(label=_("Line number"), min_value=1, widget=forms.HiddenInput)


def _points(label) -> forms.IntegerField:
    return forms.IntegerField(label=label, min_value=0, max_value=999, initial=0)


class DealForm(forms.Form):
    """A deal as the sheet writes it; ``first`` and ``second`` are the players' names."""

    contract = forms.ChoiceField(label=_("Contract"), choices=BeloteDeal.ContractChoice.choices)
    chooser = forms.TypedChoiceField(label=_("Playing player"), coerce=int, empty_value=None)
    tricks_first = _points(_("Card points"))
    tricks_second = _points(_("Card points"))
    last_trick = forms.TypedChoiceField(label=_("Last trick"), coerce=int)
    combinations_by = forms.TypedChoiceField(
        label=_("Combinations written by"), coerce=int, empty_value=None, required=False
    )
    combinations = _points(_("Combinations"))
    belotes_first = forms.IntegerField(label=_("Belotes"), min_value=0, max_value=4, initial=0)
    belotes_second = forms.IntegerField(label=_("Belotes"), min_value=0, max_value=4, initial=0)
    took_trick_first = forms.BooleanField(label=_("Took a trick"), required=False)
    took_trick_second = forms.BooleanField(label=_("Took a trick"), required=False)
    finish = forms.TypedChoiceField(
        label=_("« Finish » declared by"), coerce=int, empty_value=None, required=False
    )
    number = _line_number()

    def __init__(self, *args, first: str, second: str, **kwargs):
        super().__init__(*args, **kwargs)
        players = [(0, first), (1, second)]
        self.fields["chooser"].choices = [("", _("nobody (all pass)")), *players]
        self.fields["chooser"].required = False
        self.fields["last_trick"].choices = players
        self.fields["finish"].choices = [("", _("nobody")), *players]
        self.fields["combinations_by"].choices = [("", _("nobody")), *players]

    def clean(self):
        data = super().clean()
        if data.get("combinations") and data.get("combinations_by") is None:
            self.add_error(
                "combinations_by",
                _("Name the player who writes the combinations: one player only writes them."),
            )
        return data

    def _took_a_trick(self) -> tuple[bool, bool] | None:
        """In an all-pass round, who took a trick: ticked, or shown by the points and the
        last trick."""
        data = self.cleaned_data
        if data["contract"] != belote.Contract.ALL_PASS:
            return None
        tricks = (data["tricks_first"], data["tricks_second"])
        ticked = (data["took_trick_first"], data["took_trick_second"])
        return tuple(
            ticked[player] or belote.trick_shown(tricks, data["last_trick"], player)
            for player in belote.PLAYERS
        )

    def entry(self) -> dict:
        """The deal as ``belote_deal_add`` takes it."""
        data = self.cleaned_data
        combinations = [0, 0]
        if data["combinations_by"] is not None:
            combinations[data["combinations_by"]] = data["combinations"]
        return {
            "contract": data["contract"],
            "chooser": data["chooser"],
            "tricks": (data["tricks_first"], data["tricks_second"]),
            "last_trick": data["last_trick"],
            "combinations": tuple(combinations),
            "belotes": (data["belotes_first"], data["belotes_second"]),
            "finish": data["finish"],
            "took_a_trick": self._took_a_trick(),
            "number": data["number"],
        }


class FreeDealForm(LineForm):
    """A free-play deal: the taker, the partner called at 5, the contract and the deal's
    details (as duplicate's detail form takes them)."""

    taker = forms.ModelChoiceField(label=_("Taker"), queryset=Registration.objects.none())
    partner = forms.ModelChoiceField(
        label=_("Partner called"),
        queryset=Registration.objects.none(),
        required=False,
        empty_label=_("nobody (the taker called himself)"),
    )
    contract = forms.ChoiceField(
        label=_("Contract"),
        choices=[
            (Contract.PRISE, _("Prise")),
            (Contract.GARDE, _("Garde")),
            (Contract.GARDE_SANS, _("Garde sans")),
            (Contract.GARDE_CONTRE, _("Garde contre")),
        ],
        initial=Contract.GARDE,
    )
    number = _line_number()

    field_order = ["taker", "partner", "contract", "bouts", "points"]

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["score"]
        self.players = list(players)
        choices = Registration.objects.filter(pk__in=[p.pk for p in self.players])
        for name in ("taker", "partner"):
            self.fields[name].queryset = choices
            self.fields[name].label_from_instance = lambda r: r.licensee.full_name
        if len(self.players) != 5:
            del self.fields["partner"]

    def deal_terms(self, data) -> dict:
        return {"contract": data["contract"], "players": len(self.players)}

    def clean(self):
        data = super().clean()
        if not self.errors and data.get("deal") is None:
            raise forms.ValidationError(_("Give the taker's bouts and points."))
        return data

    def entry(self) -> dict:
        data = self.cleaned_data
        return {
            "taker": data["taker"],
            "partner": data.get("partner"),
            "deal": data["deal"],
            "number": data["number"],
        }


class TeamForm(forms.Form):
    first = forms.ModelChoiceField(label=_("Player"), queryset=Registration.objects.none())
    second = forms.ModelChoiceField(label=_("Partner"), queryset=Registration.objects.none())

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.queryset = Registration.objects.filter(pk__in=[p.pk for p in players])
            field.label_from_instance = lambda r: r.licensee.full_name


class HandForm(forms.Form):
    """A pinochle hand as the score sheet writes it: « A » and « B » are the two teams."""

    bidder = forms.TypedChoiceField(label=_("Bidding team"), coerce=int)
    bid = forms.IntegerField(label=_("Bid"), min_value=50, max_value=999, initial=50)
    meld_a = forms.IntegerField(label=_("Meld, A"), min_value=0, max_value=9999, initial=0)
    meld_b = forms.IntegerField(label=_("Meld, B"), min_value=0, max_value=9999, initial=0)
    tricks_a = forms.IntegerField(label=_("Trick points, A"), min_value=0, max_value=50, initial=0)
    tricks_b = forms.IntegerField(label=_("Trick points, B"), min_value=0, max_value=50, initial=0)
    outcome = forms.ChoiceField(label=_("Outcome"), choices=PinochleHand.OutcomeChoice.choices)
    team = forms.TypedChoiceField(
        label=_("Team reneging or taking every trick"), coerce=int, empty_value=None,
        required=False,
    )  # fmt: skip
    number = _line_number()

    def __init__(self, *args, a: str, b: str, **kwargs):
        super().__init__(*args, **kwargs)
        teams = [(0, f"A · {a}"), (1, f"B · {b}")]
        self.fields["bidder"].choices = teams
        self.fields["team"].choices = [("", _("none")), *teams]

    def entry(self) -> dict:
        data = self.cleaned_data
        return {
            "bidder": data["bidder"],
            "bid": data["bid"],
            "meld": (data["meld_a"], data["meld_b"]),
            "tricks": (data["tricks_a"], data["tricks_b"]),
            "outcome": data["outcome"],
            "team": data["team"],
            "number": data["number"],
        }


class ExtrasForm(forms.Form):
    set_cup = FrenchDecimalField(
        label=_("Set cup: each player of a team set puts in (€)"),
        min_value=0,
        max_value=100,
        decimal_places=2,
        required=False,
        help_text=_("Leave it empty for no set cup."),
    )
    specials = forms.BooleanField(label=_("Specials' drawing"), required=False)
    fifty_fifty = forms.BooleanField(label=_("50/50 drawing"), required=False)

    def entry(self) -> dict:
        amount = self.cleaned_data["set_cup"]
        return {
            "set_cup_cents": None if amount is None else int(amount * 100),
            "specials": self.cleaned_data["specials"],
            "fifty_fifty": self.cleaned_data["fifty_fifty"],
        }


class TicketSaleForm(forms.Form):
    """Tickets of the 50/50 sold between rounds, at the rules' prices."""

    buyer = forms.CharField(label=_("Buyer"), max_length=80)
    bundle = forms.TypedChoiceField(label=_("Tickets"), coerce=int)
    bundles = forms.IntegerField(label=_("Bundles"), min_value=1, max_value=50, initial=1)
    round_number = forms.IntegerField(label=_("After round"), min_value=0, max_value=8)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        bundle = _("%(tickets)s for %(euros)s €")
        self.fields["bundle"].choices = [
            (tickets, bundle % {"tickets": tickets, "euros": cents // 100})
            for tickets, cents in TICKET_BUNDLES.items()
        ]


class SpecialForm(forms.Form):
    registration = forms.ModelChoiceField(label=_("Player"), queryset=Registration.objects.none())
    round_number = forms.IntegerField(label=_("Round"), min_value=1, max_value=8)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["registration"]
        field.queryset = Registration.objects.filter(pk__in=[p.pk for p in players])
        field.label_from_instance = lambda r: r.licensee.full_name


class SheetSpecialForm(SpecialForm):
    """A special entered from a round's sheet: one of the table's players, in its round."""

    round_number = None


class RoundClockForm(forms.Form):
    round_number = forms.IntegerField(label=_("Round"), min_value=1, widget=forms.HiddenInput)
    minutes = forms.IntegerField(label=_("Minutes"), min_value=1, max_value=MAX_MINUTES)


class PrizesForm(forms.Form):
    prizes = forms.CharField(
        label=_("Prizes, one a line, the first place's first"),
        widget=forms.Textarea(attrs={"rows": 5}),
        required=False,
        max_length=5000,
    )

    def labels(self) -> list[str]:
        return self.cleaned_data["prizes"].splitlines()
