"""The tournament file described declaratively (pydantic): the one description from which
the import validates a document's shape (``document`` reads the document part by part,
each list item by item, against these models) and its JSON Schema is generated and
published (docs/tournament-file.schema.json, /api/schema/tournament-file/): the open
format other software can write and read. Each field's validator words its refusal in
French (``french_problems``); what a schema cannot say (every player id a place of the
movement, a score the deal can give, an incident's fault in the catalogue) ``document``
checks on the validated parts. docs/tournament-file.md explains every field with an
example.

The export adds the results to the same document: each player's percentages and ranks,
PCN and PP, and every play with its taker's note (``etuis``). Keys a reader does not know
are ignored, so a file of a later version still reads."""

import datetime
import json
from collections.abc import Callable
from decimal import Decimal
from typing import Annotated, Literal, NotRequired

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    ValidationError,
    ValidationInfo,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError
from typing_extensions import TypedDict

from apps.federation.domain.licences import (
    LICENCE_MAX_DIGITS,
    LICENCE_MIN_DIGITS,
    InvalidLicenceNumber,
    licence_number_normalize,
)
from apps.movements.domain.model import MovementType
from apps.movements.domain.room import MAX_TABLES, MIN_TABLES
from apps.penalties.domain.effects import AdjustmentKind
from apps.penalties.domain.ruling import PlayersNoteKind
from apps.scoring.domain.deal import Chelem, Contract, Poignee, Side
from apps.tournaments.domain.indices import INDICES, index_problem

FORMAT = "donne-tournament/1"
VERSION = 1  # the number in ``format``: a reader refuses a format it does not know
NOTE_MAX_LENGTH = 2000
FAULT_CODE_MAX_LENGTH = 60
NAME_MAX_LENGTH = 150
VENUE_MAX_LENGTH = 200
CLUB_MAX_LENGTH = 10
PERSON_NAME_MAX_LENGTH = 100
PERCENT_MIN, PERCENT_MAX = Decimal("0.01"), Decimal("100")
MISSING = "champ obligatoire manquant"
LICENCE_PATTERN = f"^[0-9]{{{LICENCE_MIN_DIGITS},{LICENCE_MAX_DIGITS}}}$"
NOT_BLANK = r"\S"  # a text with a character other than spaces
EMPTY_OR_NOT_BLANK = r"^$|\S"  # an optional text: "" reads as left out


# --- each kind of value, with its refusal in French --------------------------------


def _refused(message: str) -> PydanticCustomError:
    return PydanticCustomError("donne", "{message}", {"message": message})


def _fr(number: Decimal) -> str:
    return f"{number.normalize():f}".replace(".", ",")


def _text_in(value):
    """A non-empty text, trimmed; a number written for a text (a club number, a Howell
    player's number) read as its digits."""
    if type(value) is str and (text := value.strip()):
        return text
    if value is None:
        raise _refused(MISSING)
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not value.strip():
        raise _refused(f"un texte non vide est attendu (reçu : {value!r})")
    return value.strip()


def _name_in(value):
    """A text, never a number."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        raise _refused(f"un texte est attendu (reçu : {value!r})")
    return _text_in(value)


def _left_out_if_empty(value):
    return None if value in (None, "") else _text_in(value)


def Text(max_length: int | None = None, **field):
    """A required text of at most ``max_length`` characters."""
    return Annotated[
        str, Field(min_length=1, max_length=max_length, **field), BeforeValidator(_text_in)
    ]


def OptionalText(max_length: int | None = None, **field):
    """A text that may be left out (``""`` reads as left out, as the export writes a venue
    or a note nobody gave)."""
    return Annotated[
        Annotated[str, Field(max_length=max_length, pattern=EMPTY_OR_NOT_BLANK)] | None,
        Field(default=None, **field),
        BeforeValidator(_left_out_if_empty),
    ]


def _decimal_in(low: Decimal, high: Decimal, places: int) -> Callable:
    def read(value):
        if value is None:
            raise _refused(MISSING)
        if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
            raise _refused(f"un nombre est attendu (reçu : {value!r})")
        number = Decimal(str(value))
        if not (low <= number <= high and number == round(number, places)):
            decimals = "une décimale" if places == 1 else f"{places} décimales"
            raise _refused(
                f"de {_fr(low)} à {_fr(high)}, {decimals} au plus (reçu : {_fr(number)})"
            )
        return number

    return read


def _date_in(value):
    try:
        return datetime.date.fromisoformat(value)
    except (TypeError, ValueError):
        raise _refused(f"date « {value} » : écrire AAAA-MM-JJ, par exemple 2026-11-19") from None


def _index_in(value):
    """An index the regulation grants (``INDICES``), as a number."""
    low, high = min(INDICES), max(INDICES)
    index = _decimal_in(low, high, 1)(value)
    if index_problem(index):
        raise _refused(index_problem(index))
    return float(index)


def person_name(text: str) -> tuple[str, str] | str:
    """ "LAST First" as (last name, first name): the leading words in capitals make the
    last name ("LE GALL Jean-Pierre"); when none is, the first word does. A text (the
    refusal) when it cannot be read so."""
    words = text.split()
    if len(words) < 2:
        return f"« {text} » : écrire le nom puis le prénom, « DUCARD Lionel »"
    split = 1
    while split < len(words) - 1 and words[split].isupper():
        split += 1
    last, first = " ".join(words[:split]), " ".join(words[split:])
    if max(len(last), len(first)) > PERSON_NAME_MAX_LENGTH:
        return f"nom et prénom de {PERSON_NAME_MAX_LENGTH} caractères au plus"
    return last, first


def _person_name_in(text: str) -> str:
    read = person_name(text)
    if isinstance(read, str):
        raise _refused(read)
    return text


def _licence_in(value):
    """A licence number as the FFT writes it: a text of digits only (« 1001001 »), no
    number, no separator (the import from a spreadsheet reads those; a file does not)."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise _refused(f"un numéro de licence est un texte, entre guillemets (reçu : {value!r})")
    try:
        number = licence_number_normalize(value)
    except InvalidLicenceNumber as error:
        raise _refused(str(error)) from None
    if number != value:
        raise _refused(f"numéro de licence « {value} » : chiffres uniquement, sans séparateur")
    return number


def _licensed_unless_guest(licence: str | None, info: ValidationInfo) -> str | None:
    """A player has a licence, a guest (``"guest": true``) none."""
    guest = info.data.get("guest")
    if guest and licence is not None:
        raise _refused("un invité (« guest ») n'a pas de licence")
    if not guest and licence is None:
        raise _refused(MISSING)
    return licence


# A player has a licence, a guest none (``_licensed_unless_guest``), as the schema says it.
LICENSED_UNLESS_GUEST = {
    "if": {"properties": {"guest": {"const": True}}, "required": ["guest"]},
    "then": {"properties": {"licence": {"type": "null"}}},
    "else": {"properties": {"licence": {"type": "string"}}, "required": ["licence"]},
}
# A line gives the score, or the deal, or states the étui not played: exactly one.
ONE_OUTCOME = {
    "oneOf": [
        {"properties": {"score": {"type": "integer"}}, "required": ["score"]},
        {"properties": {"deal": {"type": "object"}}, "required": ["deal"]},
        {"required": ["not_played"]},
    ]
}

Integer = Annotated[int, Strict()]
PlayerId = Annotated[
    str,
    Field(
        min_length=1,
        description="A place of the movement: en ligne the seat and the starting table "
        "(« S3 », « O3 » read as « W3 »), Howell the player's number (« 7 »); with "
        "several parallel tournaments, the tournament's name first (« Vert S3 »).",
        examples=["N1", "S3", "Vert E2", "7"],
    ),
    BeforeValidator(_text_in),
]
Percent = Annotated[
    Decimal,
    Field(ge=PERCENT_MIN, le=PERCENT_MAX, decimal_places=2),
    BeforeValidator(_decimal_in(PERCENT_MIN, PERCENT_MAX, 2)),
    WithJsonSchema(
        {
            "type": "number",
            "minimum": float(PERCENT_MIN),
            "maximum": float(PERCENT_MAX),
            "multipleOf": float(PERCENT_MIN),
            "description": "Percentage points, two decimals at most (compared as decimals).",
        }
    ),
]
Note = OptionalText(NOTE_MAX_LENGTH)
# Read as written (a blank one as left out): every line of a large file may carry one.
Section = Annotated[
    str | None, Field(description="The tournament's name, with several tournaments.")
]
Result = Annotated[float | None, Field(ge=0, le=100, description="0 to 100, two decimals.")]


def _format_in(value):
    tag = _text_in(value)
    if tag != FORMAT:
        raise _refused(f"format « {tag} » inconnu : « {FORMAT} » attendu")
    return tag


Format = Annotated[Literal[FORMAT], BeforeValidator(_format_in)]  # type: ignore[valid-type]


class _Part(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class Tournament(_Part):
    name: Text(NAME_MAX_LENGTH)  # type: ignore[valid-type]
    date: Annotated[datetime.date, BeforeValidator(_date_in)] = Field(
        description="The day it was played, AAAA-MM-JJ."
    )
    indice: Annotated[
        Literal[tuple(float(index) for index in INDICES)],  # type: ignore[valid-type]
        BeforeValidator(_index_in),
    ] = Field(default=1.0, description="The PCN index (fascicule 3, ch. 5): 1, 1.2, 1.5, 1.8 or 3.")
    venue: OptionalText(VENUE_MAX_LENGTH)  # type: ignore[valid-type]
    club: OptionalText(  # type: ignore[valid-type]
        CLUB_MAX_LENGTH, description="The organising club's number."
    )


class Movement(_Part):
    type: MovementType | None = Field(
        default=None, description="Left out: the regulation's movement for that many tables."
    )
    tables: Integer = Field(json_schema_extra={"minimum": MIN_TABLES, "maximum": MAX_TABLES})
    positions: Integer | None = Field(default=None, ge=1)


class _Person(_Part):
    model_config = ConfigDict(json_schema_extra=LICENSED_UNLESS_GUEST)

    guest: Annotated[bool, Strict()] = Field(
        default=False, description="A guest without a licence."
    )
    licence: Annotated[
        str | None, BeforeValidator(_licence_in), AfterValidator(_licensed_unless_guest)
    ] = Field(
        default=None,
        pattern=LICENCE_PATTERN,
        validate_default=True,
        description="The FFT licence number; none for a guest.",
    )
    name: Annotated[
        str,
        Field(
            min_length=1,
            pattern=NOT_BLANK,
            description="Last name then first name: « DUCARD Lionel ».",
        ),
        BeforeValidator(_name_in),
        AfterValidator(_person_name_in),
    ]


class _Results(_Part):
    """What the export adds to each player (absent from a file to import)."""

    attack: Result = None
    defense: Result = None
    global_: Result = Field(default=None, alias="global", description="Before penalties.")
    penalty: Result = None
    final: Result = Field(default=None, description="After penalties; ranks follow it.")
    tops: int | None = Field(default=None, ge=0, description="Notes of exactly 100 %.")
    rank: int | None = Field(default=None, ge=1)
    rank_alternate: int | None = Field(default=None, ge=1)
    forfeit: bool | None = Field(default=None, description="Replaced during play: not ranked.")
    short: bool | None = Field(default=None, description="Played less than half: not ranked.")
    pcn: int | None = Field(default=None, ge=0)
    pp: int | None = Field(default=None, ge=0)


class Player(_Person, _Results):
    id: PlayerId


class Replacement(_Person, _Results):
    """Who took a place over during play (fascicule 3, ch. 2 art. 18), from a position."""

    player: PlayerId
    position: Integer = Field(ge=1)
    from_etui: Integer | None = Field(
        default=None,
        ge=1,
        description=(
            "The first étui they played at the place's table of that position, the player "
            "before them having played the ones before it; absent: from its first étui."
        ),
    )


class Deal(_Part):
    """The deal's details, from which the score is worked out (fascicule 3, « La marque »);
    no other key."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    bouts: Integer = Field(ge=0, le=3)
    points: Annotated[float, Strict()] = Field(ge=0, le=91, multiple_of=0.5)
    # Duplicate plays an imposed Garde at 4 players (``apps.scoring.domain.deal``).
    contract: Contract = Field(default=Contract.GARDE, json_schema_extra={"const": Contract.GARDE})
    players: Integer = Field(default=4, json_schema_extra={"const": 4})
    poignees: list[Poignee] = []
    petit_au_bout: Side | None = None
    chelem: Chelem | None = None


class Line(TypedDict):
    """One étui at one table: the taker's score, or the deal's details, or not played.
    Read as a plain dict (a large file holds thousands)."""

    __pydantic_config__ = ConfigDict(json_schema_extra=ONE_OUTCOME)

    etui: Annotated[Integer, Field(ge=1)]
    table: Annotated[Integer, Field(ge=1)]
    section: NotRequired[Section]
    score: NotRequired[
        Annotated[Integer | None, Field(description="The taker's score, a Garde's.")]
    ]
    deal: NotRequired[Deal | None]
    not_played: NotRequired[
        Annotated[
            bool,
            Strict(),
            Field(description="Stated not played, with a note.", json_schema_extra={"const": True}),
        ]
    ]
    note: NotRequired[Note]


class Penalty(_Part):
    player: PlayerId
    percent: Percent
    reason: OptionalText()  # type: ignore[valid-type]


class Incident(_Part):
    """A ruling of the referee (fascicule 3, ch. 4 « Code d'arbitrage »)."""

    fault: Text(FAULT_CODE_MAX_LENGTH, description="The catalogue's code.")  # type: ignore[valid-type]
    etui: Integer | None = Field(default=None, ge=1)
    table: Integer | None = Field(default=None, ge=1)
    section: Section = None
    players: list[PlayerId] = []
    note: OptionalText(NOTE_MAX_LENGTH, description="The referee's own note.")  # type: ignore[valid-type]
    public_reason: OptionalText(  # type: ignore[valid-type]
        NOTE_MAX_LENGTH, description="Printed on the sheets."
    )
    penalty: Percent | None = None
    override_reason: Note = None
    adjustment: AdjustmentKind | None = Field(default=None, description="A marque ajustée.")
    faulty: Side | None = Field(default=None, description="For 40_60 and forgotten_card.")
    players_note: PlayersNoteKind | None = Field(
        default=None, description="On a neutralised play: the players' 0 or 40 %."
    )


class Adjustment(_Part):
    """A marque ajustée as older files carried it (now an incident's ``adjustment``)."""

    etui: Integer = Field(ge=1)
    table: Integer = Field(ge=1)
    section: Section = None
    kind: AdjustmentKind
    faulty: Side | None = None
    players: list[PlayerId] = []
    zero_players: list[PlayerId] = []
    forty_players: list[PlayerId] = []


class PlayNote(_Part):
    """What the export adds: every play with its taker's note."""

    etui: int
    section: str | None = None
    position: int
    table: int
    score: int | None
    taker_note: float | None
    adjustment: AdjustmentKind | None = None


class TournamentFile(_Part):
    """One session of a duplicate tarot tournament: its movement, who sat where, every
    étui's score, the referee's rulings and, once exported, its results."""

    model_config = ConfigDict(
        extra="allow",
        frozen=True,
        title="Donne tournament file",
        json_schema_extra={"$schema": "https://json-schema.org/draft/2020-12/schema"},
    )

    format: Format
    tournament: Tournament
    movement: Movement
    players: list[Player] = Field(min_length=1)
    results: list[Line] = []
    penalties: list[Penalty] = []
    incidents: list[Incident] = []
    adjustments: list[Adjustment] = []
    replacements: list[Replacement] = []
    etuis: list[PlayNote] = Field(default=[], description="Added by the export.")


def tournament_file_schema() -> dict:
    """The JSON Schema of the tournament file, as published."""
    return TournamentFile.model_json_schema(by_alias=True)


def tournament_file_schema_text() -> str:
    """The schema as docs/tournament-file.schema.json holds it."""
    return json.dumps(tournament_file_schema(), indent=2, ensure_ascii=False) + "\n"


def _number(value):
    """A number as French writes it (« 0,5 »); anything else as it is."""
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        return value
    return _fr(Decimal(str(value)))


_INTEGER = "un nombre entier est attendu (reçu : {input!r})"
_NUMBER = "un nombre est attendu (reçu : {input!r})"
_OBJECT = "un objet JSON est attendu : {{ … }}"
# pydantic's own refusals (a type, a bound) in French; a field's validator words its own.
_FRENCH = {
    "missing": MISSING,
    "model_type": _OBJECT,
    "dict_type": _OBJECT,
    "model_attributes_type": _OBJECT,
    "list_type": "une liste JSON est attendue : [ … ]",
    "int_type": _INTEGER,
    "int_parsing": _INTEGER,
    "int_from_float": _INTEGER,
    "float_type": _NUMBER,
    "float_parsing": _NUMBER,
    "bool_type": "true ou false est attendu (reçu : {input!r})",
    "bool_parsing": "true ou false est attendu (reçu : {input!r})",
    "string_type": "un texte est attendu (reçu : {input!r})",
    "string_too_short": "un texte non vide est attendu (reçu : {input!r})",
    "string_too_long": "{max_length} caractères au plus",
    "string_pattern_mismatch": "« {input} » : forme attendue {pattern}",
    "greater_than_equal": "au moins {ge} (reçu : {shown})",
    "greater_than": "plus de {gt} (reçu : {shown})",
    "less_than_equal": "au plus {le} (reçu : {shown})",
    "less_than": "moins de {lt} (reçu : {shown})",
    "multiple_of": "un multiple de {multiple_of} (reçu : {shown})",
    "too_short": "au moins {min_length} élément(s)",
    "literal_error": "« {input} » inconnu : {choices}",
    "enum": "« {input} » inconnu : {choices}",
}


def _choices(expected: str) -> str:
    """pydantic's « 'a', 'b' or 'c' » as « a, b, c »."""
    return expected.replace("'", "").replace(" or ", ", ")


def _french(error: dict, fields: dict[str, tuple[str, ...]]) -> str:
    """The French words of one pydantic error; ``fields``: each model's keys, for a key
    a model does not allow."""
    kind = error["type"]
    if kind == "donne":
        return error["ctx"]["message"]
    if error.get("input", MISSING) is None and _FRENCH.get(kind) != _OBJECT:
        return MISSING
    if kind == "extra_forbidden":
        model = error["loc"][-2] if len(error["loc"]) > 1 else ""
        return f"champ inconnu ; les champs d'une donne : {', '.join(fields.get(model, ()))}"
    template = _FRENCH.get(kind)
    if template is None:
        return error["msg"]
    context = {**error.get("ctx", {})}
    context = {key: _number(value) for key, value in context.items()} | {
        "choices": _choices(error.get("ctx", {}).get("expected", "")),
        "input": error.get("input"),
        "shown": _number(error.get("input")),
    }
    return template.format(**context)


# The models that refuse a key they do not know, with their keys (the message lists them).
_CLOSED = {"deal": tuple(Deal.model_fields)}


def path_at(path: str, key: str | int) -> str:
    """The JSON path of ``key`` under ``path``, as the import writes paths:
    ``results[3].score``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def location(path: str, location: tuple) -> str:
    """A pydantic location under ``path``."""
    for part in location:
        path = path_at(path, part)
    return path


def french_problems(error: ValidationError, path: str = "") -> list[tuple[str, str]]:
    """(path, French message) of each problem pydantic found in the value at ``path``."""
    return [
        (location(path, problem["loc"]), _french(problem, _CLOSED))
        for problem in error.errors(include_url=False)
    ]


def schema_problems(document) -> list[str]:
    """Where ``document`` (parsed JSON) departs from the published schema: « path : what »,
    every one (empty: it conforms)."""
    try:
        TournamentFile.model_validate(document)
    except ValidationError as exc:
        return [f"{path} : {message}" for path, message in french_problems(exc)]
    return []
