"""Personas for permission tests: one user per role, built around two clubs in two
committees of two zones, so that every scope has an inside and an outside."""

from dataclasses import dataclass

from apps.accounts.models import User
from apps.federation.models import Club, Licensee, Role
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests import factories as f


@dataclass
class World:
    club: Club  # the personas' club (zone/committee A)
    other_club: Club  # another zone and committee
    licensee: Licensee  # the player's licensee, in club
    other_licensee: Licensee  # in other_club
    tournament: Tournament  # club's, open for registration, refereed by `referee`
    draft: Tournament  # club's, draft
    other_tournament: Tournament  # other_club's, draft
    federation_staff: User
    zone_manager: User
    committee_staff: User
    club_manager: User
    referee: User
    player: User
    outsider: User

    def persona(self, name: str) -> User:
        return getattr(self, name)

    def emails_set(self) -> None:
        """Every persona an address, ``<persona>@example.org``, as the chain's e-mails
        need."""
        for name in PERSONAS:
            user = self.persona(name)
            user.email = f"{name}@example.org"
            user.save(update_fields=["email"])


PERSONAS = [
    "federation_staff",
    "zone_manager",
    "committee_staff",
    "club_manager",
    "referee",
    "player",
    "outsider",
]


def world_build() -> World:
    club = f.ClubFactory()
    other_club = f.ClubFactory()
    licensee = f.LicenseeFactory(club=club)
    other_licensee = f.LicenseeFactory(club=other_club)
    tournament = f.TournamentFactory(club=club, status=Status.REGISTRATION_OPEN)
    draft = f.TournamentFactory(club=club, status=Status.DRAFT)
    other_tournament = f.TournamentFactory(club=other_club, status=Status.DRAFT)

    def with_role(role, **scope):
        user = f.UserFactory(username=role)
        f.RoleFactory(user=user, role=role, **scope)
        return user

    referee = with_role(Role.REFEREE)
    f.RefereeAssignmentFactory(tournament=tournament, referee=referee)
    return World(
        club=club,
        other_club=other_club,
        licensee=licensee,
        other_licensee=other_licensee,
        tournament=tournament,
        draft=draft,
        other_tournament=other_tournament,
        federation_staff=with_role(Role.FEDERATION_STAFF),
        zone_manager=with_role(Role.ZONE_MANAGER, zone=club.committee.zone),
        committee_staff=with_role(Role.COMMITTEE_STAFF, committee=club.committee),
        club_manager=with_role(Role.CLUB_MANAGER, club=club),
        referee=referee,
        player=f.UserFactory(username="player", licensee=licensee),
        outsider=f.UserFactory(username="outsider"),
    )
