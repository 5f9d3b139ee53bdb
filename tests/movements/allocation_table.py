"""« Affectation des joueurs : mises en place conseillées » (fascicule 3, ch. 3), copied
from the regulation: for 5 to 28 tables, the tables of each colour's tournament."""

# tables: ((colour, tables), …) in the printed column order Rouge, Vert, Bleu, Jaune, Blanc
ALLOCATION_TABLE: dict[int, tuple[tuple[str, int], ...]] = {
    5: (("Rouge", 5),),
    6: (("Rouge", 6),),
    7: (("Rouge", 7),),
    8: (("Rouge", 8),),
    9: (("Rouge", 9),),
    10: (("Rouge", 5), ("Vert", 5)),
    11: (("Rouge", 11),),
    12: (("Rouge", 6), ("Vert", 6)),
    13: (("Rouge", 13),),
    14: (("Rouge", 7), ("Vert", 7)),
    15: (("Rouge", 5), ("Vert", 5), ("Bleu", 5)),
    16: (("Rouge", 8), ("Vert", 8)),
    17: (("Rouge", 6), ("Vert", 6), ("Bleu", 5)),
    18: (("Rouge", 6), ("Vert", 6), ("Bleu", 6)),
    19: (("Rouge", 7), ("Vert", 7), ("Bleu", 5)),
    20: (("Rouge", 5), ("Vert", 5), ("Bleu", 5), ("Jaune", 5)),
    21: (("Rouge", 7), ("Vert", 7), ("Bleu", 7)),
    22: (("Rouge", 11), ("Vert", 11)),
    23: (("Rouge", 6), ("Vert", 6), ("Bleu", 6), ("Jaune", 5)),
    24: (("Rouge", 6), ("Vert", 6), ("Bleu", 6), ("Jaune", 6)),
    25: (("Rouge", 5), ("Vert", 5), ("Bleu", 5), ("Jaune", 5), ("Blanc", 5)),
    26: (("Rouge", 13), ("Vert", 13)),
    27: (("Rouge", 9), ("Vert", 9), ("Bleu", 9)),
    28: (("Rouge", 7), ("Vert", 7), ("Bleu", 7), ("Jaune", 7)),
}
