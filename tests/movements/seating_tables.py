"""The serpentine seatings of fascicule 3, ch. 3 « Mise en place des séances suivantes »,
copied from the regulation.

Each table is one row per starting table: the rank (1 = best of the previous ranking) of
the player who starts in Nord, Sud, Est and Ouest of that table.
"""

# per starting table: ranks of Nord, Sud, Est, Ouest
Layout = tuple[tuple[int, int, int, int], ...]

# fmt: off
# « 5 TABLES », « 7 TABLES », « 11 TABLES », « 13 TABLES »: one tournament.
SINGLE: dict[int, Layout] = {
    5: (
        (1, 18, 14, 12),
        (8, 2, 19, 13),
        (9, 7, 3, 20),
        (16, 10, 6, 4),
        (17, 15, 11, 5),
    ),
    7: (
        (1, 26, 22, 12),
        (8, 2, 27, 13),
        (9, 7, 3, 20),
        (16, 10, 6, 21),
        (17, 15, 11, 28),
        (24, 18, 14, 4),
        (25, 23, 19, 5),
    ),
    11: (
        (1, 42, 38, 12),
        (8, 2, 43, 13),
        (9, 7, 3, 20),
        (16, 10, 6, 21),
        (17, 15, 11, 28),
        (24, 18, 14, 29),
        (25, 23, 19, 36),
        (32, 26, 22, 37),
        (33, 31, 27, 44),
        (40, 34, 30, 4),
        (41, 39, 35, 5),
    ),
    13: (
        (1, 50, 46, 12),
        (8, 2, 51, 13),
        (9, 7, 3, 20),
        (16, 10, 6, 21),
        (17, 15, 11, 28),
        (24, 18, 14, 29),
        (25, 23, 19, 36),
        (32, 26, 22, 37),
        (33, 31, 27, 44),
        (40, 34, 30, 45),
        (41, 39, 35, 52),
        (48, 42, 38, 4),
        (49, 47, 43, 5),
    ),
}

# « 5 / 6 / 7 Tables Tournoi A » and « Tournoi B »: two parallel tournaments, ranked together.
PARALLEL: dict[int, tuple[Layout, Layout]] = {
    5: (
        (
            (1, 36, 28, 24),
            (16, 4, 37, 25),
            (17, 13, 5, 40),
            (32, 20, 12, 8),
            (33, 29, 21, 9),
        ),
        (
            (7, 35, 27, 23),
            (15, 6, 38, 26),
            (18, 14, 3, 39),
            (31, 19, 11, 2),
            (34, 30, 22, 10),
        ),
    ),
    6: (
        (
            (1, 36, 28, 9),
            (16, 47, 37, 24),
            (17, 4, 44, 25),
            (32, 13, 5, 40),
            (33, 20, 12, 41),
            (48, 29, 21, 8),
        ),
        (
            (7, 34, 30, 11),
            (10, 47, 35, 22),
            (23, 2, 46, 27),
            (26, 15, 3, 38),
            (39, 18, 14, 43),
            (42, 31, 19, 6),
        ),
    ),
    7: (
        (
            (1, 52, 44, 24),
            (16, 4, 53, 25),
            (17, 13, 5, 40),
            (32, 20, 12, 41),
            (33, 29, 21, 56),
            (48, 36, 28, 8),
            (49, 45, 37, 9),
        ),
        (
            (55, 6, 14, 34),
            (42, 54, 3, 31),
            (39, 43, 51, 18),
            (26, 38, 46, 15),
            (23, 27, 35, 2),
            (10, 22, 30, 50),
            (7, 11, 19, 47),
        ),
    ),
}
# fmt: on

# « 6 Tables Tournoi A » prints 47 for Sud of table 2, the rank tournament B gives to its own
# Sud of table 2, and no player 45: (tables, tournament index, starting table, seat) ->
# (printed, meant). Tournament A holds the ranks 1, 4, 5, 8, 9 … (1 and 0 modulo 4) and
# its 6th serpentine block (41 to 48) puts its third player, 45, in that Sud.
MISPRINTS: dict[tuple[int, int, int, str], tuple[int, int]] = {(6, 0, 2, "S"): (47, 45)}
