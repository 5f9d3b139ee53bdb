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
     "replacements": [{"player": "N1", "position": 2, "licence": "…", "name": "…"}, …]
                  (optional: who took a place over during play)

- A player id names a place of the movement as the movement names it: en ligne the seat
  and the starting table ("S3", "O3" also read as "W3"), Howell the player's number
  ("7"). In a room of several parallel tournaments, the tournament's name comes first
  ("Vert S3"); it may be left out when only one tournament has that place. Places nobody
  holds are vacant.
- A replacement (fascicule 3, ch. 2 art. 18) names a place held by a player of
  ``players`` and the position (2 or later) from which another person holds it, given as
  a player is (licence or ``"guest": true``, and name). The replaced player is forfeit
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
  neutralised or zéro-collectif play needs no result.

A file is read only if it is at most FILE_MAX_BYTES and nested at most MAX_DEPTH deep
(``nesting_depth``, counted without parsing, so that a hostile document costs a scan).
Parsing collects every error with its JSON path ("results[3].score", indexes from 0) and
a French message, all of them in one pass. Keys a reader does not know are ignored, so
the exported document (the input plus the results) reads back as the same tournament.
"""

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from datetime import date
from decimal import Decimal
from itertools import accumulate

from apps.federation.domain.licences import InvalidLicenceNumber, licence_number_normalize
from apps.movements.domain.etuis import etui_taker
from apps.movements.domain.model import RoomMovement, TablePlay, UnsupportedMovement
from apps.movements.domain.room import room_movement
from apps.penalties.domain.effects import AdjustmentKind, Side
from apps.penalties.domain.ruling import PlayersNoteKind, forgotten_by_defender, names_a_side
from apps.results.domain.fingerprint import VACANT, PlayedLine, guest_identity
from apps.results.domain.model import FORFEIT, PlayerResult, SessionResults, Unranked
from apps.scoring.domain.deal import Deal, duplicate_score, duplicate_score_reason
from apps.tournaments.domain.indices import INDICES, Index, index_problem

FORMAT = "donne-tournament/1"
FILE_MAX_BYTES = 5 * 1024 * 1024
NOTE_MAX_LENGTH = 2000
FAULT_CODE_MAX_LENGTH = 60
PLAYERS_NOTES = tuple(note.value for note in PlayersNoteKind)
RESULT_KEYS = ("attack", "defense", "global", "penalty", "final", "rank", "rank_alternate")
MAX_DEPTH = 32  # the format needs 5 levels
NAME_MAX_LENGTH = 150
VENUE_MAX_LENGTH = 200
CLUB_MAX_LENGTH = 10
PERSON_NAME_MAX_LENGTH = 100
INDEX_MIN, INDEX_MAX = min(INDICES), max(INDICES)
PERCENT_MIN, PERCENT_MAX = Decimal("0.01"), Decimal("100")
DEAL_KEYS = tuple(field.name for field in fields(Deal))
SEAT_ALIASES = {"O": "W"}  # Ouest, as French sheets write it
KINDS = tuple(kind.value for kind in AdjustmentKind)
SIDES = tuple(side.value for side in Side)
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
    ``position`` on; the player of ``players`` held it before."""

    spot: Spot
    position: int
    licence: str | None  # None: a guest without a licence
    last_name: str
    first_name: str


@dataclass(frozen=True)
class FileResult:
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


# --- reading values ----------------------------------------------------------------
# A reader takes (errors, value, path, …) and returns the value read, or None after
# adding an error.


class _Errors(list):
    def add(self, path: str, message: str) -> None:
        self.append(FileError(path, message))


def _at(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _required(errors: _Errors, data: dict, key: str, path: str, read, *args):
    value = data.get(key)
    if value is None:
        errors.add(_at(path, key), "champ obligatoire manquant")
        return None
    return read(errors, value, _at(path, key), *args)


def _optional(errors: _Errors, data: dict, key: str, path: str, read, *args):
    value = data.get(key)
    return None if value is None or value == "" else read(errors, value, _at(path, key), *args)


def _object(errors: _Errors, value, path: str) -> dict | None:
    if isinstance(value, dict):
        return value
    errors.add(path, "un objet JSON est attendu : { … }")
    return None


def _list(errors: _Errors, value, path: str) -> list | None:
    if isinstance(value, list):
        return value
    errors.add(path, "une liste JSON est attendue : [ … ]")
    return None


def _integer(errors: _Errors, value, path: str) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int):
        errors.add(path, f"un nombre entier est attendu (reçu : {value!r})")
        return None
    return value


def _text(errors: _Errors, value, path: str, max_length: int = 0) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)  # a club number or a Howell number written as a number
    if not isinstance(value, str) or not value.strip():
        errors.add(path, f"un texte non vide est attendu (reçu : {value!r})")
        return None
    if max_length and len(value.strip()) > max_length:
        errors.add(path, f"{max_length} caractères au plus")
        return None
    return value.strip()


def _decimal(
    errors: _Errors, value, path: str, low: Decimal, high: Decimal, places: int
) -> Decimal | None:
    """A JSON number from low to high with at most `places` decimals."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        errors.add(path, f"un nombre est attendu (reçu : {value!r})")
        return None
    number = Decimal(str(value))
    if not (low <= number <= high and number == round(number, places)):
        decimals = "une décimale" if places == 1 else f"{places} décimales"
        errors.add(path, f"de {_fr(low)} à {_fr(high)}, {decimals} au plus (reçu : {_fr(number)})")
        return None
    return number


def _fr(number: Decimal) -> str:
    return f"{number.normalize():f}".replace(".", ",")


def _date(errors: _Errors, value, path: str) -> date | None:
    try:
        return date.fromisoformat(value)
    except (TypeError, ValueError):
        errors.add(path, f"date « {value} » : écrire AAAA-MM-JJ, par exemple 2026-11-19")
        return None


def _licence(errors: _Errors, value, path: str) -> str | None:
    try:
        return licence_number_normalize(value)
    except InvalidLicenceNumber as error:
        errors.add(path, str(error))
        return None


def _name(errors: _Errors, value, path: str) -> tuple[str, str] | None:
    """ "LAST First" as (last name, first name): the leading words in capitals make the
    last name ("LE GALL Jean-Pierre"); when none is, the first word does."""
    text = _text(errors, value, path)
    if text is None:
        return None
    words = text.split()
    if len(words) < 2:
        errors.add(path, f"« {text} » : écrire le nom puis le prénom, « DUCARD Lionel »")
        return None
    split = 1
    while split < len(words) - 1 and words[split].isupper():
        split += 1
    last, first = " ".join(words[:split]), " ".join(words[split:])
    if max(len(last), len(first)) > PERSON_NAME_MAX_LENGTH:
        errors.add(path, f"nom et prénom de {PERSON_NAME_MAX_LENGTH} caractères au plus")
        return None
    return last, first


# --- the parts of the document -----------------------------------------------------


def _part(errors: _Errors, document: dict, key: str) -> dict | None:
    """A top-level object of the document."""
    return _required(errors, document, key, "", _object)


def _format(errors: _Errors, document: dict) -> None:
    tag = _required(errors, document, "format", "", _text)
    if tag is not None and tag != FORMAT:
        errors.add("format", f"format « {tag} » inconnu : « {FORMAT} » attendu")


def _tournament(errors: _Errors, document: dict) -> TournamentInfo | None:
    data, path = _part(errors, document, "tournament"), "tournament"
    if data is None:
        return None
    name = _required(errors, data, "name", path, _text, NAME_MAX_LENGTH)
    day = _required(errors, data, "date", path, _date)
    index = Index.BASE
    if data.get("indice") is not None:
        index = _required(errors, data, "indice", path, _decimal, INDEX_MIN, INDEX_MAX, 1)
        if index is not None and index_problem(index):
            errors.add(_at(path, "indice"), index_problem(index))
            index = None
    venue = _optional(errors, data, "venue", path, _text, VENUE_MAX_LENGTH)
    club = _optional(errors, data, "club", path, _text, CLUB_MAX_LENGTH)
    if None in (name, day, index):
        return None
    return TournamentInfo(name, day, index, venue or "", club)


def _movement(errors: _Errors, document: dict) -> tuple[str | None, RoomMovement | None]:
    data, path = _part(errors, document, "movement"), "movement"
    if data is None:
        return None, None
    kind = _optional(errors, data, "type", path, _text)
    tables = _required(errors, data, "tables", path, _integer)
    positions = data.get("positions")
    if positions is not None and _integer(errors, positions, _at(path, "positions")) is None:
        return kind, None
    if tables is None:
        return kind, None
    try:
        return kind, room_movement(tables, kind, positions)
    except UnsupportedMovement as error:
        errors.add(path, str(error))
        return kind, None


class _Places:
    """The room's places and plays, and the ids that name them."""

    def __init__(self, room: RoomMovement):
        self.sections = {section.name.casefold(): section.name for section in room.sections}
        self.single = len(room.sections) == 1
        self.codes = {(s.name, code) for s in room.sections for code in s.players}
        self.plays: dict[tuple[str, int, int], int] = {}  # (section, table, étui): position
        self.tables: dict[tuple[str, int, int], TablePlay] = {}  # who plays it
        for section in room.sections:
            for position in section.positions:
                if position.number >= 1:  # the duplication position scores nothing
                    for table in position.tables:
                        for etui in table.etuis:
                            self.plays[(section.name, table.table, etui)] = position.number
                            self.tables[(section.name, table.table, etui)] = table

    def id(self, spot: Spot) -> str:
        return spot[1] if self.single else f"{spot[0]} {spot[1]}"

    def section(self, errors: _Errors, value, path: str) -> str | None:
        name = self.sections.get(value.casefold()) if isinstance(value, str) else None
        if name is None:
            known = ", ".join(self.sections.values())
            errors.add(path, f"tournoi « {value} » inconnu : {known}")
        return name

    def spot(self, errors: _Errors, value, path: str) -> Spot | None:
        text = _text(errors, value, path)
        if text is None:
            return None
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


def _person(errors: _Errors, data: dict, path: str, licences: dict[str, str]):
    """Who a player or a replacement is: (licence, name), the licence None for a guest
    (``"guest": true``); a licence already given (``licences``: licence -> where) is an
    error. None when something is missing."""
    guest = data.get("guest") is True
    if guest and "licence" in data:
        errors.add(_at(path, "licence"), "un invité (« guest ») n'a pas de licence")
    licence = None if guest else _required(errors, data, "licence", path, _licence)
    if licence is not None and licence in licences:
        errors.add(_at(path, "licence"), f"licence {licence} déjà donnée à {licences[licence]}")
    name = _required(errors, data, "name", path, _name)
    if name is None or (licence is None and not guest):
        return None
    if licence is not None:
        licences.setdefault(licence, path)
    return licence, name


def _players(
    errors: _Errors, document: dict, places: _Places | None, licences: dict[str, str]
) -> list[FilePlayer]:
    rows = _required(errors, document, "players", "", _list)
    if rows == []:
        errors.add("players", "aucun joueur : la liste est vide")
    players: list[FilePlayer] = []
    spots: dict[Spot, int] = {}
    for index, row in enumerate(rows or []):
        path = _at("players", index)
        data = _object(errors, row, path)
        if data is None:
            continue
        spot = _required(errors, data, "id", path, places.spot if places else _text)
        if spot in spots:
            errors.add(_at(path, "id"), f"place déjà donnée à players[{spots[spot]}]")
        person = _person(errors, data, path, licences)
        if places is None or spot is None or person is None:
            continue
        spots.setdefault(spot, index)
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
    (2 to the last: a replacement before play is the place's player)."""
    rows = _optional(errors, document, "replacements", "", _list) or []
    last = max((p.number for s in room.sections for p in s.positions), default=0) if room else 0
    taken: set[tuple[Spot, int]] = set()
    replacements: list[FileReplacement] = []
    for index, row in enumerate(rows):
        path = _at("replacements", index)
        data = _object(errors, row, path)
        if data is None:
            continue
        spot = _required(errors, data, "player", path, places.spot if places else _text)
        if places is not None and spot is not None and spot not in seated:
            errors.add(_at(path, "player"), "aucun joueur de « players » n'occupe cette place")
        position = _required(errors, data, "position", path, _integer)
        if position is not None and not 2 <= position <= max(last, 2):
            errors.add(_at(path, "position"), f"une position de 2 à {last} (reçu : {position})")
            position = None
        if (spot, position) in taken:
            errors.add(_at(path, "position"), "la place est déjà reprise à cette position")
        taken.add((spot, position))
        person = _person(errors, data, path, licences)
        if places is None or None in (spot, position, person):
            continue
        licence, name = person
        replacements.append(FileReplacement(spot, position, licence, *name))
    return sorted(replacements, key=lambda r: r.position)


def _deal(errors: _Errors, value, path: str) -> Deal | None:
    data = _object(errors, value, path)
    if data is None:
        return None
    problems = len(errors)
    for key in sorted(set(data) - set(DEAL_KEYS)):
        errors.add(
            _at(path, key), f"champ inconnu ; les champs d'une donne : {', '.join(DEAL_KEYS)}"
        )
    for key in ("bouts", "points"):
        if data.get(key) is None:
            errors.add(_at(path, key), "champ obligatoire manquant")
    poignees = _list(errors, data.get("poignees") or [], _at(path, "poignees"))
    if len(errors) > problems:
        return None
    values = {key: value for key, value in data.items() if value is not None}
    try:
        deal = Deal(**{**values, "poignees": tuple(poignees)})
        duplicate_score(deal)
    except (TypeError, ValueError) as error:
        errors.add(path, str(error))
        return None
    return deal


def _score(errors: _Errors, data: dict, path: str) -> tuple[int, Deal | None] | None:
    """The Garde score of a result, with the deal it comes from if the file gives one."""
    has_score, has_deal = data.get("score") is not None, data.get("deal") is not None
    if has_score and has_deal:
        errors.add(path, "donner soit « score », soit « deal », pas les deux")
    elif has_deal:
        deal = _deal(errors, data["deal"], _at(path, "deal"))
        return None if deal is None else (duplicate_score(deal), deal)
    elif has_score:
        score = _integer(errors, data["score"], _at(path, "score"))
        reason = None if score is None else duplicate_score_reason(score)
        if reason:
            errors.add(_at(path, "score"), f"{score} : {reason}")
        elif score is not None:
            return score, None
    else:
        errors.add(path, "il manque le score (« score ») ou le détail de la donne (« deal »)")
    return None


def _play(errors: _Errors, data: dict, path: str, places: _Places | None):
    """(section, position, table, étui) of a result, if the movement has that play."""
    table = _required(errors, data, "table", path, _integer)
    etui = _required(errors, data, "etui", path, _integer)
    if places is None:
        return None
    names = list(places.sections.values())
    if data.get("section") is not None:
        section = places.section(errors, data["section"], _at(path, "section"))
        names = [section] if section else []
    if None in (table, etui) or not names:
        return None
    found = [name for name in names if (name, table, etui) in places.plays]
    if len(found) == 1:
        return found[0], places.plays[(found[0], table, etui)], table, etui
    if found:
        errors.add(
            path,
            f"la table {table} joue l'étui {etui} dans les tournois {', '.join(found)} : "
            "préciser lequel (« section »)",
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
    for index, row in enumerate(_optional(errors, document, "results", "", _list) or []):
        path = _at("results", index)
        data = _object(errors, row, path)
        if data is None:
            continue
        play = _play(errors, data, path, places)
        needless = play is not None and (play[0], play[2], play[3]) in unscored
        if needless and data.get("score") is None and data.get("deal") is None:
            continue
        if data.get("not_played") is not None:
            stated = _not_played(errors, data, path)
            if stated is not None and play is not None:
                not_played.append(NotPlayed(*play, stated))
            continue
        score = _score(errors, data, path)
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


def _not_played(errors: _Errors, data: dict, path: str) -> str | None:
    """The note of a line stated not played; it has neither score nor deal."""
    if data.get("not_played") is not True:
        errors.add(_at(path, "not_played"), "« not_played » vaut true, ou ne figure pas")
        return None
    if data.get("score") is not None or data.get("deal") is not None:
        errors.add(path, "une ligne non jouée n'a ni « score » ni « deal »")
        return None
    return _optional(errors, data, "note", path, _text, NOTE_MAX_LENGTH) or ""


def _seated(errors: _Errors, value, path: str, places: _Places | None, seated: set[Spot]):
    """The place of a player of « players »."""
    if places is None:
        return _text(errors, value, path)
    spot = places.spot(errors, value, path)
    if spot is not None and spot not in seated:
        errors.add(path, "aucun joueur de « players » à cette place")
        return None
    return spot


def _choice(errors: _Errors, value, path: str, choices: tuple[str, ...]) -> str | None:
    if value not in choices:
        errors.add(path, f"« {value} » inconnu : {', '.join(choices)}")
        return None
    return value


def _play_players(
    errors: _Errors, data: dict, key: str, path: str, places: _Places, seated: set[Spot], play
) -> tuple[Spot, ...] | None:
    """The players a list of an adjustment names, who play that étui at that table."""
    rows = _optional(errors, data, key, path, _list) or []
    at_table = None
    if play is not None:
        section, _position, table, etui = play
        at_table = {(section, code) for code in places.tables[(section, table, etui)].players}
    spots = []
    for index, value in enumerate(rows):
        spot = _seated(errors, value, _at(_at(path, key), index), places, seated)
        if spot is not None and at_table is not None and spot not in at_table:
            errors.add(_at(_at(path, key), index), "ce joueur ne joue pas cet étui à cette table")
            return None
        spots.append(spot)
    return None if None in spots else tuple(dict.fromkeys(spots))


def _adjustment(
    errors: _Errors, data: dict, path: str, places: _Places, seated: set[Spot], play
) -> FileAdjustment | None:
    problems = len(errors)
    kind = _required(errors, data, "kind", path, _choice, KINDS)
    faulty = _optional(errors, data, "faulty", path, _choice, SIDES)
    sided = kind is not None and names_a_side(kind)
    if kind is not None and sided != (data.get("faulty") is not None):
        message = "camp fautif manquant pour" if sided else "pas de camp fautif pour"
        errors.add(_at(path, "faulty"), f"{message} « {kind} » : « taker » ou « defense »")
    lists = {
        key: _play_players(errors, data, key, path, places, seated, play)
        for key in ("players", *NOTE_KEYS)
    }
    noted = [key for key in NOTE_KEYS if lists[key]]
    if noted and kind != AdjustmentKind.NEUTRALIZED:
        errors.add(
            _at(path, noted[0]),
            "une note individuelle ne se donne que sur une donne neutralisée (« neutralized »)",
        )
    elif len(noted) > 1:
        errors.add(path, "donner soit « zero_players », soit « forty_players », pas les deux")
    if forgotten_by_defender(kind, faulty) and play is not None:
        section, _position, table, etui = play
        taker = (section, places.tables[(section, table, etui)].player_at(etui_taker(etui)))
        if len(lists["players"] or ()) != 1 or lists["players"][0] == taker:
            errors.add(_at(path, "players"), "nommer le seul défenseur qui a oublié sa carte")
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
    for index, row in enumerate(_optional(errors, document, "adjustments", "", _list) or []):
        path = _at("adjustments", index)
        data = _object(errors, row, path)
        if data is None or places is None:
            continue
        play = _play(errors, data, path, places)
        key = None if play is None else (play[0], play[2], play[3])
        if key in seen:
            errors.add(path, f"marque ajustée déjà donnée pour ce jeu en adjustments[{seen[key]}]")
            continue
        adjustment = _adjustment(errors, data, path, places, seated, play)
        if key is not None:
            seen[key] = index
        if adjustment is not None:
            adjustments.append(adjustment)
    return adjustments


def _incident(
    errors: _Errors, data: dict, path: str, places: _Places, seated: set[Spot]
) -> FileIncident | None:
    problems = len(errors)
    fault = _required(errors, data, "fault", path, _text, FAULT_CODE_MAX_LENGTH)
    play = None
    if data.get("table") is not None or data.get("etui") is not None:
        play = _play(errors, data, path, places)
    players = _play_players(errors, data, "players", path, places, seated, play)
    note = _optional(errors, data, "note", path, _text, NOTE_MAX_LENGTH) or ""
    penalty = _optional(errors, data, "penalty", path, _decimal, PERCENT_MIN, PERCENT_MAX, 2)
    reason = _optional(errors, data, "override_reason", path, _text, NOTE_MAX_LENGTH) or ""
    public = _optional(errors, data, "public_reason", path, _text, NOTE_MAX_LENGTH) or ""
    adjustment = None
    if data.get("adjustment") is not None:
        if play is None:
            errors.add(path, "une marque ajustée porte sur un étui joué à une table")
        else:
            note_key = _optional(errors, data, "players_note", path, _choice, PLAYERS_NOTES)
            listed = {"zero": "zero_players", "forty": "forty_players"}.get(note_key, "players")
            ruling = {
                "kind": data["adjustment"],
                "faulty": data.get("faulty"),
                listed: data.get("players") or [],
            }
            adjustment = _adjustment(errors, ruling, path, places, seated, play)
    if len(errors) > problems or players is None:
        return None
    return FileIncident(path, fault, play, players, note, penalty, reason, adjustment, public)


def _incidents(
    errors: _Errors, document: dict, places: _Places | None, seated: set[Spot]
) -> list[FileIncident]:
    incidents: list[FileIncident] = []
    for index, row in enumerate(_optional(errors, document, "incidents", "", _list) or []):
        path = _at("incidents", index)
        data = _object(errors, row, path)
        if data is None or places is None:
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
    for index, row in enumerate(_optional(errors, document, "penalties", "", _list) or []):
        path = _at("penalties", index)
        data = _object(errors, row, path)
        if data is None:
            continue
        spot = _required(errors, data, "player", path, _seated, places, seated)
        percent = _required(errors, data, "percent", path, _decimal, PERCENT_MIN, PERCENT_MAX, 2)
        reason = _optional(errors, data, "reason", path, _text) or ""
        if places is not None and None not in (spot, percent):
            penalties.append(FilePenalty(spot, percent, reason))
    return penalties


def tournament_file_parse(document) -> TournamentFile:
    """The tournament the document describes; TournamentFileInvalid lists every error."""
    errors = _Errors()
    if _object(errors, document, "") is None:
        raise TournamentFileInvalid(errors)
    _format(errors, document)
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
