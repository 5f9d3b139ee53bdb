"""The pages of the awards: the federation's file of a tournament; for federation staff,
the rules' version and the recomputation of an approved tournament's awards."""

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from apps.awards import federation_file, selectors, services
from apps.awards.domain import rules
from apps.awards.permissions import can_recompute_awards
from apps.core.pages import (
    area_required,
    confirm_page,
    download,
    service_call,
    sign_in_when_refused,
)
from apps.tournaments.models import Tournament
from apps.tournaments.permissions import can_download_award_file

federation_only = area_required(can_recompute_awards)


@sign_in_when_refused
def award_file(request, pk):
    """The tournament's PCN and PP in the FFT's Excel format."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if not can_download_award_file(request.user, tournament):
        raise PermissionDenied
    return download(
        federation_file.award_file_xlsx(tournament),
        federation_file.XLSX,
        federation_file.award_file_name(tournament),
    )


@federation_only
def rules_page(request):
    """The rules' version, the approved tournaments computed under older rules (each with
    its « Recalculer »), those not yet approved waiting for theirs, the recomputations."""
    return render(
        request,
        "awards/rules.html",
        {
            "version": rules.RULES_VERSION,
            "older": selectors.approved_under_older_rules(),
            "waiting": selectors.following_older_rules().count(),
            "recomputations": selectors.recomputations()[:20],
        },
    )


@federation_only
def recompute(request, pk):
    """An approved tournament's awards computed again, after a confirmation with why."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    back = reverse("awards:rules")
    if request.method != "POST":
        return confirm_page(
            request,
            title="Recalculer les PCN et PP",
            question=(
                f"Recalculer les PCN et PP de « {tournament.name} » ({tournament.club}, "
                f"{tournament.date:%d/%m/%Y}) avec les règles actuelles (version "
                f"{rules.RULES_VERSION}) ? Le tournoi est homologué : les nouveaux PCN et PP "
                "entrent au classement national, et la prochaine publication nomme ce "
                "recalcul parmi ses changements."
            ),
            confirm_label="Recalculer",
            cancel_url=back,
            reason_label="Pourquoi (gardé dans l'historique)",
        )
    service_call(
        request,
        services.awards_recompute,
        done=f"Les PCN et PP de « {tournament.name} » sont recalculés.",
        actor=request.user,
        tournament=tournament,
        reason=request.POST.get("reason", ""),
    )
    return redirect(back)
