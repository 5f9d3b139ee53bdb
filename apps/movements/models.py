"""The movement stored for a session: who sits where, table by table, position by position.

A session's movement keeps the parameters it was generated with (the seed reproduces a
draw), the position in play (0 before play starts) and one row per table and position
(its étuis) with one row per seat (the player code of the movement and the registration
occupying it, or none for a vacant place).
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.movements.domain.model import MovementType, Seat
from apps.movements.domain.room import Variant


class SeatChoice(models.TextChoices):
    NORTH = Seat.NORTH, _("North")
    SOUTH = Seat.SOUTH, _("South")
    EAST = Seat.EAST, _("East")
    WEST = Seat.WEST, _("West")


def seat_initial(seat: str) -> str:
    """The seat's initial in the interface language: N, S, E, O in French."""
    return str(SeatChoice(seat).label)[0]


def code_label(code: str) -> str:
    """A player code as printed: en ligne "W3" reads "O3" in French; Howell numbers stay."""
    return seat_initial(code[0]) + code[1:] if code[0] in SeatChoice.values else code


class SessionMovement(models.Model):
    class Method(models.TextChoices):
        DRAW = "draw", _("random draw")
        BALANCED = "balanced", _("balanced by series (serpentine)")
        FILE = "file", _("as in a tournament file")
        RANKING = "ranking", _("serpentine from the running ranking")
        APART = "apart", _("lines balanced, players of one committee kept apart")

    # The seatings a referee chooses from when generating a movement.
    GENERATED_METHODS = (Method.DRAW, Method.BALANCED)
    # The seatings of a championship stage, from the order its entrants are given in.
    RANKED_METHODS = (Method.RANKING, Method.APART)

    class Type(models.TextChoices):
        LINE = MovementType.LINE, _("en ligne")
        HOWELL = MovementType.HOWELL, _("Howell")

    class Variant(models.TextChoices):
        NONE = "", _("none")
        SINGLE_SECTION = Variant.SINGLE_SECTION, _("one en ligne tournament (17 or 19 tables)")
        DUPLICATION = Variant.DUPLICATION, _("duplication position 0 (6 tables)")
        FOURTH_ETUI = Variant.FOURTH_ETUI, _("4th étui of the Howell 3 tables")

    session = models.OneToOneField(
        "tournaments.Session",
        verbose_name=_("session"),
        on_delete=models.CASCADE,
        related_name="movement",
    )
    tables = models.PositiveSmallIntegerField(_("tables"))
    requested_type = models.CharField(
        _("movement type"), max_length=10, choices=Type.choices, blank=True
    )
    variant = models.CharField(
        _("variant"), max_length=20, choices=Variant.choices, blank=True, default=""
    )
    positions = models.PositiveSmallIntegerField(_("positions"))
    method = models.CharField(_("seating"), max_length=10, choices=Method.choices)
    seed = models.BigIntegerField(_("draw seed"), null=True, blank=True)
    current_position = models.PositiveSmallIntegerField(_("position in play"), default=0)
    # [{"name": "Rouge", "type": "ligne", "tables": 7}, …] in the movement's order.
    sections = models.JSONField(_("sections"), default=list)
    generated_at = models.DateTimeField(_("generated at"), auto_now=True)
    # The players enter their table's scores from their phones (apps.scoring.table_entry).
    table_entry = models.BooleanField(_("table entry"), default=False)
    # Bumped by every change of who sits where: the results cached by apps.results read it.
    seating_version = models.PositiveIntegerField(_("seating version"), default=0)

    class Meta:
        verbose_name = _("session movement")
        verbose_name_plural = _("session movements")

    def __str__(self) -> str:
        return _("%(session)s: %(tables)s tables") % {
            "session": self.session,
            "tables": self.tables,
        }

    @property
    def started(self) -> bool:
        return self.current_position > 0

    @property
    def first_open_position(self) -> int:
        """The first position (in order of play) a change may still touch."""
        return max(self.current_position, 1)


class MovementTable(models.Model):
    """One table of one section at one position, with the étuis it plays."""

    movement = models.ForeignKey(
        SessionMovement, on_delete=models.CASCADE, related_name="movement_tables"
    )
    sequence = models.PositiveSmallIntegerField(_("order of play"))
    position = models.PositiveSmallIntegerField(_("position"))
    section = models.CharField(_("section"), max_length=30)
    table = models.PositiveSmallIntegerField(_("table"))
    etuis = models.JSONField(_("étuis"), default=list)

    class Meta:
        verbose_name = _("table at a position")
        verbose_name_plural = _("tables at a position")
        ordering = ["movement", "sequence", "section", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["movement", "sequence", "section", "table"], name="unique_table_play"
            )
        ]

    def __str__(self) -> str:
        return f"{self.section} {self.position}/{self.table}"


class Place(models.Model):
    """One seat of a table at a position: the movement's player code and who sits there.

    A player replaced (or a vacant place filled) during play with some of the table's
    étuis of that position already scored keeps them: ``earlier_etuis`` counts the
    table's first étuis, in its order of play, held by ``earlier_registration`` (None:
    vacant) rather than by ``registration`` (docs/interpretations.md, « Only what was
    played is ranked »)."""

    table = models.ForeignKey(MovementTable, on_delete=models.CASCADE, related_name="places")
    seat = models.CharField(_("seat"), max_length=1, choices=SeatChoice.choices)
    player_code = models.CharField(_("player code"), max_length=8)
    registration = models.ForeignKey(
        "tournaments.Registration",
        verbose_name=_("player"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="places",
    )
    earlier_registration = models.ForeignKey(
        "tournaments.Registration",
        verbose_name=_("player before the replacement"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="earlier_places",
    )
    earlier_etuis = models.PositiveSmallIntegerField(_("étuis played before"), default=0)

    class Meta:
        verbose_name = _("place")
        verbose_name_plural = _("places")
        constraints = [models.UniqueConstraint(fields=["table", "seat"], name="unique_place_seat")]

    def __str__(self) -> str:
        return f"{self.table} {self.seat} {self.player_code}"


class TableCode(models.Model):
    """The code that opens one table of a session's movement from a phone (table entry): a
    few letters and digits, printed on the table card with its QR code. Each movement
    draws its own, so a code opens its table of its session and no other."""

    movement = models.ForeignKey(
        SessionMovement, on_delete=models.CASCADE, related_name="table_codes"
    )
    section = models.CharField(_("section"), max_length=30)
    table = models.PositiveSmallIntegerField(_("table"))
    code = models.CharField(_("code"), max_length=8, unique=True)

    class Meta:
        verbose_name = _("table code")
        verbose_name_plural = _("table codes")
        constraints = [
            models.UniqueConstraint(
                fields=["movement", "section", "table"], name="unique_table_code"
            )
        ]

    def __str__(self) -> str:
        return f"{self.section} {self.table}: {self.code}"
