"""The pages of the awards: the federation's file of a tournament."""

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from apps.awards import federation_file
from apps.core.pages import download, sign_in_when_refused
from apps.tournaments.models import Tournament
from apps.tournaments.permissions import can_download_award_file


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
