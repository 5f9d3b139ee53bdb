"""Plays written by hand for the results' domain tests, in small rooms where Nord, Sud, Est
and Ouest of table t are the players Nt, St, Et and Wt."""

from apps.movements.domain.etuis import defender_seats
from apps.results.domain.model import PlayRecord

SEATS = ("N", "S", "E", "W")


def play(etui, table, taker_seat, score, position=1, section="Rouge", players_table=None):
    """Étui ``etui`` played at ``table`` by the players of ``players_table`` (default: the
    same table)."""
    seated = {seat: f"{seat}{players_table or table}" for seat in SEATS}
    defenders = tuple(seated[seat] for seat in defender_seats(taker_seat))
    taker = seated[taker_seat]
    return PlayRecord(etui, section, position, table, taker, taker_seat, defenders, score)


def room_lines(tables):
    """Each player's line in a room of `tables` tables: {"N1": "N", …}."""
    return {f"{seat}{table}": seat for table in range(1, tables + 1) for seat in SEATS}


def by_player(results):
    return {player.player: player for player in results.players}


# Three tables each play étui 1 (taker Nord) and étui 2 (taker Est).
# Étui 1: 20, -30, 20 -> Nord 75, 0, 75; étui 2: -10, 40, 0 -> Est 0, 100, 50.
THREE_TABLES = [
    play(1, 1, "N", 20), play(1, 2, "N", -30), play(1, 3, "N", 20),
    play(2, 1, "E", -10), play(2, 2, "E", 40), play(2, 3, "E", 0),
]  # fmt: skip
