"""The steps of the chain a user is offered on a tournament's pages (its homologation page
and the tournament's own page): the chain's steps at the tournament's level that the
user may take, each with its button, whether it asks a reason (required) or a comment
(optional, when passing on), and the resubmission of a tournament played on Donne, which
goes through its confirmation page."""

from django.urls import reverse
from django.utils.translation import gettext_lazy

from apps.approvals import permissions
from apps.approvals.domain.chain import MOVES, REASONED, TURNING_AWAY, Action, Level
from apps.approvals.models import Homologation

BUTTONS = {
    Action.SUBMIT: gettext_lazy("Send for homologation"),
    Action.PASS_ON: gettext_lazy("Pass on"),
    Action.APPROVE: gettext_lazy("Approve"),
    Action.SEND_BACK: gettext_lazy("Send back"),
    Action.ASK_CORRECTION: gettext_lazy("Ask for a correction"),
    Action.ACCEPT_CORRECTION: gettext_lazy("Accept the correction"),
    Action.REFUSE_CORRECTION: gettext_lazy("Refuse the correction"),
}


def steps_offered(user, homologation: Homologation) -> list[dict]:
    """The steps the user may take here, in the chain's order; a tournament played on
    Donne is sent again from its confirmation page (``confirm``)."""
    steps = []
    for (level, action), (_next, who) in MOVES.items():
        if level != homologation.level:
            continue
        deciding = action in (Action.ACCEPT_CORRECTION, Action.REFUSE_CORRECTION)
        if deciding != bool(homologation.correction_reason) and level == Level.APPROVED:
            continue
        if not permissions.can_act_as(user, homologation, who):
            continue
        resubmit = action == Action.SUBMIT and not homologation.external
        steps.append(
            {
                "action": action,
                "name": BUTTONS[action],
                "reason": action in REASONED,
                "comment": action == Action.PASS_ON,
                "secondary": action in TURNING_AWAY,
                "confirm": reverse("approvals:submit", args=[homologation.tournament_id])
                if resubmit
                else None,
            }
        )
    return steps
