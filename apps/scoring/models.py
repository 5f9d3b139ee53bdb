"""The travellers of a session (fascicule 3, ch. 3 « fiche ambulante »): one line per étui
played at a table, with the taker's score as written by Nord (article 19 « La marque »).

A line is stored when it is first entered; the players follow from the movement (the
taker is the seat the étui names, the defenders the three others). When the referee
enters the deal's details instead of the score, they are kept beside the Garde score they
give. Double entry keeps a second, independent entry of the score to compare. A line the
referee states was not played has no score and no note: its étui is scored without it.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.movements.models import SeatChoice


class Play(models.Model):
    """One line of a traveller: an étui played at one table of one position."""

    table = models.ForeignKey(
        "movements.MovementTable",
        verbose_name=_("table"),
        on_delete=models.CASCADE,
        related_name="plays",
    )
    etui = models.PositiveSmallIntegerField(_("étui"))
    score = models.IntegerField(_("taker's score"), null=True, blank=True)
    # {"bouts": 2, "points": 45, "poignees": ["simple"], …} when entered by details.
    deal = models.JSONField(_("deal's details"), null=True, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("entered by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    entered_at = models.DateTimeField(_("entered at"), null=True, blank=True)
    check_score = models.IntegerField(_("second entry"), null=True, blank=True)
    checked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("second entry by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    checked_at = models.DateTimeField(_("second entry at"), null=True, blank=True)
    # Stated by the referee for a line left without a score: the étui was not played at
    # that table, and is scored without it, as a neutralised play (ch. 4 « Donne
    # neutralisée »). Entering a score takes the statement back.
    not_played = models.BooleanField(_("not played"), default=False)
    not_played_note = models.TextField(_("what happened"), blank=True)

    class Meta:
        verbose_name = _("traveller line")
        verbose_name_plural = _("traveller lines")
        ordering = ["etui", "table__sequence", "table__section", "table__table"]
        constraints = [
            models.UniqueConstraint(fields=["table", "etui"], name="unique_play_etui"),
        ]

    def __str__(self) -> str:
        return _("étui %(etui)s, %(table)s") % {"etui": self.etui, "table": self.table}

    @property
    def mismatch(self) -> bool:
        """The second entry differs from the first one."""
        return self.check_score is not None and self.check_score != self.score


class TableEntry(models.Model):
    """A score sent from a table's phone (table entry): Nord writes it, another player of
    the table confirms it before it counts (article 19 « La marque »: the marque is Nord's,
    its checking the others'), from another phone than the one that sent it (each phone is
    recorded by its device, apps.movements.phones). A confirmed entry is written on the
    traveller line; a disagreement waits for the referee. One per table, position and
    étui: a phone that sends again changes nothing."""

    class State(models.TextChoices):
        PENDING = "pending", _("waiting for confirmation")
        CONFIRMED = "confirmed", _("confirmed")
        DISPUTED = "disputed", _("disagreement")

    table = models.ForeignKey(
        "movements.MovementTable",
        verbose_name=_("table"),
        on_delete=models.CASCADE,
        related_name="table_entries",
    )
    etui = models.PositiveSmallIntegerField(_("étui"))
    score = models.IntegerField(_("Nord's score"))
    deal = models.JSONField(_("deal's details"), null=True, blank=True)
    state = models.CharField(_("state"), max_length=10, choices=State.choices)
    sent_at = models.DateTimeField(_("sent at"))
    sender_device = models.CharField(_("sent from the phone"), max_length=32, blank=True)
    checker_seat = models.CharField(
        _("checked by"), max_length=1, choices=SeatChoice.choices, blank=True
    )
    checker_score = models.IntegerField(_("checker's score"), null=True, blank=True)
    checked_at = models.DateTimeField(_("checked at"), null=True, blank=True)
    checker_device = models.CharField(_("checked from the phone"), max_length=32, blank=True)

    class Meta:
        verbose_name = _("table entry")
        verbose_name_plural = _("table entries")
        constraints = [
            models.UniqueConstraint(fields=["table", "etui"], name="unique_table_entry"),
        ]

    def __str__(self) -> str:
        return _("étui %(etui)s, %(table)s") % {"etui": self.etui, "table": self.table}
