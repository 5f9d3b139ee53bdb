"""The tournament file described declaratively (pydantic), from which its JSON Schema is
generated and published (docs/tournament-file.schema.json, /api/schema/tournament-file/):
the open format other software can write and read. Its limits are the validator's
(``document``), which also checks what a schema cannot say (every player id a place of
the movement, a score the deal can give, an incident's fault in the catalogue) and words
each error in French; docs/tournament-file.md explains every field with an example.

The export adds the results to the same document: each player's percentages and ranks,
PCN and PP, and every play with its taker's note (``etuis``). Keys a reader does not know
are ignored, so a file of a later version still reads."""

import datetime
import json
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from apps.exchange.domain.document import (
    CLUB_MAX_LENGTH,
    FAULT_CODE_MAX_LENGTH,
    FORMAT,
    NAME_MAX_LENGTH,
    NOTE_MAX_LENGTH,
    PERCENT_MAX,
    PERCENT_MIN,
    PERSON_NAME_MAX_LENGTH,
    VENUE_MAX_LENGTH,
)
from apps.penalties.domain.effects import AdjustmentKind
from apps.penalties.domain.ruling import PlayersNoteKind
from apps.scoring.domain.deal import Chelem, Contract, Poignee, Side
from apps.tournaments.domain.indices import INDICES

VERSION = 1  # the number in ``format``: a reader refuses a format it does not know

PlayerId = Annotated[
    str,
    Field(
        description="A place of the movement: en ligne the seat and the starting table "
        "(« S3 », « O3 » read as « W3 »), Howell the player's number (« 7 »); with "
        "several parallel tournaments, the tournament's name first (« Vert S3 »).",
        examples=["N1", "S3", "Vert E2", "7"],
    ),
]
Percent = Annotated[
    Decimal,
    Field(ge=PERCENT_MIN, le=PERCENT_MAX, decimal_places=2, description="Percentage points."),
]
Note = Annotated[str, Field(max_length=NOTE_MAX_LENGTH)]
Result = Annotated[float | None, Field(ge=0, le=100, description="0 to 100, two decimals.")]


class _Part(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)


class Tournament(_Part):
    name: str = Field(min_length=1, max_length=NAME_MAX_LENGTH)
    date: datetime.date = Field(description="The day it was played, AAAA-MM-JJ.")
    indice: Literal[tuple(float(index) for index in INDICES)] = Field(  # type: ignore[valid-type]
        default=1.0, description="The PCN index (fascicule 3, ch. 5): 1, 1.2, 1.5, 1.8 or 3."
    )
    venue: str | None = Field(default=None, max_length=VENUE_MAX_LENGTH)
    club: str | None = Field(
        default=None, max_length=CLUB_MAX_LENGTH, description="The organising club's number."
    )


class Movement(_Part):
    type: Literal["ligne", "howell"] | None = Field(
        default=None, description="Left out: the regulation's movement for that many tables."
    )
    tables: int = Field(ge=1)
    positions: int | None = Field(default=None, ge=1)


class _Person(_Part):
    licence: str | None = Field(
        default=None, pattern=r"^\d{1,10}$", description="The FFT licence number."
    )
    guest: bool = Field(default=False, description="A guest without a licence.")
    name: str = Field(
        min_length=1,
        max_length=PERSON_NAME_MAX_LENGTH,
        description="Last name then first name: « DUCARD Lionel ».",
    )


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
    position: int = Field(ge=2)


class Deal(_Part):
    """The deal's details, from which the score is worked out (fascicule 3, « La marque »)."""

    bouts: int = Field(ge=0, le=3)
    points: float = Field(ge=0, le=91, multiple_of=0.5)
    contract: Contract = Contract.GARDE
    players: int = Field(default=4, ge=3, le=5)
    poignees: list[Poignee] = []
    petit_au_bout: Side | None = None
    chelem: Chelem | None = None


class Line(_Part):
    """One étui at one table: the taker's score, or the deal's details, or not played."""

    etui: int = Field(ge=1)
    table: int = Field(ge=1)
    section: str | None = Field(default=None, description="With several tournaments.")
    score: int | None = Field(default=None, description="The taker's score, a Garde's.")
    deal: Deal | None = None
    not_played: bool = Field(default=False, description="Stated not played, with a note.")
    note: Note | None = None


class Penalty(_Part):
    player: PlayerId
    percent: Percent
    reason: str | None = None


class Incident(_Part):
    """A ruling of the referee (fascicule 3, ch. 4 « Code d'arbitrage »)."""

    fault: str = Field(max_length=FAULT_CODE_MAX_LENGTH, description="The catalogue's code.")
    etui: int | None = Field(default=None, ge=1)
    table: int | None = Field(default=None, ge=1)
    section: str | None = None
    players: list[PlayerId] = []
    note: Note | None = Field(default=None, description="The referee's own note.")
    public_reason: Note | None = Field(default=None, description="Printed on the sheets.")
    penalty: Percent | None = None
    override_reason: Note | None = None
    adjustment: AdjustmentKind | None = Field(default=None, description="A marque ajustée.")
    faulty: Side | None = Field(default=None, description="For 40_60 and forgotten_card.")
    players_note: PlayersNoteKind | None = Field(
        default=None, description="On a neutralised play: the players' 0 or 40 %."
    )


class Adjustment(_Part):
    """A marque ajustée as older files carried it (now an incident's ``adjustment``)."""

    etui: int = Field(ge=1)
    table: int = Field(ge=1)
    section: str | None = None
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

    format: Literal[FORMAT]  # type: ignore[valid-type]
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


def schema_problems(document) -> list[str]:
    """Where ``document`` (parsed JSON) departs from the published schema: « path : what »,
    every one (empty: it conforms)."""
    try:
        TournamentFile.model_validate(document)
    except ValidationError as exc:
        return [f"{_path(error['loc'])} : {error['msg']}" for error in exc.errors()]
    return []


def _path(location: tuple) -> str:
    """A pydantic location as the validator writes paths: ``results[3].score``."""
    path = ""
    for part in location:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path
