"""Tournament files built for the tests: a room's players and, for every étui of every
table, a Garde score drawn from real deals, some given as the deal's details."""

import json
import random

from django.core.files.uploadedfile import SimpleUploadedFile

from apps.movements.domain.room import room_movement
from apps.penalties.domain.effects import AdjustmentKind
from apps.results.selectors import session_results
from apps.scoring.domain.deal import Deal, duplicate_score
from apps.scoring.services import deal_details
from apps.tournaments.models import Registration, Session

FIRST_LICENCE = 3_000_001


def random_deal(rng: random.Random) -> Deal:
    """A Garde deal the cards allow, most of them without bonus."""
    while True:
        try:
            return Deal(
                bouts=rng.randrange(4),
                points=rng.randrange(20, 140) / 2,
                poignees=rng.choice([(), (), (), ("simple",)]),
                petit_au_bout=rng.choice([None, None, None, "taker", "defense"]),
            )
        except ValueError:
            continue


def player_id(section: str, code: str, single: bool) -> str:
    return code if single else f"{section} {code}"


def document_build(
    tables: int = 7,
    *,
    type: str | None = "ligne",
    positions: int | None = None,
    seed: int = 7,
    deal_every: int = 5,
    penalties: tuple = (("S3", 0.5, "lenteur"),),
    club: str | None = None,
    licence_from: int = FIRST_LICENCE,
    adjustments: tuple = (),
) -> dict:
    """A complete tournament file: every place taken, every étui of every table scored
    (but the plays an adjustment sets aside), every `deal_every`-th result given as the
    deal's details."""
    set_aside = {kind.value for kind in AdjustmentKind if not kind.topped}
    unscored = {
        (adjustment.get("etui"), adjustment.get("table"))
        for adjustment in adjustments
        if adjustment.get("kind") in set_aside
    }
    room = room_movement(tables, type, positions)
    single = len(room.sections) == 1
    rng = random.Random(seed)
    spots = [(section.name, code) for section in room.sections for code in section.players]
    players = [
        {
            "id": player_id(section, code, single),
            "licence": str(licence_from + index),
            "name": f"JOUEUR{index} Camille",
        }
        for index, (section, code) in enumerate(spots)
    ]
    results = []
    for section in room.sections:
        for position in section.positions:
            for table in position.tables:
                for etui in table.etuis:
                    deal = random_deal(rng)
                    result = {"etui": etui, "table": table.table}
                    if not single:
                        result["section"] = section.name
                    if len(results) % deal_every == 0:
                        result["deal"] = deal_details(deal)
                    else:
                        result["score"] = duplicate_score(deal)
                    if (etui, table.table) not in unscored:
                        results.append(result)
    tournament = {"name": "Open de la Saint-Martin", "date": "2026-11-19", "indice": 1.2}
    if club:
        tournament["club"] = club
    return {
        "format": "donne-tournament/1",
        "tournament": tournament,
        "movement": {"type": type, "tables": tables, "positions": positions},
        "players": players,
        "results": results,
        "penalties": [
            {"player": player, "percent": percent, "reason": reason}
            for player, percent, reason in penalties
        ],
        "adjustments": list(adjustments),
    }


def licences_of(session: Session) -> dict[str, str]:
    """{player key of the results: licence number} of the session's tournament."""
    rows = Registration.objects.filter(tournament=session.tournament)
    return {str(pk): licence for pk, licence in rows.values_list("pk", "licensee__licence_number")}


def comparable(session: Session) -> tuple[dict, list]:
    """The session's results with players named by licence: their percentages and ranks,
    and every play's score and note."""
    licences = licences_of(session)
    results = session_results(session)
    players = {
        licences[p.player]: (
            p.line,
            p.attack,
            p.defence,
            p.overall,
            p.penalty,
            p.final,
            p.tops,
            p.rank,
            p.rank_alternate,
        )
        for p in results.players
    }
    notes = [
        (n.play.etui, n.play.section, n.play.position, n.play.table, n.play.score, n.taker_note)
        for n in results.notes
    ]
    return players, notes


def upload(content: bytes | dict) -> SimpleUploadedFile:
    """A tournament file as the upload page receives it: a document or raw bytes."""
    if isinstance(content, dict):
        content = json.dumps(content).encode()
    return SimpleUploadedFile("tournoi.json", content, content_type="application/json")
