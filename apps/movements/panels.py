"""« Où je joue » on the player's home, during play: for each session of a running
tournament they play, the position in play and the next one — table, orientation and
étuis (a panel of the player's home, apps.core.panels)."""

from dataclasses import dataclass

from django.db.models import F

from apps.accounts.permissions import roles_of
from apps.movements.models import Place
from apps.movements.selectors import etuis_text, table_name
from apps.tournaments.domain.workflow import Status


@dataclass(frozen=True)
class Spot:
    place: Place
    now: bool  # the position in play; else the next one

    @property
    def table(self) -> str:
        table = self.place.table
        return table_name(table.movement, table.section, table.table)

    @property
    def etuis(self) -> str:
        return etuis_text(self.place.table.etuis)


def where_i_play_panel(user) -> dict | None:
    licensee_id = roles_of(user).licensee_id
    if licensee_id is None:
        return None
    in_play = F("table__movement__current_position")
    places = (
        Place.objects.filter(
            registration__licensee_id=licensee_id,
            registration__tournament__status=Status.RUNNING,
            table__movement__current_position__gte=1,
            table__position__gte=in_play,
            table__position__lte=in_play + 1,
        )
        .select_related("table__movement__session__tournament")
        .order_by("table__movement__session__number", "table__position")
    )
    spots = [
        Spot(place, place.table.position == place.table.movement.current_position)
        for place in places
    ]
    return {"template": "movements/_where_i_play.html", "spots": spots} if spots else None
