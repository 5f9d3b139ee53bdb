"""How many sessions a tournament may have: the pages that create one, the sessions added
later and a championship stage's regulation table all hold to it."""

MAX_SESSIONS = 12
