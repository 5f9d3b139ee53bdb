"""An adversary attacks every door that leads to the national ranking with mutations of
valid inputs, and after each the season's ranking holds no point the tables deny and
nothing twice (tests/rankings/adversary.py, ``ranking_holds``).

The doors:

- files of other software (apps.approvals.external.external_tournament_receive): a valid
  Extar file received and approved, then a mutant of it (declared sessions, index, date,
  club, name, order, lines dropped or added, values at their limits);
- the tournament file (apps.exchange.services.tournament_file_import): the page, the API and
  the command all call this one service, so the generated test attacks the service and
  one example each checks that the page, the API and the command hold the same;
- the chain's corrections of a received file (external_details_correct);
- the admin, or any write straight through the models: Award and ExternalAward lines of
  any value, sources copied with their lines shuffled, dropped or added, the ranking
  computed between writes;
- the referee's replacement (the replaced player forfeit): a room of 20 played to the end
  costs seconds, too much for 50 generated cases, so the replacement after each position
  of the first ones is an example of its own.

Each generated test runs ``ADVERSARY_EXAMPLES`` cases (50 by default; set it to thousands
to search longer), each inside a transaction rolled back at its end.
"""

import contextlib
import copy
import datetime
import io
import json
import os
from dataclasses import dataclass

import openpyxl
import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management import CommandError, call_command
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context
from rest_framework.test import APIClient

from apps.approvals.domain.chain import Action
from apps.approvals.external import external_details_correct, external_tournament_receive
from apps.approvals.services import homologation_step
from apps.awards.domain.pcn import howell_values
from apps.awards.models import Award
from apps.awards.services import awards_build, awards_request
from apps.exchange.services import tournament_file_export, tournament_file_import
from apps.federation.domain.seasons import season_of
from apps.federation.models import Licensee, Season
from apps.movements.models import Place
from apps.movements.selectors import Spot
from apps.movements.services import player_replace
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Session, Tournament
from apps.tournaments.services import tournament_transition
from tests import factories as f
from tests.builders import advance_to, enter_all, generate, held_elsewhere, played
from tests.exchange.tournament_file_data import document_build, upload
from tests.rankings.adversary import file_written, ranking_holds, tournament_written

ADVERSARY_EXAMPLES = int(os.environ.get("ADVERSARY_EXAMPLES", "50"))
ADVERSARY = settings(
    max_examples=ADVERSARY_EXAMPLES,
    deadline=None,
    database=None,  # nothing written into the checkout
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
REFEREE_LICENCE = "7007007"
POOL = 48  # the licensees an adversary's files name
HEADER = ["NumLicenceJoueur", "NomJoueur", "Pcn", "Pp"]
# Numbers at their limits: 0, the floor, the ceilings, past them, absurd.
LIMITS = [0, 1, 49, 50, 51, 240, 320, 2000, 2001, 5000, 5001, 999_999, 10**7]
# The players declared for the sessions: n stands for the file's own count.
SESSIONS = [
    ["n"],
    ["n", "n"],  # a session split in two
    ["2n"],  # two sessions merged
    ["n/2", "n"],  # newcomers: a new stage
    ["n", "n/4"],  # most eliminated: a new stage
    ["n", "n", "n"],
    ["n"] * 7,
    [0],
    [1],
    [12, 13],
    [16, 6],
    [400],
    [599],
    [600],
    [601],
    [100_000],
    [10**9],
    [-1],
]


def yesterday() -> datetime.date:
    return timezone.localdate() - datetime.timedelta(days=1)


@dataclass(repr=False)
class Field:
    world: object
    season: Season
    pool: list[Licensee]


@pytest.fixture
def field(world) -> Field:
    """The season of yesterday, a graded referee and the licensees files may name."""
    f.LicenseeFactory(licence_number=REFEREE_LICENCE, referee_grade="club", club=world.club)
    season = Season.objects.create(start_year=season_of(yesterday()).start_year, is_current=True)
    return Field(world, season, f.LicenseeFactory.create_batch(POOL, club=world.club))


def _seen(what: str) -> None:
    """What a generated case met, counted by --hypothesis-show-statistics."""
    if currently_in_test_context():
        event(what)


class rolled_back:
    """One generated case in a transaction rolled back at its end."""

    def __enter__(self):
        self.atomic = transaction.atomic()
        self.atomic.__enter__()

    def __exit__(self, *exc):
        transaction.set_rollback(True)
        return self.atomic.__exit__(*exc)


# --- files of other software --------------------------------------------------------


def xlsx(rows) -> bytes:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    for row in [HEADER, *rows]:
        sheet.append(list(row))
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


@st.composite
def extar_files(draw):
    """A valid file: 12 to 40 players of the pool, the first places of the Howell table
    of their room (1 session, index 1), the others 0: [pool index, PCN, PP] rows."""
    players = draw(st.integers(12, 40))
    values = howell_values(-(-players // 4))
    paid = draw(st.integers(6, min(players, len(values))))
    who = draw(st.permutations(range(POOL)))[:players]
    return [[who[n], values[n] if n < paid else 0, 0] for n in range(players)]


def _declared(pattern, players: int) -> list:
    named = {"n": players, "2n": 2 * players, "n/2": players // 2, "n/4": players // 4}
    return [named.get(value, value) for value in pattern]


MUTATIONS = st.one_of(
    st.tuples(st.just("sessions"), st.sampled_from(SESSIONS)),
    st.tuples(st.just("index"), st.sampled_from(["1", "1.2", "1.5", "1,5", "1.8", "2", "0"])),
    st.tuples(st.just("date"), st.integers(-400, 3)),
    st.tuples(st.just("club"), st.booleans()),
    st.tuples(
        st.just("name"),
        st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")),
    ),
    st.tuples(st.just("order"), st.integers(0, 40)),
    st.tuples(st.just("drop_zero"), st.integers(1, 3)),
    st.tuples(st.just("drop"), st.integers(0, 40)),
    st.tuples(
        st.just("add"),
        st.integers(0, POOL - 1),
        st.one_of(st.sampled_from(LIMITS), st.integers(0, 10**7)),
    ),
    st.tuples(
        st.just("pcn"),
        st.integers(0, 40),
        st.one_of(st.sampled_from(LIMITS), st.integers(0, 10**7)),
    ),
    st.tuples(st.just("pp"), st.integers(0, 40), st.sampled_from([0, 1, 3, 110, 111, 10**6])),
    st.tuples(st.just("guests"), st.sampled_from([0, 1, 12, 599, 600, 601, 10**9])),
)


# The mutations of the bordereau's details: the key ``_receive`` reads each from.
DETAILS = {
    "sessions": "sessions",
    "index": "index",
    "date": "days",
    "club": "other_club",
    "name": "name",
    "guests": "guests",
}


def _mutated(base: list, mutations) -> tuple[list, dict]:
    """The rows and the details changed from the base file's (the details as
    ``_receive`` takes them)."""
    rows = [list(row) for row in base]
    details = {"sessions": ["n"], "index": "1", "days": 0, "other_club": False, "guests": 0}
    for kind, *value in mutations:
        if kind in DETAILS:
            details[DETAILS[kind]] = value[0]
        elif kind == "order":
            cut = value[0] % len(rows) if rows else 0
            rows = list(reversed(rows[cut:] + rows[:cut]))
        elif kind == "drop_zero":
            zeros = [row for row in rows if row[1:] == [0, 0]][: value[0]]
            rows = [row for row in rows if not any(row is zero for zero in zeros)]
        elif kind == "drop" and rows:
            del rows[value[0] % len(rows)]
        elif kind == "add":
            rows.append([value[0], value[1], 0])
        elif kind in ("pcn", "pp") and rows:
            rows[value[0] % len(rows)][1 if kind == "pcn" else 2] = value[1]
    return rows, details


def _receive(field: Field, rows: list, details: dict, *, players: int, reason: str = ""):
    """The file received by federation staff and approved; None when refused."""
    world = field.world
    content = xlsx(
        (field.pool[who].licence_number, field.pool[who].full_name, pcn, pp)
        for who, pcn, pp in rows
    )
    try:
        homologation = external_tournament_receive(
            actor=world.federation_staff,
            club=world.other_club if details.get("other_club") else world.club,
            name=details.get("name", "Tournoi du jeudi"),
            date=yesterday() + datetime.timedelta(days=details.get("days", 0)),
            index=details.get("index", "1"),
            session_players=_declared(details.get("sessions", ["n"]), players),
            referee_licence=REFEREE_LICENCE,
            content=content,
            guests=details.get("guests", 0),
            same_results_reason=reason,
        )
    except (ValidationError, PermissionDenied):
        _seen("file refused")
        return None
    _seen("file received")
    with contextlib.suppress(ValidationError):  # a season Donne does not have: it waits
        homologation_step(
            actor=world.federation_staff, homologation=homologation, action=Action.APPROVE
        )
    return homologation


@ADVERSARY
@given(base=extar_files(), mutations=st.lists(MUTATIONS, max_size=4), reason=st.booleans())
@example(base=[[n, v, 0] for n, v in enumerate([999_999] + [0] * 11)], mutations=[], reason=False)
def test_files_of_other_software(field, base, mutations, reason):
    with rolled_back():
        _receive(field, base, {}, players=len(base))
        rows, details = _mutated(base, mutations)
        _receive(field, rows, details, players=len(base), reason="vérifié" if reason else "")
        ranking_holds(field.season)


def _howell_file(players: int, *, paid: int | None = None) -> list:
    values = howell_values(-(-players // 4))
    paid = len(values) if paid is None else paid
    return [[n, values[n] if n < paid else 0, 0] for n in range(players)]


@pytest.mark.parametrize(
    ("sessions", "pcn"),
    [([12, 13], 999_999), ([16, 6], 999_999), ([400], 240), ([100_000], 240), ([10**9], 240)],
)
def test_declared_sessions_never_raise_what_counts(field, sessions, pcn):
    """« 12, 13 » and « 16, 6 » with 999,999 PCN; 16 licensees with a field of 400; a
    declared field of 100,000 and 10**9: refused, and nothing beyond the tables counts."""
    rows = _howell_file(16, paid=6)
    rows[0][1] = pcn
    _receive(field, rows, {"sessions": sessions, "guests": 600}, players=16)
    ranked = ranking_holds(field.season)
    assert all(points <= 320 for points, _pp in ranked.values())


def test_a_championship_claim_without_a_stage_counts_nothing_beyond_the_tables(field):
    rows = _howell_file(28, paid=3)
    rows[0][1:] = [1008, 23]  # a regional final's first place, and its PP
    assert _receive(field, rows, {"index": "1.8"}, players=28) is None
    assert ranking_holds(field.season) == {}


@pytest.mark.parametrize("dropped", [1, 2])
def test_the_same_file_with_0_lines_dropped_counts_once(field, dropped):
    """Its 0/0 lines dropped, the same results: the first place's 320 PCN count once."""
    rows = _howell_file(16, paid=6)
    first = _receive(field, rows, {}, players=16)
    assert first is not None
    again = _receive(field, rows[:-dropped], {"days": -1}, players=16)
    third = _receive(field, rows[: -dropped - 1], {"days": -2}, players=16)
    assert again is None and third is None
    assert ranking_holds(field.season)[field.pool[0].pk] == (320, 0)


def test_a_donne_tournament_s_awards_received_as_a_file_the_next_day_count_once(field):
    awards = {who: (pcn, 0) for who, pcn in zip(field.pool[:6], howell_values(4)[:6], strict=True)}
    tournament_written(field.world, awards, players=16, date=yesterday() - datetime.timedelta(1))
    rows = _howell_file(16, paid=6)
    assert _receive(field, rows, {}, players=16) is None
    assert ranking_holds(field.season)[field.pool[0].pk] == (320, 0)


# --- the chain's corrections --------------------------------------------------------


@ADVERSARY
@given(
    base=extar_files(),
    corrections=st.lists(
        st.tuples(
            st.sampled_from(["1", "1.2", "1.5", "2", "x", ""]),
            st.integers(-400, 3),
            st.booleans(),
            st.sampled_from(["Date mal saisie", " ", ""]),
        ),
        min_size=1,
        max_size=3,
    ),
    genuine=st.booleans(),
)
def test_the_chain_s_corrections(field, base, corrections, genuine):
    """A file received, corrected (index, date, club) with generated values, approved;
    another genuine file of the same players (their values in reverse) beside it or not."""
    world = field.world
    with rolled_back():
        if genuine:
            values = [(pcn, pp) for _who, pcn, pp in reversed(base)]
            other = [[who, *value] for (who, _pcn, _pp), value in zip(base, values, strict=True)]
            _receive(field, other, {}, players=len(base))
        received = external_tournament_receive(
            actor=world.federation_staff,
            club=world.club,
            name="Tournoi du jeudi",
            date=yesterday(),
            index="1",
            session_players=[len(base)],
            referee_licence=REFEREE_LICENCE,
            content=xlsx((field.pool[w].licence_number, "X", pcn, pp) for w, pcn, pp in base),
        )
        for index, days, other_club, reason in corrections:
            with contextlib.suppress(ValidationError, PermissionDenied):
                external_details_correct(
                    actor=world.federation_staff,
                    homologation=received,
                    index=index,
                    date=yesterday() + datetime.timedelta(days=days),
                    club=world.other_club if other_club else world.club,
                    reason=reason,
                )
            received.refresh_from_db()
        with contextlib.suppress(ValidationError):  # a season Donne does not have: it waits
            homologation_step(
                actor=world.federation_staff, homologation=received, action=Action.APPROVE
            )
        ranking_holds(field.season)


# --- the admin: lines written straight through the models ----------------------------

AT = datetime.datetime(2026, 10, 3, 14, 0, tzinfo=datetime.UTC)
VALUES = st.one_of(st.sampled_from([*howell_values(4)[:8], *LIMITS]), st.integers(0, 10**7))
LINES = st.dictionaries(
    st.integers(0, 23),
    st.tuples(VALUES, st.sampled_from([0, 0, 0, 1, 3, 28, 110, 111, 10**6])),
    min_size=1,
    max_size=12,
)
WRITES = st.one_of(
    st.tuples(
        st.just("tournament"),
        LINES,
        st.integers(0, 40),
        st.integers(1, 3),
        st.booleans(),  # its sessions start at the same date and time as others'
    ),
    st.tuples(st.just("file"), LINES, st.sampled_from(SESSIONS)),
    st.tuples(
        st.just("copy"),
        st.integers(0, 5),
        st.booleans(),  # as a file, else as a tournament
        st.integers(0, 3),  # lines dropped
        st.one_of(st.none(), st.tuples(st.integers(0, 23), VALUES)),  # a line added
        st.integers(-3, 3),  # days from the copied one
    ),
    st.just(("rank",)),
)


@ADVERSARY
@given(writes=st.lists(WRITES, min_size=1, max_size=6))
def test_lines_written_straight_through_the_models(field, writes):
    _written_and_ranked(field, writes)


# Found by the test above: the checks compared sources on all their lines, the lines above
# the bounds included, while the ranking counts only the others; a copy diluted by lines
# the bounds withhold must still be the same results.
DILUTED = [
    [  # a copy of a tournament's lines with one line above the tables added
        ("tournament", {n: (240 - 10 * n, 0) for n in range(6)}, 12, 1, False),
        ("copy", 0, True, 0, (7, 999_999), 1),
    ],
    [  # two tournaments told apart only by lines the bounds withhold
        ("tournament", {0: (320, 1), 1: (320, 0)}, 0, 2, False),
        ("tournament", {0: (320, 3), 1: (320, 0)}, 0, 2, False),
    ],
]


@pytest.mark.parametrize("writes", DILUTED)
def test_lines_the_bounds_withhold_do_not_hide_the_same_results(field, writes):
    _written_and_ranked(field, writes)


def _written_and_ranked(field, writes) -> None:
    world, pool = field.world, field.pool
    with rolled_back():
        written: list[tuple[dict, int]] = []  # each source's lines by pool index, its players
        for kind, *value in writes:
            day = yesterday()
            if kind == "tournament":
                lines, players, sessions, clash = value
                tournament_written(
                    world,
                    {pool[who]: values for who, values in lines.items()},
                    players=players,
                    date=day,
                    sessions=sessions,
                    at=AT if clash else None,
                )
                written.append((lines, players))
            elif kind == "file":
                lines, pattern = value
                declared = _declared(pattern, len(lines))
                file_written(
                    world,
                    {pool[who]: v for who, v in lines.items()},
                    session_players=declared,
                    date=day,
                )
                written.append((lines, len(lines)))
            elif kind == "copy" and written:
                source, as_file, dropped, added, days = value
                lines, players = written[source % len(written)]
                kept = dict(reversed(list(lines.items())[dropped:])) or lines
                if added is not None:
                    kept = {**kept, added[0]: (added[1], 0)}
                day += datetime.timedelta(days=min(days, 0))
                awards = {pool[who]: values for who, values in kept.items()}
                if as_file:
                    file_written(world, awards, session_players=[players], date=day)
                else:
                    tournament_written(world, awards, players=players, date=day)
                written.append((kept, players))
            elif kind == "rank":
                ranking_holds(field.season)
        ranking_holds(field.season)


# --- the tournament file --------------------------------------------------------------


def _imported(document: dict, club) -> Tournament | None:
    """The document imported (the command line's way), its awards computed and the
    tournament approved; None when refused."""
    try:
        tournament = tournament_file_import(actor=None, document=document, club=club)
    except (ValidationError, PermissionDenied):
        _seen("tournament file refused")
        return None
    _seen(f"tournament file imported, {tournament.get_status_display()}")
    job = awards_request(tournament_id=tournament.pk)
    if job is not None:
        awards_build(award_set_id=job.pk)
    Tournament.objects.filter(pk=tournament.pk).update(status=Status.APPROVED)
    _seen(
        f"{Award.objects.filter(award_set__tournament=tournament).exclude(pcn=0).count()} awarded"
    )
    return tournament


DOCUMENT_MUTATIONS = st.one_of(
    st.tuples(
        st.just("name"),
        st.text(
            st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=30
        ),
    ),
    st.tuples(st.just("date"), st.integers(-30, 30)),
    st.tuples(st.just("club"), st.booleans()),
    st.tuples(st.just("indice"), st.sampled_from([1, 1.2, 1.5, 2, 0])),
    st.tuples(st.just("order"), st.integers(0, 62)),
    st.tuples(st.just("drop"), st.integers(0, 62), st.integers(1, 20)),
    st.tuples(st.just("add"), st.integers(0, 62)),
    st.tuples(st.just("scores"), st.integers(0, 62), st.integers(1, 40)),
    st.tuples(st.just("licence"), st.integers(0, 11), st.integers(0, 11)),
)


def _negated(results: list) -> None:
    for result in results:
        if "score" in result:
            result["score"] = -result["score"]


def _document_mutated(document: dict, mutations, world) -> tuple[dict, object]:
    """The document changed, and the club to import it for (None: the one it names)."""
    document = copy.deepcopy(document)
    club = world.club
    results = document["results"]
    for kind, *value in mutations:
        if kind in ("name", "indice"):
            document["tournament"][kind] = value[0]
        elif kind == "date":
            day = datetime.date.fromisoformat(document["tournament"]["date"])
            document["tournament"]["date"] = (day + datetime.timedelta(days=value[0])).isoformat()
        elif kind == "club" and value[0]:
            document["tournament"]["club"], club = world.other_club.number, None
        elif kind == "order" and results:
            cut = value[0] % len(results)
            results[:] = list(reversed(results[cut:] + results[:cut]))
        elif kind == "drop" and results:
            start = value[0] % len(results)
            del results[start : start + value[1]]
        elif kind == "add" and results:
            results.append(copy.deepcopy(results[value[0] % len(results)]))
        elif kind == "scores":
            _negated(results[value[0] : value[0] + value[1]])
        elif kind == "licence":
            players = document["players"]
            one, other = players[value[0]], players[value[1]]
            one["licence"], other["licence"] = other["licence"], one["licence"]
    return document, club


@ADVERSARY
@given(mutations=st.lists(DOCUMENT_MUTATIONS, max_size=3))
def test_the_tournament_file(field, mutations):
    document = document_build(3, type=None, penalties=())
    document["tournament"] |= {"date": yesterday().isoformat(), "indice": 1}
    with rolled_back():
        _imported(copy.deepcopy(document), field.world.club)
        mutant, club = _document_mutated(document, mutations, field.world)
        _imported(mutant, club)
        ranking_holds(field.season)


def test_the_page_the_api_and_the_command_hold_the_same(field, login, tmp_path):
    """The three doors of the tournament file share the service: the same results renamed,
    sent by each, count once."""
    world = field.world
    document = document_build(3, type=None, penalties=())
    document["tournament"] |= {"date": yesterday().isoformat(), "indice": 1}
    first = _imported(copy.deepcopy(document), world.club)
    renamed = copy.deepcopy(document)
    renamed["tournament"]["name"] = "Le même, renommé"
    login(world.club_manager).post(reverse("exchange:import"), {"file": upload(renamed)})
    ranking_holds(field.season)
    client = APIClient()
    client.force_authenticate(world.club_manager)
    client.post("/api/tournament-files/", renamed, format="json")
    ranking_holds(field.season)
    path = tmp_path / "tournoi.json"
    path.write_text(json.dumps(renamed), encoding="utf-8")
    with pytest.raises(CommandError):
        call_command("import_tournament", str(path), "--club", world.club.number)
    assert list(Tournament.objects.filter(name=renamed["tournament"]["name"])) == []
    assert ranking_holds(field.season) and first is not None


def _finished(world, capture) -> Tournament:
    """The world tournament finished (its awards computed), then approved."""
    with capture(execute=True):
        for status in (Status.RUNNING, Status.FINISHED):
            tournament_transition(actor=world.referee, tournament=world.tournament, status=status)
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.APPROVED)
    return Tournament.objects.get(pk=world.tournament.pk)


def test_session_2_of_a_two_session_tournament_imported_alone(
    field, django_capture_on_commit_callbacks
):
    world = field.world
    second = Session.objects.create(tournament=world.tournament, number=2)
    enter_all(world, played(world), seed=4)
    enter_all(world, played(world, session=second), seed=5)
    tournament = _finished(world, django_capture_on_commit_callbacks)
    before = ranking_holds(field.season)
    assert before
    _imported(tournament_file_export(tournament.sessions.get(number=2)), world.club)
    assert ranking_holds(field.season) == before


@pytest.mark.parametrize("position", [2, 3])
def test_a_replacement_s_tournament_exported_and_imported_again(
    field, django_capture_on_commit_callbacks, position
):
    """The referee replaces a player (forfeit: no PCN) from ``position`` on; the room is
    played to the end, finished and approved, then exported and imported again."""
    world = field.world
    movement = advance_to(world, generate(world, 20), position)
    absent = Place.objects.get(
        table__movement=movement, table__sequence=position, player_code="E2"
    ).registration
    player_replace(
        actor=world.referee,
        movement=movement,
        spot=Spot("Rouge", "E2"),
        licensee=f.LicenseeFactory(club=world.club),
    )
    enter_all(world, advance_to(world, movement, movement.positions), seed=4)
    tournament = _finished(world, django_capture_on_commit_callbacks)
    before = ranking_holds(field.season)
    assert absent.licensee_id not in before
    exported = tournament_file_export(tournament.sessions.get())
    _imported(copy.deepcopy(exported), world.club)
    held_elsewhere(tournament)  # as if played on a laptop: its file imports here
    Tournament.objects.filter(pk=tournament.pk).update(status=Status.APPROVED)
    _imported(exported, world.club)
    ranking_holds(field.season)
