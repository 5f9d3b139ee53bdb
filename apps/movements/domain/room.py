"""The movement of a whole room for a number of tables: one section or several parallel
sections playing the same étuis (fascicule 3, ch. 3).

- 3 and 4 tables play the Howell; from 5 tables the room plays en ligne, as one section
  or as parallel sections sized as « Affectation des joueurs : mises en place
  conseillées » says up to 28 tables, named Rouge, Vert, Bleu, Jaune, Blanc in that
  order.
- Beyond 28 tables the regulation gives no allocation: the room splits into
  k = ⌈T / 7⌉ parallel sections as equal as possible, larger ones first, each of 5, 6
  or 7 tables (most sections of the allocation table; 4 étuis per table, so every
  player takes once per position). A larger section is never left alone, as 19 tables
  play 7 + 7 + 5 rather than 7 + 6 + 6: alone, it would play étuis no other section
  plays. Where equal sizes would leave one, the second section takes a table from the
  last one (31 tables: 7 + 7 + 6 + 6 + 5, not 7 + 6 + 6 + 6 + 6). Sections beyond the
  fifth take the colours again with a number: « Rouge 2 », « Vert 2 »…
- The Howell asked at 8, 9 and 12 tables gives the 2x4 Howell, the hybrid 5 en ligne
  + 4 Howell and the 3x4 Howell.
- Every section plays the same number of positions, since the ranking covers the whole
  field: by default the most the smallest of them allows.
- Variants the referee may ask for (``Variant``): 17 or 19 tables as one en ligne section
  (« 17 et 19 tables : mouvement en ligne simple »), the duplication position 0 of the
  6-table movement, the optional 4th étui of the Howell 3 tables.

Parallel sections play the same étuis (« Les tournois parallèles »), each section with its
own movement; players are named within their section, whose name tells them apart.
"""

from collections.abc import Callable
from dataclasses import replace
from enum import StrEnum
from math import ceil

from apps.movements.domain.howell import howell_movement, parallel_howell_movements
from apps.movements.domain.line import (
    PRIME_TABLES,
    etuis_regrouped,
    positions_checked,
    prime_line_movement,
)
from apps.movements.domain.model import (
    COLOURS,
    MovementType,
    RoomMovement,
    SectionMovement,
    UnsupportedMovement,
)
from apps.movements.domain.special import (
    eight_table_movement,
    hybrid_nine_movement,
    nine_table_movement,
    six_table_movement,
)

MIN_TABLES = 3
MAX_TABLES = 150  # the largest room the application runs (600 players)
TYPE_NAMES = {MovementType.LINE: "en ligne", MovementType.HOWELL: "Howell"}
# « Affectation des joueurs »: tables of each section, in colour order, 5 to 28 tables.
ALLOCATION: dict[int, tuple[int, ...]] = {
    5: (5,), 6: (6,), 7: (7,), 8: (8,), 9: (9,), 10: (5, 5), 11: (11,), 12: (6, 6),
    13: (13,), 14: (7, 7), 15: (5, 5, 5), 16: (8, 8), 17: (6, 6, 5), 18: (6, 6, 6),
    19: (7, 7, 5), 20: (5, 5, 5, 5), 21: (7, 7, 7), 22: (11, 11), 23: (6, 6, 6, 5),
    24: (6, 6, 6, 6), 25: (5, 5, 5, 5, 5), 26: (13, 13), 27: (9, 9, 9), 28: (7, 7, 7, 7),
}  # fmt: skip
LARGEST_SPLIT_SECTION = 7  # beyond the allocation table, sections of 5 to 7 tables

SPECIAL_LINES: dict[int, Callable[..., SectionMovement]] = {
    6: six_table_movement,
    8: eight_table_movement,
    9: nine_table_movement,
}
HOWELL_ROOMS: dict[int, Callable[[], tuple[SectionMovement, ...]]] = {
    3: lambda: (howell_movement(3),),
    4: lambda: (howell_movement(4),),
    8: lambda: parallel_howell_movements(2),
    9: hybrid_nine_movement,
    12: lambda: parallel_howell_movements(3),
}


class Variant(StrEnum):
    """What the regulation offers beside the advised movement of a room."""

    SINGLE_SECTION = "single_section"  # 17 or 19 tables as one en ligne section
    DUPLICATION = "duplication"  # 6 tables: position 0 duplicates the séries first
    FOURTH_ETUI = "fourth_etui"  # Howell 3 tables: a 4th étui, each player takes in turn


# Each variant: the room it applies to (tables, type) and the section it builds.
VARIANTS: dict[Variant, tuple[frozenset[int], MovementType, Callable[[int], SectionMovement]]] = {
    Variant.SINGLE_SECTION: (
        frozenset({17, 19}),
        MovementType.LINE,
        lambda tables: prime_line_movement(tables, name=section_name(0)),
    ),
    Variant.DUPLICATION: (
        frozenset({6}),
        MovementType.LINE,
        lambda tables: six_table_movement(duplication=True, name=section_name(0)),
    ),
    Variant.FOURTH_ETUI: (
        frozenset({3}),
        MovementType.HOWELL,
        lambda tables: howell_movement(3, duplicate_fourth=True),
    ),
}
VARIANT_ROOMS = {
    Variant.SINGLE_SECTION: "un seul tournoi en ligne se joue à 17 ou 19 tables",
    Variant.DUPLICATION: "la position 0 de duplication est celle du mouvement à 6 tables",
    Variant.FOURTH_ETUI: "le 4e étui ne se prépare qu'au Howell 3 tables",
}


def _variant_sections(
    tables: int, type: MovementType, variant: Variant | str
) -> tuple[SectionMovement, ...]:
    try:
        variant = Variant(variant)
    except ValueError:
        raise UnsupportedMovement(f"variante « {variant} » inconnue") from None
    sizes, variant_type, build = VARIANTS[variant]
    if tables not in sizes or type is not variant_type:
        raise UnsupportedMovement(
            f"{VARIANT_ROOMS[variant]} ({tables} tables, {TYPE_NAMES[type]} demandé)"
        )
    return (build(tables),)


def played_positions(section: SectionMovement) -> int:
    """The positions where étuis are played (the duplication position 0 is not one)."""
    return sum(position.number >= 1 for position in section.positions)


def section_sizes(tables: int) -> tuple[int, ...]:
    """The tables of each en ligne section, largest first, for 5 tables or more."""
    if tables in ALLOCATION:
        return ALLOCATION[tables]
    count = ceil(tables / LARGEST_SPLIT_SECTION)
    size, larger = divmod(tables, count)
    if larger == 1:
        return (size + 1,) * 2 + (size,) * (count - 3) + (size - 1,)
    return (size + 1,) * larger + (size,) * (count - larger)


def section_name(index: int) -> str:
    """Rouge, Vert, Bleu, Jaune, Blanc, then Rouge 2, Vert 2…"""
    lap, colour = divmod(index, len(COLOURS))
    return COLOURS[colour] if lap == 0 else f"{COLOURS[colour]} {lap + 1}"


def _line_section(tables: int, name: str) -> SectionMovement:
    if tables in PRIME_TABLES:
        return prime_line_movement(tables, name=name)
    return SPECIAL_LINES[tables](name=name)


def _movement_type(type: MovementType | str | None, tables: int) -> MovementType:
    if type is None:
        return MovementType.HOWELL if tables < min(ALLOCATION) else MovementType.LINE
    try:
        return MovementType(type)
    except ValueError:
        raise UnsupportedMovement(
            f"type de mouvement « {type} » inconnu : « ligne » ou « howell »"
        ) from None


def _sections(tables: int, type: MovementType) -> tuple[SectionMovement, ...]:
    if type is MovementType.HOWELL:
        if tables not in HOWELL_ROOMS:
            raise UnsupportedMovement(
                f"pas de mouvement Howell à {tables} tables : il se joue à 3 ou 4 tables, "
                "à 8 (2x4 tables), à 9 (5 tables en ligne + 4 tables Howell) "
                "et à 12 tables (3x4 tables)"
            )
        return HOWELL_ROOMS[tables]()
    if tables < min(ALLOCATION):
        raise UnsupportedMovement(
            f"pas de mouvement en ligne à {tables} tables : jouer le Howell {tables} tables"
        )
    return tuple(
        _line_section(size, section_name(index)) for index, size in enumerate(section_sizes(tables))
    )


def room_movement(
    tables: int,
    type: MovementType | str | None = None,
    positions: int | None = None,
    variant: Variant | str | None = None,
    etuis: int | None = None,
) -> RoomMovement:
    """The room's movement, with ``etuis`` étuis a table when the tournament sets them (en
    ligne only); raise UnsupportedMovement (French message) when none fits."""
    if tables < MIN_TABLES:
        raise UnsupportedMovement(
            f"{tables} tables : un tournoi se joue à {MIN_TABLES} tables au moins"
        )
    if tables > MAX_TABLES:
        raise UnsupportedMovement(f"{tables} tables : {MAX_TABLES} tables au plus")
    kind = _movement_type(type, tables)
    sections = _variant_sections(tables, kind, variant) if variant else _sections(tables, kind)
    if etuis is not None:
        if kind is MovementType.HOWELL:
            raise UnsupportedMovement(
                "le Howell se joue avec les étuis de ses tables : pas de choix du nombre d'étuis"
            )
        sections = tuple(etuis_regrouped(section, etuis) for section in sections)
    shortest = min(sections, key=played_positions)
    try:
        count = positions_checked(positions, played_positions(shortest), tables)
    except UnsupportedMovement as error:
        if len(sections) == 1:
            raise
        raise UnsupportedMovement(
            f"{error}, le maximum du tournoi {shortest.name} ({shortest.tables} tables)"
        ) from None
    return RoomMovement(
        tables,
        tuple(
            replace(section, positions=tuple(p for p in section.positions if p.number <= count))
            for section in sections
        ),
    )
