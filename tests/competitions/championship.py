"""A championship built through the services: the season, a zone of two committees with a
host club each, the organisers' users, stages and sessions played to the end."""

import datetime
import random
from dataclasses import dataclass

from django.db import connection

from apps.accounts.models import User
from apps.competitions import services
from apps.competitions.domain.regulation import RegulationRow
from apps.competitions.models import Competition, Stage
from apps.federation.models import Club, Committee, Licensee, Role, Season, Zone
from apps.movements.models import MovementTable, SessionMovement
from apps.movements.services import movement_advance
from apps.tournaments.domain.workflow import Status
from apps.tournaments.services import tournament_transition
from tests import factories as f
from tests.builders import GARDE_SCORES, lines_write

DAY = datetime.date(2027, 3, 13)


@dataclass
class League:
    season: Season
    zone: Zone
    committees: tuple[Committee, Committee]
    clubs: tuple[Club, Club]
    federation_staff: User
    zone_manager: User
    committee_staff: tuple[User, User]
    referee: User

    def players(self, side: int, count: int, **licensee) -> list[Licensee]:
        """`count` new licensees of the club of committee `side` (série P by default)."""
        return f.LicenseeFactory.create_batch(count, club=self.clubs[side], **licensee)


def _user(role: str, **scope) -> User:
    user = f.UserFactory()
    f.RoleFactory(user=user, role=role, **scope)
    return user


def league_build() -> League:
    season = Season.objects.create(start_year=2026, is_current=True)
    zone = f.ZoneFactory()
    committees = (f.CommitteeFactory(zone=zone), f.CommitteeFactory(zone=zone))
    return League(
        season=season,
        zone=zone,
        committees=committees,
        clubs=tuple(f.ClubFactory(committee=c) for c in committees),
        federation_staff=_user(Role.FEDERATION_STAFF),
        zone_manager=_user(Role.ZONE_MANAGER, zone=zone),
        committee_staff=tuple(_user(Role.COMMITTEE_STAFF, committee=c) for c in committees),
        referee=_user(Role.REFEREE),
    )


def local_final(league: League, competition: Competition, side: int, **options) -> Stage:
    """Committee `side`'s one-session local final (15 to 40 players), its referee
    regional, its regulation approved by the zone."""
    values = {
        "actor": league.committee_staff[side],
        "competition": competition,
        "level": Stage.Level.LOCAL_FINAL,
        "name": f"Finale locale {league.committees[side]}",
        "date": DAY,
        "club": league.clubs[side],
        "committee": league.committees[side],
        "regulation": [RegulationRow(15, 40)],
    }
    stage = services.stage_create(**{**values, **options})
    services.stage_referee_assign(
        actor=league.committee_staff[side], stage=stage, referee=league.referee, grade="regional"
    )
    approve(league, stage)
    return stage


def approve(league: League, stage: Stage) -> None:
    """The zone's approval of the stage's regulation (art. 3, 8, 13)."""
    services.stage_regulation_approve(actor=league.zone_manager, stage=stage)


def group_final(league: League, competition: Competition, **options) -> Stage:
    """The zone's regional final for its two committees, regulation approved."""
    values = {
        "actor": league.zone_manager,
        "competition": competition,
        "level": Stage.Level.REGIONAL_FINAL,
        "name": "Finale régionale du regroupement",
        "date": DAY.replace(month=4),
        "club": league.clubs[0],
        "zone": league.zone,
        "group": list(league.committees),
        "regulation": [RegulationRow(15, 40)],
    }
    stage = services.stage_create(**{**values, **options})
    approve(league, stage)
    return stage


def national_final(league: League, competition: Competition, **options) -> Stage:
    """The federation's national final, refereed by a national referee."""
    values = {
        "actor": league.federation_staff,
        "competition": competition,
        "level": Stage.Level.NATIONAL_FINAL,
        "name": "Finale nationale",
        "date": DAY.replace(month=5),
        "club": league.clubs[1],
        "regulation": [RegulationRow(15, 200)],
    }
    stage = services.stage_create(**{**values, **options})
    services.stage_referee_assign(
        actor=league.federation_staff, stage=stage, referee=league.referee, grade="national"
    )
    return stage


def play_session(
    league: League, movement: SessionMovement, seed: int, *, score: int | None = None
) -> None:
    """Every position put in play and a random Garde score entered on every line (or the
    same ``score`` everywhere: every player level, with no TOP)."""
    for _ in range(movement.positions - movement.current_position):
        movement = movement_advance(
            actor=league.referee, movement=movement, from_position=movement.current_position
        )
    rng = random.Random(seed)
    scored = [
        (table, etui, rng.choice(GARDE_SCORES) if score is None else score, None)
        for table in MovementTable.objects.filter(movement=movement, position__gte=1)
        for etui in table.etuis
    ]
    lines_write(league.referee, movement, scored)


def registrations_across_a_power_of_ten() -> int:
    """Make the next registrations' ids cross a power of ten five ids on (…, 999, 1000, …),
    where an order of the ids as text differs from their numeric order; the next id."""
    sequence = "pg_get_serial_sequence('tournaments_registration', 'id')"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT nextval({sequence})")
        power = 10 ** len(str(cursor.fetchone()[0] + 100))
        cursor.execute(f"SELECT setval({sequence}, %s)", [power - 6])
    return power - 5


def start(league: League, stage: Stage) -> None:
    tournament_transition(actor=league.referee, tournament=stage.tournament, status=Status.RUNNING)


def finish(league: League, stage: Stage) -> None:
    tournament_transition(actor=league.referee, tournament=stage.tournament, status=Status.FINISHED)
