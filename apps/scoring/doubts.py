"""The question score entry asks before an unlikely score counts (domain.likelihood), the
same on the referee's screen and on Nord's phone: a typed score is asked about once, and
counts when it is sent again unchanged with the confirmation the question put in the form."""

from collections.abc import Callable, Sequence

from apps.scoring.domain.likelihood import unlikely_score
from apps.scoring.forms import LineForm

CONFIRMED = "confirmed"  # the form's field (under its prefix) holding the score confirmed


def confirmation_name(form: LineForm) -> str:
    """The name of the field that confirms the score asked about."""
    return form.add_prefix(CONFIRMED)


def unlikely_question(form: LineForm, others: Callable[[], Sequence[int]]) -> str | None:
    """Why the score typed in the valid ``form`` (not one from the deal's details) is
    unlikely beside the étui's scores at the session's other tables (``others``, read only
    for a typed score); None when it is not, or when the same score comes back confirmed."""
    entry = form.entry()
    if entry is None or "score" not in entry:
        return None
    if form.data.get(confirmation_name(form)) == str(entry["score"]):
        return None
    return unlikely_score(entry["score"], others())
