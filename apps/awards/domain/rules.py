"""The version of the award rules coded here (fascicule 3, ch. 5: the PCN and PP tables,
indices, ceilings, ex-æquo sharing). It is part of every tournament's award fingerprint:
bump it whenever a table or a rule of this package changes, and the awards of every
tournament not yet approved are computed again (apps.awards.services.awards_stale_refresh);
an approved tournament keeps its awards until federation staff ask for a recomputation."""

RULES_VERSION = 1
