"""The tournament file: a JSON document that carries one session of a tournament (its
movement, who sat where, every étui's score and the penalties) from an offline laptop to
the server or between installations, and back out with the results.

    {"format": "donne-tournament/1",
     "tournament": {"name": "…", "date": "2026-11-19", "indice": 1.0,
                    "venue": "…" (optional), "club": "club number" (optional)},
     "movement": {"type": "ligne" | "howell" (optional), "tables": 7, "positions": 7 (optional)},
     "players": [{"id": "N1", "licence": "1001001", "name": "DUCARD Lionel"}, …],
                  (a guest without a licence: {"id": "S2", "guest": true, "name": …})
     "results": [{"etui": 1, "table": 1, "score": 56},
                 {"etui": 1, "table": 2, "deal": {"bouts": 2, "points": 44, …}}, …],
     "penalties": [{"player": "S3", "percent": 0.5, "reason": "lenteur"}, …],
     "incidents": [{"fault": "renonce_consommee", "etui": 9, "table": 3,
                    "players": ["E3"], "note": "…", "adjustment": "40_60", "faulty": "taker"},
                   {"fault": "retard", "players": ["S2"], "penalty": 1.5, "note": "12 min"}, …],
     "adjustments": [{"etui": 4, "table": 2, "kind": "neutralized"}, …]}  (older files)
     "replacements": [{"player": "N1", "position": 2, "licence": "…", "name": "…"},
                      {"player": "E3", "position": 3, "from_etui": 11, …}, …]
                  (optional: who took a place over during play)

- A player id names a place of the movement as the movement names it: en ligne the seat
  and the starting table ("S3", "O3" also read as "W3"), Howell the player's number
  ("7"). In a room of several parallel tournaments, the tournament's name comes first
  ("Vert S3"); it may be left out when only one tournament has that place. Places nobody
  holds are vacant.
- A replacement (fascicule 3, ch. 2 art. 18) names a place held by a player of
  ``players`` and the position (2 or later) from which another person holds it, given as
  a player is (licence or ``"guest": true``, and name); ``from_etui``, the first étui they
  played at the place's table of that position when the player before them played the
  ones before it (then the position may be the first). The replaced player is forfeit
  in the session (docs/interpretations.md); the export writes them ``"forfeit": true``.
- A result is the taker's score of one étui at one table (the players follow from the
  movement), or the deal's details (``deal``: bouts, points, poignees, petit_au_bout,
  chelem), never both, or ``"not_played": true`` with a ``note`` (the referee stated the
  line was not played); with several tournaments it names its ``section`` when the table
  number and the étui do not tell the tournament. Étuis without a result are still to be
  entered.
- A penalty takes percentage points (0.01 to 100) off a player's % global; a late
  arrival is one (reason « retard »: 0,5 per started 5 minutes).
- An incident is a ruling of the referee as recorded: the catalogue's fault (its code),
  the étui and table when it concerns a play, the players, the note (the referee's own)
  and the public reason (printed on the players' sheets), the penalty given
  (percentage points, when one is), the reason for departing from the catalogue, and the
  adjusted score (``adjustment``: a kind below, with ``faulty`` and ``players_note``,
  "zero" or "forty" on a neutralised play). Exported files carry their rulings so; older
  files carried adjustments and the incidents' penalties summed up, still read:
- An adjustment is the referee's marque ajustée on one play (``kind``: neutralized,
  zero_collectif, 40_60, 40_40, forgotten_card; ``faulty``: "taker" or "defense", for a
  40/60 and a forgotten card only; ``section`` as for a result). ``players`` names the
  players concerned, exactly the defender who forgot a card; on a neutralised play
  ``zero_players`` or ``forty_players`` name those the referee gives 0 or 40 %. A
  neutralised or zéro-collectif play needs no result (a line, if any, gives one).

A file is read only if it is at most FILE_MAX_BYTES and nested at most MAX_DEPTH deep
(``nesting_depth``, counted without parsing, so that a hostile document costs a scan).
Parsing validates each part, and each item of a list, against its declaration
(``apps.exchange.domain.schema``, from which the published JSON Schema is generated),
then checks here what a schema cannot say; it collects every error with its JSON path
("results[3].score", indexes from 0) and a French message, in the document's order.
Keys a reader does not know are ignored, so the exported document (the input plus the
results) reads back as the same tournament.
"""

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from itertools import accumulate
from typing import NamedTuple

from pydantic import TypeAdapter, ValidationError

from apps.exchange.domain import schema as shape
from apps.exchange.domain.schema import MISSING, french_problems, path_at, person_name
from apps.federation.domain.seasons import day_refusal
from apps.movements.domain.etuis import etui_taker
from apps.movements.domain.model import RoomMovement, TablePlay, UnsupportedMovement
from apps.movements.domain.room import room_movement
from apps.penalties.domain.effects import AdjustmentKind, Side
from apps.penalties.domain.ruling import PlayersNoteKind, forgotten_by_defender, names_a_side
from apps.results.domain.fingerprint import VACANT, PlayedLine, guest_identity
from apps.results.domain.model import FORFEIT, PlayerResult, SessionResults, Unranked
from apps.scoring.domain.deal import Deal, duplicate_score, duplicate_score_reason

FILE_MAX_BYTES = 5 * 1024 * 1024
RESULT_KEYS = ("attack", "defense", "global", "penalty", "final", "rank", "rank_alternate")
MAX_DEPTH = 32  # the format needs 5 levels
SEAT_ALIASES = {"O": "W"}  # Ouest, as French sheets write it
NOTE_KEYS = {"zero_players": PlayersNoteKind.ZERO, "forty_players": PlayersNoteKind.FORTY}
IMPORT_REASON = "importé du fichier de tournoi"  # an imported ruling departing from the code

Spot = tuple[str, str]  # (tournament of the room, player code): ("Rouge", "S3")


JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
BRACKETS = re.compile(r"[\[\]{}]")
STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """How deep the JSON text nests arrays and objects, brackets inside strings left out;
    a regular-expression scan, never a recursive parse."""
    brackets = BRACKETS.findall(JSON_STRING.sub("", text))
    return max(accumulate(STEP[bracket] for bracket in brackets), default=0)


def holds_nul(value) -> bool:
    """A key or a string of the parsed document holds a NUL character (written \\u0000),
    which no text column can hold; the depth is checked first (``nesting_depth``)."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(holds_nul(key) or holds_nul(item) for key, item in value.items())
    if isinstance(value, list):
        return any(holds_nul(item) for item in value)
    return False


def played_day_refusal(day: date, today: date) -> str:
    """Why a tournament file cannot be dated ``day`` ("" when it can): a file tells a
    tournament played, so no day after ``today``, and a day Donne holds (``day_refusal``)."""
    if day > today:
        return f"La date du {day:%d/%m/%Y} est dans l'avenir : un fichier dit un tournoi joué."
    return day_refusal(day, today)


@dataclass(frozen=True)
class FileError:
    path: str  # JSON path: "results[3].score"; "" for the whole document
    message: str  # French

    def __str__(self) -> str:
        return f"{self.path} : {self.message}" if self.path else self.message


class TournamentFileInvalid(ValueError):
    """The document is refused; ``errors`` lists every reason."""

    def __init__(self, errors: list[FileError]):
        self.errors = tuple(errors)
        super().__init__("\n".join(map(str, self.errors)))


@dataclass(frozen=True)
class TournamentInfo:
    name: str
    date: date
    index: Decimal
    venue: str
    club: str | None  # the organising club's number, when the file names it


@dataclass(frozen=True)
class FilePlayer:
    id: str  # as the export writes it: "S3", or "Vert S3" with several tournaments
    spot: Spot
    licence: str | None  # None: a guest without a licence ("guest": true in the file)
    last_name: str
    first_name: str


@dataclass(frozen=True)
class FileReplacement:
    """A player who took a place over during play (art. 18): the place is theirs from
    ``position`` on, from étui ``from_etui`` of the place's table there (None: its first);
    the player of ``players`` held it before."""

    spot: Spot
    position: int
    licence: str | None  # None: a guest without a licence
    last_name: str
    first_name: str
    from_etui: int | None = None


class FileResult(NamedTuple):
    """One scored line (a tuple: a large file holds thousands)."""

    section: str
    position: int
    table: int
    etui: int
    score: int  # the Garde score, computed from the deal when the file gives one
    deal: Deal | None


@dataclass(frozen=True)
class FilePenalty:
    spot: Spot
    percent: Decimal
    reason: str


@dataclass(frozen=True)
class FileAdjustment:
    section: str
    position: int
    table: int
    etui: int
    kind: AdjustmentKind
    faulty: Side | None
    players: tuple[Spot, ...]  # the players concerned
    players_note: str  # "zero" or "forty" for the players of a neutralised play, else ""


@dataclass(frozen=True)
class FileIncident:
    path: str  # where it stands in the document, for the errors found when writing it
    fault: str  # the catalogue's code
    play: tuple[str, int, int, int] | None  # (section, position, table, étui)
    players: tuple[Spot, ...]
    note: str
    penalty: Decimal | None
    override_reason: str
    adjustment: FileAdjustment | None
    public_reason: str = ""  # printed on the players' sheets (the note is the referee's)


@dataclass(frozen=True)
class NotPlayed:
    section: str
    position: int
    table: int
    etui: int
    note: str


@dataclass(frozen=True)
class TournamentFile:
    tournament: TournamentInfo
    movement_type: str | None  # as asked; None: the default for the number of tables
    room: RoomMovement
    players: tuple[FilePlayer, ...]
    results: tuple[FileResult, ...]
    penalties: tuple[FilePenalty, ...]
    adjustments: tuple[FileAdjustment, ...] = ()  # of older files' « adjustments »
    incidents: tuple[FileIncident, ...] = ()
    not_played: tuple[NotPlayed, ...] = ()
    replacements: tuple[FileReplacement, ...] = ()

    @property
    def all_adjustments(self) -> tuple[FileAdjustment, ...]:
        rulings = (incident.adjustment for incident in self.incidents)
        return (*self.adjustments, *(adjustment for adjustment in rulings if adjustment))

    @property
    def complete(self) -> bool:
        """Every étui of every table has its result, or needs none."""
        plays = sum(
            len(table.etuis)
            for section in self.room.sections
            for position in section.positions
            if position.number >= 1
            for table in position.tables
        )
        done = {(r.section, r.table, r.etui) for r in (*self.results, *self.not_played)} | {
            (a.section, a.table, a.etui) for a in self.all_adjustments if not a.kind.topped
        }
        return len(done) == plays


# --- reading the parts ---------------------------------------------------------------
# Each part and each list item is validated against its model (``schema``), which words
# its refusals in French; what a schema cannot say is checked here on the validated
# values, in the order of the document.


class _Errors(list):
    def add(self, path: str, message: str) -> None:
        self.append(FileError(path, message))


def _valid(errors: _Errors, model, value, path: str):
    """``value`` validated as ``model`` (a part of ``schema``), or None after adding each
    of its problems."""
    try:
        return _ONE[model].validate_python(value)
    except ValidationError as error:
        for where, message in french_problems(error, path):
            errors.add(where, message)
        return None


def _part(errors: _Errors, document: dict, key: str, model):
    """A top-level part of the document, validated."""
    if document.get(key) is None:
        errors.add(key, MISSING)
        return None
    return _valid(errors, model, document[key], key)


def _items(errors: _Errors, document: dict, key: str, model, required: bool = False):
    """(index, path, validated item) of a top-level list; an item refused is left out."""
    rows = document.get(key)
    if rows is None or (rows == "" and not required):
        if required:
            errors.add(key, MISSING)
        return []
    if not isinstance(rows, list):
        errors.add(key, "une liste JSON est attendue : [ … ]")
        return []
    if required and not rows:
        errors.add(key, "aucun joueur : la liste est vide")
    return _validated(errors, rows, key, model)


def _validated(errors: _Errors, rows: list, key: str, model):
    """Each item validated in turn, as the caller checks the one before (errors in the
    document's order); the whole list at once first, the common case of a valid one."""
    try:
        items = _LISTS[model].validate_python(rows)
    except ValidationError:
        pass
    else:
        for index, item in enumerate(items):
            yield index, f"{key}[{index}]", item
        return
    for index, row in enumerate(rows):
        path = path_at(key, index)
        item = _valid(errors, model, row, path)
        if item is not None:
            yield index, path, item


_PARTS = (shape.Format, shape.Tournament, shape.Movement)
_ITEMS = (
    shape.Player,
    shape.Replacement,
    shape.Line,
    shape.Adjustment,
    shape.Incident,
    shape.Penalty,
)
_ONE = {model: TypeAdapter(model) for model in (*_PARTS, *_ITEMS)}
_LISTS = {model: TypeAdapter(list[model]) for model in _ITEMS}


def _tournament(errors: _Errors, document: dict) -> TournamentInfo | None:
    data = _part(errors, document, "tournament", shape.Tournament)
    if data is None:
        return None
    index = Decimal(str(data.indice))
    return TournamentInfo(data.name, data.date, index, data.venue or "", data.club)


def _movement(errors: _Errors, document: dict) -> tuple[str | None, RoomMovement | None]:
    data = _part(errors, document, "movement", shape.Movement)
    if data is None:
        return None, None
    kind = None if data.type is None else str(data.type)
    try:
        return kind, room_movement(data.tables, kind, data.positions)
    except UnsupportedMovement as error:
        errors.add("movement", str(error))
        return kind, None


class _Places:
    """The room's places and plays, and the ids that name them."""

    def __init__(self, room: RoomMovement):
        self.sections = {section.name.casefold(): section.name for section in room.sections}
        self.single = len(room.sections) == 1
        self.names = [section.name for section in room.sections]
        self.exact = set(self.names)
        self.codes = {(s.name, code) for s in room.sections for code in s.players}
        self.plays: dict[tuple[str, int, int], int] = {}  # (section, table, étui): position
        self.tables: dict[tuple[str, int, int], TablePlay] = {}  # who plays it
        # (section, player code, position): the étuis the place's table plays there
        self.etuis: dict[tuple[str, str, int], tuple[int, ...]] = {}
        for section in room.sections:
            for position in section.positions:
                if position.number >= 1:  # the duplication position scores nothing
                    for table in position.tables:
                        for code in table.players:
                            self.etuis[(section.name, code, position.number)] = table.etuis
                        for etui in table.etuis:
                            self.plays[(section.name, table.table, etui)] = position.number
                            self.tables[(section.name, table.table, etui)] = table

    def id(self, spot: Spot) -> str:
        return spot[1] if self.single else f"{spot[0]} {spot[1]}"

    def section(self, errors: _Errors, value: str, path: str) -> str | None:
        if value in self.exact:
            return value
        name = self.sections.get(value.casefold())
        if name is None:
            known = ", ".join(self.sections.values())
            errors.add(path, f"tournoi « {value} » inconnu : {known}")
        return name

    def spot(self, errors: _Errors, text: str, path: str) -> Spot | None:
        prefix, _sep, code = text.rpartition(" ")
        code = code.upper()
        code = SEAT_ALIASES.get(code[0], code[0]) + code[1:]
        names = list(self.sections.values())
        if prefix:
            section = self.section(errors, prefix.strip(), path)
            if section is None:
                return None
            names = [section]
        found = [name for name in names if (name, code) in self.codes]
        if len(found) == 1:
            return (found[0], code)
        if found:
            errors.add(
                path,
                f"la place « {text} » existe dans les tournois {', '.join(found)} : "
                f"écrire par exemple « {found[-1]} {code} »",
            )
        else:
            errors.add(
                path,
                f"« {text} » ne nomme aucune place du mouvement : en ligne, la ligne N, S, E "
                "ou O et la table de départ (« S3 ») ; en Howell, le numéro du joueur",
            )
        return None


def _person(errors: _Errors, data, path: str, licences: dict[str, str]):
    """Who a player or a replacement is: (licence, (last name, first name)), the licence
    None for a guest (``"guest": true``); a licence already given (``licences``: licence
    -> where) is an error, and None."""
    if data.licence in licences:
        given = licences[data.licence]
        errors.add(path_at(path, "licence"), f"licence {data.licence} déjà donnée à {given}")
        return None
    if data.licence is not None:
        licences[data.licence] = path
    return data.licence, person_name(data.name)


def _players(
    errors: _Errors, document: dict, places: _Places | None, licences: dict[str, str]
) -> list[FilePlayer]:
    players: list[FilePlayer] = []
    spots: dict[Spot, int] = {}
    for index, path, data in _items(errors, document, "players", shape.Player, required=True):
        spot = None if places is None else places.spot(errors, data.id, path_at(path, "id"))
        if spot in spots:
            errors.add(path_at(path, "id"), f"place déjà donnée à players[{spots[spot]}]")
            spot = None
        person = _person(errors, data, path, licences)
        if spot is None or person is None:
            continue
        spots[spot] = index
        licence, name = person
        players.append(FilePlayer(places.id(spot), spot, licence, *name))
    return players


def _replacements(
    errors: _Errors,
    document: dict,
    room: RoomMovement | None,
    places: _Places | None,
    seated: set[Spot],
    licences: dict[str, str],
) -> list[FileReplacement]:
    """The players who took a place over during play (art. 18), each from a position on
    (2 to the last: a replacement before play is the place's player), or from an étui of
    the place's table at a position (1 to the last) after its first."""
    last = max((p.number for s in room.sections for p in s.positions), default=0) if room else 0
    taken: set[tuple[Spot, int]] = set()
    replacements: list[FileReplacement] = []
    for _index, path, data in _items(errors, document, "replacements", shape.Replacement):
        where = path_at(path, "player")
        spot = data.player if places is None else places.spot(errors, data.player, where)
        if places is not None and spot is not None and spot not in seated:
            errors.add(where, "aucun joueur de « players » n'occupe cette place")
            spot = None
        position = data.position
        etui = _from_etui(errors, data, path, places, spot)
        if room is not None and position > max(last, 2):
            errors.add(path_at(path, "position"), f"une position de 2 à {last} (reçu : {position})")
            position = None
        elif position == 1 and etui is None:
            errors.add(
                path_at(path, "position"),
                "à la position 1, « from_etui » après le premier étui de la table : avant lui, "
                "le remplaçant est le joueur de la place",
            )
            position = None
        if spot is not None and (spot, position) in taken:
            errors.add(path_at(path, "position"), "la place est déjà reprise à cette position")
        taken.add((spot, position))
        person = _person(errors, data, path, licences)
        if places is None or None in (spot, position, person):
            continue
        licence, name = person
        replacements.append(FileReplacement(spot, position, licence, *name, etui or None))
    return sorted(replacements, key=lambda r: r.position)


def _from_etui(errors: _Errors, data, path: str, places: _Places | None, spot) -> int | None:
    """The first étui a replacement played at its place's table (``from_etui``), None when
    it is the table's first; 0 when it is not an étui of that table (an error is added)."""
    etui = data.from_etui
    etuis = places.etuis.get((*spot, data.position)) if places and spot else None
    if etui is None or etuis is None:
        return etui
    if etui not in etuis:
        listed = ", ".join(map(str, etuis))
        errors.add(
            path_at(path, "from_etui"),
            f"un étui de la table de cette place à la position {data.position} : {listed} "
            f"(reçu : {etui})",
        )
        return 0
    return etui if etui != etuis[0] else None


def _deal(errors: _Errors, data: shape.Deal, path: str) -> tuple[int, Deal] | None:
    """The Garde score of a deal the cards allow, and the deal as the scoring reads it."""
    try:
        deal = Deal(
            data.bouts,
            data.points,
            data.contract,
            data.players,
            tuple(data.poignees),
            data.petit_au_bout,
            data.chelem,
        )
        return duplicate_score(deal), deal
    except (TypeError, ValueError) as error:
        errors.add(path, str(error))
        return None


def _score(errors: _Errors, line: dict, path: str) -> tuple[int, Deal | None] | None:
    """The Garde score of a result, with the deal it comes from if the file gives one."""
    score, deal = line.get("score"), line.get("deal")
    if score is not None and deal is not None:
        errors.add(path, "donner soit « score », soit « deal », pas les deux")
    elif deal is not None:
        return _deal(errors, deal, path_at(path, "deal"))
    elif score is not None:
        reason = duplicate_score_reason(score)
        if not reason:
            return score, None
        errors.add(path_at(path, "score"), f"{score} : {reason}")
    else:
        errors.add(path, "il manque le score (« score ») ou le détail de la donne (« deal »)")
    return None


def _play(errors: _Errors, line, path: str, places: _Places | None):
    """(section, position, table, étui) of a line (``line``: its table, étui and section),
    if the movement has that play."""
    table, etui, written = line
    if table is None or etui is None:
        for key, value in (("table", table), ("etui", etui)):
            if value is None:
                errors.add(path_at(path, key), MISSING)
        return None
    if places is None:
        return None
    names = places.names
    if written and written.strip():
        section = places.section(errors, written.strip(), path_at(path, "section"))
        names = [section] if section else []
    if not names:
        return None
    plays = places.plays
    found = [(name, plays[name, table, etui]) for name in names if (name, table, etui) in plays]
    if len(found) == 1:
        (section, position), *_ = found
        return section, position, table, etui
    if found:
        errors.add(
            path,
            f"la table {table} joue l'étui {etui} dans les tournois "
            f"{', '.join(name for name, _position in found)} : préciser lequel (« section »)",
        )
    elif places.single or len(names) == 1:
        errors.add(path, f"la table {table} ne joue pas l'étui {etui}")
    else:
        errors.add(path, f"aucune table {table} ne joue l'étui {etui}")
    return None


def _results(
    errors: _Errors,
    document: dict,
    places: _Places | None,
    unscored: set[tuple],
    not_played: list[NotPlayed],
) -> list[FileResult]:
    """The results; a play in ``unscored`` (section, table, étui) may come without score;
    a line stated not played goes to ``not_played``."""
    results: list[FileResult] = []
    seen: dict[tuple, int] = {}
    for index, path, line in _items(errors, document, "results", shape.Line):
        play = _play(errors, (line["table"], line["etui"], line.get("section")), path, places)
        needless = play is not None and (play[0], play[2], play[3]) in unscored
        if needless and line.get("not_played") is True:
            continue
        if "not_played" in line:
            stated = _not_played(errors, line, path)
            if stated is not None and play is not None:
                not_played.append(NotPlayed(*play, stated))
            continue
        score = _score(errors, line, path)
        if play is None:
            continue
        section, position, table, etui = play
        if (section, table, etui) in seen:
            errors.add(path, f"résultat déjà donné en results[{seen[(section, table, etui)]}]")
            continue
        seen[(section, table, etui)] = index
        if score is not None:
            results.append(FileResult(section, position, table, etui, *score))
    return results


def _not_played(errors: _Errors, line: dict, path: str) -> str | None:
    """The note of a line stated not played; it has neither score nor deal."""
    if not line["not_played"]:
        errors.add(path_at(path, "not_played"), "« not_played » vaut true, ou ne figure pas")
        return None
    if line.get("score") is not None or line.get("deal") is not None:
        errors.add(path, "une ligne non jouée n'a ni « score » ni « deal »")
        return None
    return line.get("note") or ""


def _seated(errors: _Errors, text: str, path: str, places: _Places | None, seated: set[Spot]):
    """The place of a player of « players » (the id as written while the movement is
    unknown)."""
    if places is None:
        return text
    spot = places.spot(errors, text, path)
    if spot is not None and spot not in seated:
        errors.add(path, "aucun joueur de « players » à cette place")
        return None
    return spot


def _play_players(
    errors: _Errors, ids: list[str], path: str, places: _Places, seated: set[Spot], play
) -> tuple[Spot, ...] | None:
    """The players a list of a ruling names (at ``path``), who play that étui at that
    table."""
    at_table = None
    if play is not None:
        section, _position, table, etui = play
        at_table = {(section, code) for code in places.tables[(section, table, etui)].players}
    spots = []
    for index, text in enumerate(ids):
        spot = _seated(errors, text, path_at(path, index), places, seated)
        if spot is not None and at_table is not None and spot not in at_table:
            errors.add(path_at(path, index), "ce joueur ne joue pas cet étui à cette table")
            return None
        spots.append(spot)
    return None if None in spots else tuple(dict.fromkeys(spots))


def _adjustment(
    errors: _Errors, ruling: dict, path: str, places: _Places, seated: set[Spot], play
) -> FileAdjustment | None:
    """A marque ajustée: ``ruling`` gives its kind, its faulty side and the lists of
    players (``players``, ``zero_players``, ``forty_players``), validated."""
    problems = len(errors)
    kind, faulty = ruling["kind"], ruling["faulty"]
    sided = names_a_side(kind)
    if sided != (faulty is not None):
        message = "camp fautif manquant pour" if sided else "pas de camp fautif pour"
        errors.add(path_at(path, "faulty"), f"{message} « {kind} » : « taker » ou « defense »")
    lists = {
        key: _play_players(errors, ruling[key], path_at(path, key), places, seated, play)
        for key in ("players", *NOTE_KEYS)
    }
    noted = [key for key in NOTE_KEYS if lists[key]]
    if noted and kind != AdjustmentKind.NEUTRALIZED:
        errors.add(
            path_at(path, noted[0]),
            "une note individuelle ne se donne que sur une donne neutralisée (« neutralized »)",
        )
    elif len(noted) > 1:
        errors.add(path, "donner soit « zero_players », soit « forty_players », pas les deux")
    if forgotten_by_defender(kind, faulty) and play is not None:
        section, _position, table, etui = play
        taker = (section, places.tables[(section, table, etui)].player_at(etui_taker(etui)))
        if len(lists["players"] or ()) != 1 or lists["players"][0] == taker:
            errors.add(path_at(path, "players"), "nommer le seul défenseur qui a oublié sa carte")
    if play is None or len(errors) > problems:
        return None
    return FileAdjustment(
        *play,
        AdjustmentKind(kind),
        None if faulty is None else Side(faulty),
        tuple(dict.fromkeys(spot for spots in lists.values() for spot in spots)),
        NOTE_KEYS[noted[0]] if noted else "",
    )


def _adjustments(
    errors: _Errors, document: dict, places: _Places | None, seated: set[Spot]
) -> list[FileAdjustment]:
    adjustments: list[FileAdjustment] = []
    seen: dict[tuple, int] = {}
    for index, path, data in _items(errors, document, "adjustments", shape.Adjustment):
        if places is None:
            continue
        play = _play(errors, (data.table, data.etui, data.section), path, places)
        key = None if play is None else (play[0], play[2], play[3])
        if key in seen:
            errors.add(path, f"marque ajustée déjà donnée pour ce jeu en adjustments[{seen[key]}]")
            continue
        ruling = {
            "kind": data.kind,
            "faulty": data.faulty,
            **{key: getattr(data, key) for key in ("players", *NOTE_KEYS)},
        }
        adjustment = _adjustment(errors, ruling, path, places, seated, play)
        if key is not None:
            seen[key] = index
        if adjustment is not None:
            adjustments.append(adjustment)
    return adjustments


def _incident(
    errors: _Errors, data: shape.Incident, path: str, places: _Places, seated: set[Spot]
) -> FileIncident | None:
    problems = len(errors)
    play = None
    if data.table is not None or data.etui is not None:
        play = _play(errors, (data.table, data.etui, data.section), path, places)
    players = _play_players(errors, data.players, path_at(path, "players"), places, seated, play)
    adjustment = None
    if data.adjustment is not None:
        if play is None:
            errors.add(path, "une marque ajustée porte sur un étui joué à une table")
        else:
            listed = {"zero": "zero_players", "forty": "forty_players"}.get(
                data.players_note, "players"
            )
            ruling = {"kind": data.adjustment, "faulty": data.faulty}
            ruling |= {key: [] for key in ("players", *NOTE_KEYS)} | {listed: data.players}
            adjustment = _adjustment(errors, ruling, path, places, seated, play)
    if len(errors) > problems or players is None:
        return None
    return FileIncident(
        path,
        data.fault,
        play,
        players,
        data.note or "",
        data.penalty,
        data.override_reason or "",
        adjustment,
        data.public_reason or "",
    )


def _incidents(
    errors: _Errors, document: dict, places: _Places | None, seated: set[Spot]
) -> list[FileIncident]:
    incidents: list[FileIncident] = []
    for _index, path, data in _items(errors, document, "incidents", shape.Incident):
        if places is None:
            continue
        incident = _incident(errors, data, path, places, seated)
        if incident is not None:
            incidents.append(incident)
    adjusted = [i for i in incidents if i.adjustment]
    keys = [(i.play[0], i.play[2], i.play[3]) for i in adjusted]
    for incident, key in zip(adjusted, keys, strict=True):
        if keys.count(key) > 1:
            errors.add(incident.path, "une seule marque ajustée par étui joué à une table")
    return incidents


def _penalties(
    errors: _Errors, document: dict, places: _Places | None, seated: set[Spot]
) -> list[FilePenalty]:
    penalties: list[FilePenalty] = []
    for _index, path, data in _items(errors, document, "penalties", shape.Penalty):
        spot = _seated(errors, data.player, path_at(path, "player"), places, seated)
        if places is not None and spot is not None:
            penalties.append(FilePenalty(spot, data.percent, data.reason or ""))
    return penalties


def tournament_file_parse(document) -> TournamentFile:
    """The tournament the document describes; TournamentFileInvalid lists every error."""
    errors = _Errors()
    if not isinstance(document, dict):
        errors.add("", "un objet JSON est attendu : { … }")
        raise TournamentFileInvalid(errors)
    _part(errors, document, "format", shape.Format)
    tournament = _tournament(errors, document)
    movement_type, room = _movement(errors, document)
    places = _Places(room) if room is not None else None
    licences: dict[str, str] = {}
    players = _players(errors, document, places, licences)
    seated = {player.spot for player in players}
    replacements = _replacements(errors, document, room, places, seated, licences)
    adjustments = _adjustments(errors, document, places, seated)
    incidents = _incidents(errors, document, places, seated)
    rulings = [*adjustments, *(i.adjustment for i in incidents if i.adjustment)]
    unscored = {(a.section, a.table, a.etui) for a in rulings if not a.kind.topped}
    not_played: list[NotPlayed] = []
    results = _results(errors, document, places, unscored, not_played)
    penalties = _penalties(errors, document, places, seated)
    if errors:
        raise TournamentFileInvalid(errors)
    return TournamentFile(
        tournament,
        movement_type,
        room,
        tuple(players),
        tuple(results),
        tuple(penalties),
        tuple(adjustments),
        tuple(incidents),
        tuple(not_played),
        tuple(replacements),
    )


def file_played_lines(tournament_file: TournamentFile) -> list[PlayedLine]:
    """The file's scored étuis as played (apps.results.domain.fingerprint): who sat at
    each seat of the table, by licence, or by place for a guest, and the taker's score. The
    file holds one session."""
    room = {
        (section.name, position.number, table.table): table
        for section in tournament_file.room.sections
        for position in section.positions
        for table in position.tables
    }
    people = {
        player.spot: player.licence or guest_identity(*player.spot)
        for player in tournament_file.players
    }
    return [
        PlayedLine(
            session=1,
            etui=result.etui,
            seats=tuple(
                people.get((result.section, code), VACANT)
                for code in room[(result.section, result.position, result.table)].players
            ),
            score=result.score,
        )
        for result in tournament_file.results
    ]


def document_fingerprint(document) -> str:
    """The content's fingerprint: the SHA-256 of the document's canonical JSON (keys
    sorted, no spaces), the same however the file was laid out."""
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def club_number(document) -> str | None:
    """The organising club's number the document names, if it can be read."""
    tournament = document.get("tournament") if isinstance(document, dict) else None
    number = tournament.get("club") if isinstance(tournament, dict) else None
    if isinstance(number, bool) or not isinstance(number, str | int):
        return None
    return str(number).strip() or None


# --- the export --------------------------------------------------------------------


def _percent(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _result_fields(result: PlayerResult | None) -> dict:
    """A player's percentages (0-100, two decimals) and ranks; none for a player listed
    apart (apps.results.domain.forfeits)."""
    if result is None:
        return dict.fromkeys(RESULT_KEYS) | {"tops": 0}
    return {
        "attack": _percent(result.attack),
        "defense": _percent(result.defence),
        "global": _percent(result.overall),
        "penalty": _percent(result.penalty),
        "final": _percent(result.final),
        "tops": result.tops,
        "rank": result.rank,
        "rank_alternate": result.rank_alternate,
    }


def _apart(unranked: Unranked | None) -> dict:
    if unranked is None:
        return {}
    return {"forfeit": True} if unranked.reason == FORFEIT else {"short": True}


def export_document(
    document: dict,
    results: SessionResults,
    ids: Mapping[str, str],
    replacements: Mapping[str, dict] | None = None,
) -> dict:
    """The document with the results: each player's percentages (0-100, two decimals) and
    ranks, in the order of the general ranking, then the players listed apart (no rank:
    ``"forfeit": true`` for a player replaced during play, ``"short": true`` for one who
    played less than half of their place); and every play with its taker's note
    (adjusted notes included, with the kind of the marque ajustée).
    ``ids`` gives the document's player id of each player key of the results;
    ``replacements`` the file's entry of each player who took a place over during play
    (``{"player": id, "position": n, "licence"…}``), written under ``"replacements"`` with
    their results."""
    people = {player["id"]: player for player in document["players"]}
    by_key = {result.player: result for result in results.players}
    apart = {unranked.player: unranked for unranked in results.unranked}
    order = [*by_key, *apart]
    players = [
        {**people[ids[key]], **_result_fields(by_key.get(key)), **_apart(apart.get(key))}
        for key in order
        if key in ids
    ]
    taken_over = [
        {**entry, **_result_fields(by_key.get(key)), **_apart(apart.get(key))}
        for key, entry in (replacements or {}).items()
    ]
    sections = {note.play.section for note in results.notes}
    etuis = [
        {
            "etui": note.play.etui,
            **({"section": note.play.section} if len(sections) > 1 else {}),
            "position": note.play.position,
            "table": note.play.table,
            "score": note.play.score,
            "taker_note": _percent(note.taker_note),
            **({"adjustment": note.adjustment} if note.adjustment else {}),
        }
        for note in results.notes
    ]
    exported = {**document, "players": players, "etuis": etuis}
    return exported | ({"replacements": taken_over} if taken_over else {})
