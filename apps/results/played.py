"""The fingerprint of what a tournament played, read from the database
(apps.results.domain.fingerprint), kept on the tournament while its results are complete:
a results hook (apps.tournaments.services.results_hooks) computes it again once any change
of a finished tournament's results commits, and clears it when the tournament is back in
play. A tournament file with the same plays has the same fingerprint
(apps.exchange.domain.document.file_played_lines)."""

from django.db import transaction

from apps.movements.models import Place
from apps.results.domain.fingerprint import played_fingerprint, seated_lines
from apps.scoring.models import Play
from apps.tournaments.domain.workflow import RESULT_STATUSES
from apps.tournaments.models import Tournament
from apps.tournaments.services import tournament_results_fingerprint_record


def tournament_played_fingerprint(tournament_id: int, places=Place, plays=Play) -> str | None:
    """The fingerprint of the étuis the tournament's sessions scored (two queries); None
    when none was scored. The duplication position (0) scores nothing. ``places`` and
    ``plays``: the models read (a migration passes its own)."""
    tables = {"table__movement__session__tournament_id": tournament_id, "table__position__gte": 1}
    seated = places.objects.filter(**tables).values_list(
        "table_id",
        "seat",
        "table__section",
        "player_code",
        "registration_id",
        "registration__licensee__licence_number",
    )
    scored = plays.objects.filter(**tables, score__isnull=False).values_list(
        "table_id", "table__movement__session__number", "etui", "score"
    )
    return played_fingerprint(seated_lines(seated, scored))


def played_fingerprint_refresh(tournament: Tournament) -> None:
    """A results hook: once the change commits, the fingerprint of a duplicate
    tournament's results as they are then, while its play is over; none before (a score
    entered during play costs nothing more)."""
    over = tournament.status in RESULT_STATUSES
    if tournament.duplicate and (over or tournament.results_fingerprint is not None):
        pk = tournament.pk
        transaction.on_commit(lambda: played_fingerprint_store(tournament_id=pk), robust=True)


@transaction.atomic
def played_fingerprint_store(*, tournament_id: int) -> str | None:
    """Store the tournament's fingerprint as its results are now; what is stored."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    over = tournament.status in RESULT_STATUSES
    fingerprint = tournament_played_fingerprint(tournament_id) if over else None
    tournament_results_fingerprint_record(tournament=tournament, fingerprint=fingerprint)
    return fingerprint
