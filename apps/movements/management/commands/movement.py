"""`manage.py movement --tables T [--type ligne|howell] [--positions P] [--variant V]
[--json]`: the room's movement (fascicule 3, ch. 3) as JSON (RoomMovement.to_json) or as a
text grid. Variants: single_section (17 or 19 tables as one tournament), duplication (the
6-table position 0), fourth_etui (the Howell 3 tables' 4th étui)."""

import json

from django.core.management.base import BaseCommand, CommandError

from apps.movements.domain.model import MovementType, RoomMovement, UnsupportedMovement
from apps.movements.domain.room import Variant, room_movement

TYPE_LABELS = {MovementType.LINE: "en ligne", MovementType.HOWELL: "Howell"}
COLUMNS = ("Table", "Nord", "Sud", "Est", "Ouest", "Étuis")
COLUMN_WIDTH = 6


def _row(cells: tuple[str, ...]) -> str:
    return "  ".join(f"{cell:<{COLUMN_WIDTH}}" for cell in cells).rstrip()


def movement_text(room: RoomMovement) -> str:
    """The movement as a grid per section and position, in French."""
    count = len(room.sections)
    lines = [
        f"Salle de {room.tables} tables : "
        + ("un tournoi" if count == 1 else f"{count} tournois parallèles sur les mêmes étuis")
    ]
    for section in room.sections:
        lines += [
            "",
            f"Tournoi {section.name} : {TYPE_LABELS[section.type]}, {section.tables} tables, "
            f"{len(section.positions)} positions",
        ]
        for position in section.positions:
            lines += [f"Position {position.number}", _row(COLUMNS)]
            lines += [
                _row((str(t.table), *t.players, ", ".join(map(str, t.etuis))))
                for t in position.tables
            ]
    return "\n".join(lines)


class Command(BaseCommand):
    help = "Affiche le mouvement d'une salle : joueurs et étuis de chaque table à chaque position."

    def add_arguments(self, parser):
        parser.add_argument("--tables", type=int, required=True, help="nombre de tables")
        parser.add_argument(
            "--type",
            choices=[kind.value for kind in MovementType],
            help="ligne ou howell (par défaut : Howell à 3 et 4 tables, en ligne au-delà)",
        )
        parser.add_argument(
            "--positions", type=int, help="nombre de positions (par défaut : le maximum)"
        )
        parser.add_argument(
            "--variant",
            choices=[variant.value for variant in Variant],
            help="un seul tournoi en ligne à 17 ou 19 tables (single_section), la position 0 "
            "de duplication à 6 tables (duplication), le 4e étui du Howell 3 tables "
            "(fourth_etui)",
        )
        parser.add_argument(
            "--json", action="store_true", dest="as_json", help="sortie JSON pour les scripts"
        )

    def handle(self, *args, tables, type, positions, variant, as_json, **options):
        try:
            room = room_movement(tables, type, positions, variant)
        except UnsupportedMovement as error:
            raise CommandError(str(error)) from error
        self.stdout.write(
            json.dumps(room.to_json(), ensure_ascii=False) if as_json else movement_text(room)
        )
