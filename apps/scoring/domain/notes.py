"""The scale of a play's notes (fascicule 3, ch. 1, « 1ère étape : topage de chaque donne du
concours »): the TOP is 100 %, the worst note 0 %. Topage gives the notes on this scale;
the referee's adjusted scores (ch. 4) are given on it too."""

TOP = 100.0
