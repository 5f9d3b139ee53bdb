"""The REST API: one router for every app's viewsets, and the token endpoint."""

from django.urls import include, path
from rest_framework.routers import DefaultRouter

from apps.accounts.api import TokenView
from apps.approvals.api import HomologationViewSet
from apps.awards.api import AwardViewSet
from apps.exchange.api import TournamentFileViewSet, tournament_file_schema_view
from apps.federation.api import ClubViewSet, LicenseeViewSet
from apps.games.api import BeloteMatchViewSet, FreeTableViewSet, PinochleGameViewSet
from apps.rankings.api import PlayerHistoryViewSet, PublicationViewSet
from apps.tournaments.api import RegistrationViewSet, TournamentViewSet

app_name = "api"


class Router(DefaultRouter):
    """Detail routes take numeric ids only (a viewset may set its own
    ``lookup_value_regex``): any other id is a page that does not exist, 404."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._default_value_pattern = "[0-9]{1,18}"


router = Router()
router.register("clubs", ClubViewSet, basename="club")
router.register("licensees", LicenseeViewSet, basename="licensee")
router.register("tournaments", TournamentViewSet, basename="tournament")
router.register("registrations", RegistrationViewSet, basename="registration")
router.register("tournament-files", TournamentFileViewSet, basename="tournament-file")
router.register("awards", AwardViewSet, basename="award")
router.register("homologations", HomologationViewSet, basename="homologation")
router.register("ranking-publications", PublicationViewSet, basename="ranking-publication")
router.register("ranking-players", PlayerHistoryViewSet, basename="ranking-player")
router.register("belote-matches", BeloteMatchViewSet, basename="belote-match")
router.register("pinochle-games", PinochleGameViewSet, basename="pinochle-game")
router.register("free-tables", FreeTableViewSet, basename="free-table")

urlpatterns = [
    path("auth/token/", TokenView.as_view(), name="token"),
    path(
        "schema/tournament-file/",
        tournament_file_schema_view,
        name="tournament-file-schema",
    ),
    path("", include(router.urls)),
]
