"""The version of the award rules coded here (fascicule 3, ch. 5: the PCN and PP tables,
indices, ceilings, ex-æquo sharing). It is part of every tournament's award fingerprint:
bump it whenever a table or a rule of this package changes, and the awards of every
tournament not yet approved are computed again (apps.awards.services.awards_stale_refresh);
an approved tournament keeps its awards until federation staff ask for a recomputation."""

# 2: tied players at a national final share their places' values; PP of a one-session
# open by its classement alterné (fascicule 3, ch. 1 « 3ème étape », ch. 2 art. 20).
RULES_VERSION = 2
