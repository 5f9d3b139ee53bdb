"""The demonstration data: a federation, a club of 48 licensees, one login per role, and a
season under way that shows a newcomer everything at once — a tournament open for
registration and a draft, a finished tournament approved with its results and awards, a
tournament in play at position 3 with table entry on, a championship stage and a published
national ranking.

Each builder makes one thing and finds it there the next time (the command runs at every
`make run`). The base objects (places, licensees, logins, the two tournaments before play)
are written directly; everything else goes through the apps' services, with the demo
users as actors, as they would do it in the interface."""

import datetime
import io
import random
from dataclasses import dataclass

import openpyxl
from django.utils import timezone

from apps.accounts.models import User
from apps.approvals.domain.chain import Action
from apps.approvals.external import external_tournament_receive
from apps.approvals.models import Homologation
from apps.approvals.services import homologation_step, homologations_pass_on, tournament_submit
from apps.awards.domain.pcn import REGULARITY_CEILING, howell_values, place_values
from apps.awards.services import awards_build, awards_request
from apps.competitions.domain.regulation import RegulationRow
from apps.competitions.models import Competition, Stage
from apps.competitions.services import (
    competition_create,
    stage_create,
    stage_referee_assign,
    stage_regulation_approve,
)
from apps.federation.domain.seasons import season_of
from apps.federation.models import (
    Club,
    Committee,
    Licensee,
    RefereeGrade,
    Role,
    RoleAssignment,
    Season,
    Zone,
)
from apps.movements.models import MovementTable, SessionMovement
from apps.movements.services import (
    movement_advance,
    movement_generate,
    movement_table_entry_set,
)
from apps.rankings.models import Publication
from apps.rankings.services import ranking_publish
from apps.scoring.services import play_score_set
from apps.tournaments.domain.indices import Index
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import RefereeAssignment, Registration, Session, Tournament
from apps.tournaments.services import (
    referee_assign,
    registration_create,
    tournament_create,
    tournament_transition,
)

DEMO_PASSWORD = "donne-demo-2026"
DEMO_CLUB_PLAYERS = 48
VENUE = "Salle Paul Bert"

LAST_NAMES = [
    "Martin", "Bernard", "Thomas", "Petit", "Robert", "Richard", "Durand", "Dubois",
    "Moreau", "Laurent", "Simon", "Michel", "Lefebvre", "Leroy", "Roux", "David",
    "Bertrand", "Morel", "Fournier", "Girard", "Bonnet", "Dupont", "Lambert", "Fontaine",
]  # fmt: skip
FIRST_NAMES = [
    "Camille", "Dominique", "Claude", "Jeanne", "Pierre", "Marie", "Louis", "Anne",
    "Michel", "Françoise", "Alain", "Sylvie", "Bernard", "Nicole", "Patrick", "Monique",
]  # fmt: skip

# username, role, scope attribute on the demo objects, French label for the printout,
# the person's name
DEMO_USERS = [
    ("federation", Role.FEDERATION_STAFF, None, "fédération", ("Hélène", "Garnier")),
    ("zone", Role.ZONE_MANAGER, "zone", "responsable de zone", ("Marc", "Rey")),
    ("comite", Role.COMMITTEE_STAFF, "committee", "comité régional", ("Sophie", "Blanc")),
    ("club", Role.CLUB_MANAGER, "club", "responsable de club", ("Jacques", "Morel")),
    ("arbitre", Role.REFEREE, None, "arbitre", ("Nadia", "Perrin")),
    ("joueur", None, None, "joueur", ("Camille", "Martin")),
]

OPEN_NAME = "Tournoi du jeudi"
DRAFT_NAME = "Grand prix de printemps"
FINISHED_NAME = "Open de la Croix-Rousse"
IN_PLAY_NAME = "Tournoi de la Presqu'île"
STAGE_NAME = "Finale locale Promotion Rhône-Alpes"
# The finished tournament: the club's first 24 licensees (the demo player among them) at
# 6 tables, this many days ago (within the season).
FINISHED_PLAYERS = slice(0, 24)
FINISHED_DAYS_AGO = 10
# The tournament in play today: 20 other licensees at 5 tables, at position 3; tables 1
# and 2 of position 3 are left for a visitor to enter from the table page.
IN_PLAY_PLAYERS = slice(24, 44)
IN_PLAY_POSITION = 3
IN_PLAY_TABLES_LEFT = 2
# The championship stage, this many days ahead (within the season).
STAGE_DAYS_AHEAD = 30
# Valid Garde scores of a taker (the duplicate deal rules), drawn with these seeds.
GARDE_SCORES = [50, 52, 56, 62, 70, 80, 92, -52, -56, -60, -70]
FINISHED_SEED = 2026
IN_PLAY_SEED = 3


@dataclass(frozen=True)
class Demo:
    """The base objects every builder works with."""

    committee: Committee
    club: Club
    season: Season
    users: dict[str, User]
    today: datetime.date


# --- the base objects, written directly ----------------------------------------------


def places_build() -> tuple[Zone, Committee, Club]:
    """Two zones, a committee in each and a club in each; the demo's zone, committee and
    club (Lyon)."""
    zone, _ = Zone.objects.get_or_create(code="SE", defaults={"name": "Zone Sud-Est"})
    other_zone, _ = Zone.objects.get_or_create(code="NO", defaults={"name": "Zone Nord-Ouest"})
    committee, _ = Committee.objects.get_or_create(
        code="RA", defaults={"name": "Comité Rhône-Alpes", "zone": zone}
    )
    other_committee, _ = Committee.objects.get_or_create(
        code="BR", defaults={"name": "Comité de Bretagne", "zone": other_zone}
    )
    club, _ = Club.objects.get_or_create(
        number="6901",
        defaults={"name": "Tarot Club Lyonnais", "committee": committee, "city": "Lyon"},
    )
    Club.objects.get_or_create(
        number="3501",
        defaults={"name": "Excuse Rennaise", "committee": other_committee, "city": "Rennes"},
    )
    return zone, committee, club


def season_build(today: datetime.date) -> Season:
    """The season of today, the current one."""
    season, _ = Season.objects.get_or_create(
        start_year=season_of(today).start_year, defaults={"is_current": True}
    )
    return season


def licensees_build(club: Club) -> None:
    """The club's 48 licensees, of every series; the last is the club's referee (named with
    the files from other software)."""
    rng = random.Random(2026)
    series = [Licensee.Series.FIRST] * 6 + [Licensee.Series.SECOND] * 12
    series += [Licensee.Series.PROMOTION] * 20 + [Licensee.Series.UNRANKED] * 10
    for n in range(DEMO_CLUB_PLAYERS):
        Licensee.objects.get_or_create(
            licence_number=str(1001001 + n),
            defaults={
                "last_name": LAST_NAMES[n % len(LAST_NAMES)],
                "first_name": FIRST_NAMES[(n * 7) % len(FIRST_NAMES)],
                "birth_date": datetime.date(1940 + rng.randrange(60), rng.randrange(1, 13), 1),
                "club": club,
                "series": series[n],
            },
        )
    Licensee.objects.filter(
        licence_number=str(1001001 + DEMO_CLUB_PLAYERS - 1), referee_grade=""
    ).update(referee_grade=RefereeGrade.CLUB)


def demo_email(username: str) -> str:
    """A demo account's address, at a domain kept for examples (RFC 2606): the chain's
    e-mails show in the console."""
    return f"{username}@example.org"


def users_build(zone: Zone, committee: Committee, club: Club) -> dict[str, User]:
    """One login per role (DEMO_USERS), each with an e-mail address, scoped to the demo's
    zone, committee or club; the player is the club's first licensee. {username: user}."""
    scopes = {"zone": zone, "committee": committee, "club": club}
    users = {}
    for username, role, scope, _label, (first_name, last_name) in DEMO_USERS:
        user, created = User.objects.get_or_create(
            username=username,
            defaults={
                "first_name": first_name,
                "last_name": last_name,
                "email": demo_email(username),
            },
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        elif not user.email:  # a demo loaded before the accounts had addresses
            User.objects.filter(pk=user.pk).update(email=demo_email(username))
        if role:
            RoleAssignment.objects.get_or_create(
                user=user, role=role, **({scope: scopes[scope]} if scope else {})
            )
        users[username] = user
    # the player's licensee holds their account
    Licensee.objects.filter(licence_number="1001001", user=None).update(user=users["joueur"])
    return users


def base_build() -> Demo:
    """The places, the season, the licensees and the logins."""
    today = timezone.localdate()
    zone, committee, club = places_build()
    season = season_build(today)
    licensees_build(club)
    users = users_build(zone, committee, club)
    return Demo(committee=committee, club=club, season=season, users=users, today=today)


def _tournament_record(club: Club, name: str, date, status=Status.DRAFT) -> Tournament:
    """The club's tournament of that name with its one session, written directly."""
    tournament, created = Tournament.objects.get_or_create(
        club=club,
        name=name,
        defaults={"date": date, "venue": VENUE, "status": status, "index": Index.BASE},
    )
    if created:
        Session.objects.create(tournament=tournament, number=1)
    return tournament


def coming_tournaments_build(demo: Demo) -> Tournament:
    """A tournament open for registration in five days, its referee assigned and 20
    players registered, and a draft; the open one."""
    open_tournament = _tournament_record(
        demo.club, OPEN_NAME, demo.today + datetime.timedelta(days=5), Status.REGISTRATION_OPEN
    )
    _tournament_record(demo.club, DRAFT_NAME, demo.today + datetime.timedelta(days=40))
    RefereeAssignment.objects.get_or_create(
        tournament=open_tournament, referee=demo.users["arbitre"]
    )
    for licensee in Licensee.objects.filter(club=demo.club).order_by("licence_number")[:20]:
        Registration.objects.get_or_create(tournament=open_tournament, licensee=licensee)
    return open_tournament


# --- play, through the services ------------------------------------------------------


def _tournament_open(demo: Demo, name: str, date, players: slice) -> Tournament:
    """A tournament the club manager creates and opens, registers `players` of the club's
    licensees in and gives the demo referee."""
    club_manager = demo.users["club"]
    tournament = tournament_create(
        actor=club_manager, club=demo.club, name=name, date=date, venue=VENUE
    )
    tournament = tournament_transition(
        actor=club_manager, tournament=tournament, status=Status.REGISTRATION_OPEN
    )
    for licensee in Licensee.objects.filter(club=demo.club).order_by("licence_number")[players]:
        registration_create(actor=club_manager, tournament=tournament, licensee=licensee)
    referee_assign(actor=club_manager, tournament=tournament, referee=demo.users["arbitre"])
    return tournament


def _play_start(demo: Demo, tournament: Tournament, seed: int) -> SessionMovement:
    """The referee starts the tournament and generates its movement (players drawn with
    `seed`)."""
    referee = demo.users["arbitre"]
    tournament_transition(actor=referee, tournament=tournament, status=Status.RUNNING)
    return movement_generate(actor=referee, session=tournament.sessions.get(), seed=seed)


def _position_advance(demo: Demo, movement: SessionMovement) -> SessionMovement:
    """The referee puts the next position in play."""
    return movement_advance(
        actor=demo.users["arbitre"], movement=movement, from_position=movement.current_position
    )


def _position_score(
    demo: Demo, movement: SessionMovement, sequence: int, rng: random.Random, *, skip: int = 0
) -> None:
    """The referee enters a random Garde score on every line of the position played
    `sequence`-th, but those of its first `skip` tables."""
    tables = MovementTable.objects.filter(
        movement=movement, sequence=sequence, position__gte=1
    ).order_by("section", "table")
    for table in tables[skip:]:
        for etui in table.etuis:
            play_score_set(
                actor=demo.users["arbitre"], table=table, etui=etui, score=rng.choice(GARDE_SCORES)
            )


def _awards_compute(tournament: Tournament) -> None:
    """The tournament's PCN and PP asked for and computed at once, so that they are there
    for the homologation whether a worker runs or not (a queued task finds them done)."""
    job = awards_request(tournament_id=tournament.pk)
    if job is not None:
        awards_build(award_set_id=job.pk)


def _homologate(demo: Demo, tournament: Tournament) -> None:
    """Up the chain: the club sends it, the committee and the zone pass it on, the
    federation approves it."""
    tournament_submit(actor=demo.users["club"], tournament=tournament)
    for sender in ("comite", "zone"):
        homologations_pass_on(
            actor=demo.users[sender],
            homologations=[Homologation.objects.get(tournament=tournament)],
        )
    homologation_step(
        actor=demo.users["federation"],
        homologation=Homologation.objects.get(tournament=tournament),
        action=Action.APPROVE,
    )


def finished_tournament_build(demo: Demo) -> Tournament:
    """A tournament played some days ago, every line scored, finished by the referee, its
    awards computed and approved up the homologation chain."""
    found = Tournament.objects.filter(club=demo.club, name=FINISHED_NAME).first()
    if found is not None:
        return found
    date = max(demo.today - datetime.timedelta(days=FINISHED_DAYS_AGO), demo.season.start)
    tournament = _tournament_open(demo, FINISHED_NAME, date, FINISHED_PLAYERS)
    movement = _play_start(demo, tournament, FINISHED_SEED)
    rng = random.Random(FINISHED_SEED)
    for sequence in range(1, movement.positions + 1):
        movement = _position_advance(demo, movement)
        _position_score(demo, movement, sequence, rng)
    tournament_transition(
        actor=demo.users["arbitre"], tournament=tournament, status=Status.FINISHED
    )
    _awards_compute(tournament)
    _homologate(demo, tournament)
    return Tournament.objects.get(pk=tournament.pk)


def tournament_in_play_build(demo: Demo) -> SessionMovement:
    """A tournament in play today at position 3: positions 1 and 2 scored, position 3
    but its first tables, table entry on; its movement."""
    found = SessionMovement.objects.filter(
        session__tournament__club=demo.club, session__tournament__name=IN_PLAY_NAME
    ).first()
    if found is not None:
        return found
    tournament = _tournament_open(demo, IN_PLAY_NAME, demo.today, IN_PLAY_PLAYERS)
    movement = _play_start(demo, tournament, IN_PLAY_SEED)
    movement = movement_table_entry_set(
        actor=demo.users["arbitre"], movement=movement, enabled=True
    )
    rng = random.Random(IN_PLAY_SEED)
    for sequence in range(1, IN_PLAY_POSITION + 1):
        movement = _position_advance(demo, movement)
        skip = IN_PLAY_TABLES_LEFT if sequence == IN_PLAY_POSITION else 0
        _position_score(demo, movement, sequence, rng, skip=skip)
    return movement


def championship_build(demo: Demo) -> Stage:
    """The season's Promotion championship, created by the federation, with the demo
    committee's local final at the club: its referee assigned, its regulation approved by
    the zone."""
    competition = Competition.objects.filter(
        season=demo.season, kind=Competition.Kind.PROMOTION
    ).first() or competition_create(
        actor=demo.users["federation"], season=demo.season, kind=Competition.Kind.PROMOTION
    )
    found = Stage.objects.filter(competition=competition, committee=demo.committee).first()
    if found is not None:
        return found
    organiser = demo.users["comite"]
    stage = stage_create(
        actor=organiser,
        competition=competition,
        level=Stage.Level.LOCAL_FINAL,
        name=STAGE_NAME,
        date=min(demo.today + datetime.timedelta(days=STAGE_DAYS_AHEAD), demo.season.end),
        club=demo.club,
        committee=demo.committee,
        regulation=[RegulationRow(15, 40)],
        venue=VENUE,
    )
    stage_referee_assign(
        actor=organiser,
        stage=stage,
        referee=demo.users["arbitre"],
        grade=RefereeAssignment.Grade.REGIONAL,
    )
    return stage_regulation_approve(actor=demo.users["zone"], stage=stage)


PREVIOUS_NAME = "Tournoi du printemps (fichier FFT)"
PREVIOUS_PLAYERS = 16


def _award_file(rows: list[tuple[str, str, int, int]]) -> bytes:
    """The FFT's awards file as other software writes it: one sheet, its header, a row a
    player (licence, name, PCN, PP)."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    for row in [("NumLicenceJoueur", "NomJoueur", "Pcn", "Pp"), *rows]:
        sheet.append(list(row))
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def previous_season_build(demo: Demo) -> Publication:
    """Last season, so that a player's chart across seasons has two points: a tournament
    received from other software as the FFT's file by the committee, passed up and approved
    by the federation, and that season's ranking published."""
    season, _ = Season.objects.get_or_create(start_year=demo.season.start_year - 1)
    published = Publication.objects.filter(season=season).first()
    if published is not None:
        return published
    players = list(Licensee.objects.filter(club=demo.club).order_by("licence_number"))
    players = players[:PREVIOUS_PLAYERS]
    # a Howell of 4 tables at index 1: the table's PCN for the first half, in order
    values = place_values(howell_values(PREVIOUS_PLAYERS // 4), Index.BASE, REGULARITY_CEILING)
    pcns = [*values, *[0] * (PREVIOUS_PLAYERS - len(values))]
    content = _award_file(
        [(p.licence_number, p.full_name, value, 0) for p, value in zip(players, pcns, strict=True)]
    )
    referee = Licensee.objects.filter(club=demo.club, referee_grade__gt="").first()
    homologation = external_tournament_receive(
        actor=demo.users["comite"],
        club=demo.club,
        name=PREVIOUS_NAME,
        date=datetime.date(season.start_year + 1, 4, 11),
        index=Index.BASE,
        session_players=[len(players)],
        referee_licence=referee.licence_number,
        content=content,
    )
    for officer in ("comite", "zone"):
        homologations_pass_on(actor=demo.users[officer], homologations=[homologation])
    homologation_step(
        actor=demo.users["federation"],
        homologation=Homologation.objects.get(pk=homologation.pk),
        action=Action.APPROVE,
    )
    return ranking_publish(actor=demo.users["federation"], season=season)


def national_ranking_build(demo: Demo) -> Publication:
    """The season's national ranking, computed from the approved tournaments and published
    by the federation."""
    published = Publication.objects.filter(season=demo.season).select_related("run", "season")
    if not published.exists():
        ranking_publish(actor=demo.users["federation"], season=demo.season)
    return published.latest("published_at")
