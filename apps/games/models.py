"""What the other games' sheets record. Belote: the matches of each round (two
registrations, or one with the bye) and their deals as the score sheet writes them; the
points, bides and totals are computed from them (apps.games.domain.belote)."""

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.games.domain.belote import Contract
from apps.games.domain.pinochle import fifty_fifty
from apps.games.domain.round_clock import clock_end, minutes_left
from apps.tournaments.models import Registration, Tournament


class BeloteMatch(models.Model):
    """A match of a round: ``first`` against ``second`` at a table, or ``first`` alone with
    the bye (no table, no deal). A submitted sheet is locked: only the tournament's
    director (the room's referees) reopens it, with a reason."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="belote_matches"
    )
    round = models.PositiveSmallIntegerField(_("round"))
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    first = models.ForeignKey(
        Registration, verbose_name=_("player"), on_delete=models.PROTECT, related_name="+"
    )
    second = models.ForeignKey(
        Registration,
        verbose_name=_("opponent"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    submitted_at = models.DateTimeField(_("submitted at"), null=True, blank=True)
    # The code a player's phone opens the sheet with, printed on the round assignments.
    code = models.CharField(_("code"), max_length=8, unique=True, null=True, blank=True)
    # The player (0: ``first``, 1: ``second``) who left the match or forfeited it, and why.
    left_by = models.PositiveSmallIntegerField(_("left by"), null=True, blank=True)
    left_reason = models.CharField(_("why"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("belote match")
        verbose_name_plural = _("belote matches")
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "table"], name="unique_belote_table"
            ),
            models.UniqueConstraint(
                fields=["tournament", "round", "first"], name="unique_belote_first"
            ),
        ]

    def __str__(self) -> str:
        return _("round %(round)s, table %(table)s") % {"round": self.round, "table": self.table}

    @property
    def bye(self) -> bool:
        return self.second_id is None


class BeloteDeal(models.Model):
    """A deal of a match's sheet; players are 0 (``first``) and 1 (``second``)."""

    class ContractChoice(models.TextChoices):
        TRUMP = Contract.TRUMP, _("trump suit")
        ALL_TRUMPS = Contract.ALL_TRUMPS, _("all trumps")
        NO_TRUMPS = Contract.NO_TRUMPS, _("no trumps (doubled)")
        ALL_PASS = Contract.ALL_PASS, _("all pass")

    match = models.ForeignKey(BeloteMatch, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField(_("deal"))
    contract = models.CharField(_("contract"), max_length=12, choices=ContractChoice.choices)
    chooser = models.PositiveSmallIntegerField(_("playing player"), null=True, blank=True)
    tricks_first = models.PositiveSmallIntegerField(_("tricks, player"))
    tricks_second = models.PositiveSmallIntegerField(_("tricks, opponent"))
    last_trick = models.PositiveSmallIntegerField(_("last trick"))
    combinations_first = models.PositiveSmallIntegerField(_("combinations, player"), default=0)
    combinations_second = models.PositiveSmallIntegerField(_("combinations, opponent"), default=0)
    belotes_first = models.PositiveSmallIntegerField(_("belotes, player"), default=0)
    belotes_second = models.PositiveSmallIntegerField(_("belotes, opponent"), default=0)
    finish = models.PositiveSmallIntegerField(_("finish declared by"), null=True, blank=True)
    # In an all-pass round, whether each player took a trick (a trick of sevens, eights and
    # nines shows no points); None in a deal played to a contract.
    took_trick_first = models.BooleanField(_("took a trick, player"), null=True, blank=True)
    took_trick_second = models.BooleanField(_("took a trick, opponent"), null=True, blank=True)

    class Meta:
        verbose_name = _("belote deal")
        verbose_name_plural = _("belote deals")
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="unique_belote_deal")
        ]

    def __str__(self) -> str:
        return _("deal %(number)s") % {"number": self.number}


class FreeTable(models.Model):
    """A table of a free-play tarot round (« partie libre », « tournoi libre »): its
    players, seated in order, and its deals."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="free_tables")
    round = models.PositiveSmallIntegerField(_("round"))
    number = models.PositiveSmallIntegerField(_("table"))
    players = models.ManyToManyField(Registration, through="FreeSeat", related_name="+")
    # The code a player's phone opens the sheet with, printed on the round assignments.
    code = models.CharField(_("code"), max_length=8, unique=True, null=True, blank=True)

    class Meta:
        verbose_name = _("free-play table")
        verbose_name_plural = _("free-play tables")
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "number"], name="unique_free_table"
            )
        ]

    def __str__(self) -> str:
        return _("round %(round)s, table %(table)s") % {"round": self.round, "table": self.number}


class FreeSeat(models.Model):
    table = models.ForeignKey(FreeTable, on_delete=models.CASCADE, related_name="seats")
    registration = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+")
    order = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["order"]
        constraints = [
            models.UniqueConstraint(fields=["table", "registration"], name="unique_free_seat")
        ]

    def __str__(self) -> str:
        return f"{self.table}: {self.registration.licensee.full_name}"


class FreeDeal(models.Model):
    """A deal of a free-play table, as the rules score it (apps.scoring.domain.deal): the
    taker, the partner called at 5 (none: the taker called himself), and the deal."""

    table = models.ForeignKey(FreeTable, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField(_("deal"))
    taker = models.ForeignKey(
        Registration, verbose_name=_("taker"), on_delete=models.PROTECT, related_name="+"
    )
    partner = models.ForeignKey(
        Registration,
        verbose_name=_("partner"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    deal = models.JSONField(_("deal's details"))

    class Meta:
        verbose_name = _("free-play deal")
        verbose_name_plural = _("free-play deals")
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="unique_free_deal")]

    def __str__(self) -> str:
        return _("deal %(number)s") % {"number": self.number}


class PinochleTeam(models.Model):
    """A team of two of a pinochle tournament, with the number it drew (« 1A », « 3B »):
    « A » teams keep their table, « B » teams move up one table each round."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="pinochle_teams"
    )
    first = models.ForeignKey(
        Registration, verbose_name=_("player"), on_delete=models.PROTECT, related_name="+"
    )
    second = models.ForeignKey(
        Registration, verbose_name=_("partner"), on_delete=models.PROTECT, related_name="+"
    )
    number = models.CharField(_("number drawn"), max_length=4, blank=True)

    class Meta:
        verbose_name = _("pinochle team")
        verbose_name_plural = _("pinochle teams")
        ordering = ["number", "pk"]

    def __str__(self) -> str:
        players = f"{self.first.licensee.full_name} & {self.second.licensee.full_name}"
        return f"{self.number or '—'} {players}"


class PinochleGame(models.Model):
    """A round's game at a table: the « A » team against the « B » team, or the « B »
    team alone with the bye. A submitted sheet is locked: only the tournament's director
    reopens it, with a reason."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="pinochle_games"
    )
    round = models.PositiveSmallIntegerField(_("round"))
    table = models.PositiveSmallIntegerField(_("table"))
    team_a = models.ForeignKey(
        PinochleTeam, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    team_b = models.ForeignKey(PinochleTeam, on_delete=models.PROTECT, related_name="+")
    time_called = models.BooleanField(_("time called"), default=False)
    submitted_at = models.DateTimeField(_("submitted at"), null=True, blank=True)
    # The code a player's phone opens the sheet with, printed on the round assignments.
    code = models.CharField(_("code"), max_length=8, unique=True, null=True, blank=True)
    # « At the end of the round one score sheet will be selected, signed by the scorekeeper
    # and countersigned by one opponent »: the team whose scorekeeper signed (« a », « b »)
    # and each one's phone (its device token, apps.movements.phones).
    signed_side = models.CharField(_("signed by the scorekeeper of"), max_length=1, blank=True)
    signed_device = models.CharField(_("signed from the phone"), max_length=32, blank=True)
    countersigned_device = models.CharField(
        _("countersigned from the phone"), max_length=32, blank=True
    )
    # The team (0: « A », 1: « B ») that left the round or forfeited it, and why.
    left_by = models.PositiveSmallIntegerField(_("left by"), null=True, blank=True)
    left_reason = models.CharField(_("why"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("pinochle game")
        verbose_name_plural = _("pinochle games")
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "table"], name="unique_pinochle_table"
            )
        ]

    def __str__(self) -> str:
        return _("round %(round)s, table %(table)s") % {"round": self.round, "table": self.table}

    @property
    def bye(self) -> bool:
        return self.team_a_id is None


class PinochleHand(models.Model):
    """A hand of a game's sheet; teams are 0 (« A ») and 1 (« B »). It counts once both
    teams' scorekeepers have confirmed it, from two phones when they confirm from theirs
    (each phone recorded by its device, apps.movements.phones)."""

    class OutcomeChoice(models.TextChoices):
        PLAYED = "played", _("played")
        NO_MARRIAGE = "no_marriage", _("no marriage: board set")
        CANNOT_MAKE_BOARD = "cannot_make_board", _("cannot make board: board set")
        RENEGE = "renege", _("renege")
        BOSTON = "boston", _("Boston")

    game = models.ForeignKey(PinochleGame, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField(_("hand"))
    bidder = models.PositiveSmallIntegerField(_("bidding team"))
    bid = models.PositiveSmallIntegerField(_("bid"))
    meld_a = models.PositiveSmallIntegerField(_("meld, A"))
    meld_b = models.PositiveSmallIntegerField(_("meld, B"))
    tricks_a = models.PositiveSmallIntegerField(_("trick points, A"), default=0)
    tricks_b = models.PositiveSmallIntegerField(_("trick points, B"), default=0)
    outcome = models.CharField(_("outcome"), max_length=20, choices=OutcomeChoice.choices)
    team = models.PositiveSmallIntegerField(_("team reneging or taking every trick"), null=True)
    confirmed_a = models.BooleanField(_("confirmed by A's scorekeeper"), default=False)
    confirmed_b = models.BooleanField(_("confirmed by B's scorekeeper"), default=False)
    device_a = models.CharField(_("A confirmed from the phone"), max_length=32, blank=True)
    device_b = models.CharField(_("B confirmed from the phone"), max_length=32, blank=True)

    class Meta:
        verbose_name = _("pinochle hand")
        verbose_name_plural = _("pinochle hands")
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="unique_pinochle_hand")
        ]

    def __str__(self) -> str:
        return _("hand %(number)s") % {"number": self.number}

    @property
    def confirmed(self) -> bool:
        return self.confirmed_a and self.confirmed_b


class PinochleExtras(models.Model):
    """The optional features of a pinochle tournament (« SET CUP », « SPECIALS »): the
    amount each player of a team that goes set puts in the cup, and the specials'
    drawing, whose seed is kept so that anyone can draw the same name again."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="pinochle_extras"
    )
    set_cup_cents = models.PositiveIntegerField(
        _("set cup, per player of a team set (cents)"), null=True, blank=True
    )
    specials = models.BooleanField(_("specials drawing"), default=False)
    seed = models.BigIntegerField(_("drawing's seed"), null=True, blank=True)
    winner = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    drawn_at = models.DateTimeField(_("drawn at"), null=True, blank=True)
    fifty_fifty = models.BooleanField(_("50/50 drawing"), default=False)
    fifty_seed = models.BigIntegerField(_("50/50 drawing's seed"), null=True, blank=True)
    fifty_ticket = models.PositiveIntegerField(_("ticket drawn"), null=True, blank=True)
    fifty_drawn_at = models.DateTimeField(_("50/50 drawn at"), null=True, blank=True)

    class Meta:
        verbose_name = _("pinochle extras")
        verbose_name_plural = _("pinochle extras")

    def __str__(self) -> str:
        return str(self.tournament)


class PinochleSpecial(models.Model):
    """A name in the specials' container: a player dealt a special (double run, double
    aces… or triple pinochle), or each player of a team that pulls a Boston (``hand``)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="pinochle_specials"
    )
    registration = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+")
    round = models.PositiveSmallIntegerField(_("round"))
    hand = models.ForeignKey(
        PinochleHand, on_delete=models.CASCADE, related_name="specials", null=True, blank=True
    )

    class Meta:
        verbose_name = _("special")
        verbose_name_plural = _("specials")
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.registration.licensee.full_name} ({self.round})"


class PinochleTicketSale(models.Model):
    """Tickets of the 50/50 drawing sold between rounds (« 3 for $1 or 20 for $5 »):
    ``bundles`` bundles of ``bundle`` tickets, numbered on in the order sold."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="pinochle_ticket_sales"
    )
    round = models.PositiveSmallIntegerField(_("sold after round"))
    buyer = models.CharField(_("buyer"), max_length=80)
    bundle = models.PositiveSmallIntegerField(_("tickets in the bundle"))
    bundles = models.PositiveSmallIntegerField(_("bundles"))

    class Meta:
        verbose_name = _("50/50 tickets sold")
        verbose_name_plural = _("50/50 tickets sold")
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.buyer} ({self.bundle} x {self.bundles})"

    @property
    def tickets(self) -> int:
        return fifty_fifty([(self.bundle, self.bundles)]).tickets


class RoundClock(models.Model):
    """A round's clock, started by the room for ``minutes`` (apps.games.domain.round_clock):
    every sheet of the round shows when it ends."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="round_clocks"
    )
    round = models.PositiveSmallIntegerField(_("round"))
    started_at = models.DateTimeField(_("started at"))
    minutes = models.PositiveSmallIntegerField(_("minutes"))

    class Meta:
        verbose_name = _("round clock")
        verbose_name_plural = _("round clocks")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "round"], name="unique_round_clock")
        ]

    def __str__(self) -> str:
        return _("round %(round)s, %(minutes)s minutes") % {
            "round": self.round,
            "minutes": self.minutes,
        }

    @property
    def ends_at(self):
        return clock_end(self.started_at, self.minutes)

    @property
    def left(self) -> int:
        """Whole minutes left now."""
        return minutes_left(self.started_at, self.minutes, timezone.now())


class GamePrize(models.Model):
    """A prize of the tournament's prize list, for the player or team ranked at
    ``place`` in the final standings."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="prizes")
    place = models.PositiveSmallIntegerField(_("place"))
    label = models.CharField(_("prize"), max_length=120)

    class Meta:
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
        ordering = ["place"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "place"], name="unique_game_prize")
        ]

    def __str__(self) -> str:
        return f"{self.place}. {self.label}"
