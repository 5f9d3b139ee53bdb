"""Personas for permission tests: one user per role, built around two clubs in two
committees of two zones, so that every scope has an inside and an outside."""

from dataclasses import dataclass

from apps.accounts.models import User
from apps.federation.models import Club, Committee, Licensee, Role, RoleAssignment, Zone
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import RefereeAssignment, Session, Tournament
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
    """The world, built from the factories' values and written a model at a time (one
    INSERT each): every test that asks for personas builds it."""
    zones = Zone.objects.bulk_create(f.ZoneFactory.build_batch(2))
    committees = Committee.objects.bulk_create([f.CommitteeFactory.build(zone=z) for z in zones])
    club, other_club = Club.objects.bulk_create(
        [f.ClubFactory.build(committee=committee) for committee in committees]
    )
    users = {name: f.UserFactory.build(username=name) for name in PERSONAS}
    User.objects.bulk_create(users.values())
    licensee, other_licensee = Licensee.objects.bulk_create(
        [
            f.LicenseeFactory.build(club=club, user=users["player"]),
            f.LicenseeFactory.build(club=other_club),
        ]
    )
    tournaments = Tournament.objects.bulk_create(
        [
            f.TournamentFactory.build(club=club, status=Status.REGISTRATION_OPEN),
            f.TournamentFactory.build(club=club, status=Status.DRAFT),
            f.TournamentFactory.build(club=other_club, status=Status.DRAFT),
        ]
    )
    Session.objects.bulk_create(Session(tournament=t, number=1) for t in tournaments)
    scopes = {
        Role.REFEREE: {},
        Role.FEDERATION_STAFF: {},
        Role.ZONE_MANAGER: {"zone": club.committee.zone},
        Role.COMMITTEE_STAFF: {"committee": club.committee},
        Role.CLUB_MANAGER: {"club": club},
    }
    RoleAssignment.objects.bulk_create(
        RoleAssignment(user=users[role], role=role, **scope) for role, scope in scopes.items()
    )
    tournament, draft, other_tournament = tournaments
    RefereeAssignment.objects.create(tournament=tournament, referee=users["referee"])
    return World(
        club=club,
        other_club=other_club,
        licensee=licensee,
        other_licensee=other_licensee,
        tournament=tournament,
        draft=draft,
        other_tournament=other_tournament,
        **users,
    )
