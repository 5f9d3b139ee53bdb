"""What the competitions add to a tournament's workflow (registered in
apps.tournaments.services by the app's ready()): a stage whose qualified players are named
is frozen and does not go back into play. (It is sent for homologation once they are
named: apps.approvals.)"""

from apps.competitions.models import Stage
from apps.tournaments.domain.workflow import ORDER, Status
from apps.tournaments.models import Tournament

QUALIFIED = (
    "Les qualifiés de cette étape sont désignés et inscrits à l'étape suivante : ses "
    "résultats ne changent plus."
)


def _stage(tournament: Tournament) -> Stage | None:
    if tournament.kind != Tournament.Kind.CHAMPIONSHIP:
        return None
    return Stage.objects.filter(tournament=tournament).first()


def qualified_freeze(tournament: Tournament) -> str | None:
    """A qualified stage's results are frozen: its qualified players stand."""
    stage = _stage(tournament)
    return QUALIFIED if stage is not None and stage.closed_at is not None else None


def stage_transition_refusals(tournament: Tournament, target: Status) -> list[str]:
    """A qualified stage does not go back before « finished »."""
    stage = _stage(tournament)
    if stage is not None and stage.closed_at is not None:
        return [QUALIFIED] if ORDER.index(target) < ORDER.index(Status.FINISHED) else []
    return []
