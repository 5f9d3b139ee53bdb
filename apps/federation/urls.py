"""The federation area's pages of this app: clubs, licensees, licensee imports, seasons. The area's
pages about tournaments come from apps.tournaments.federation_urls; config/urls.py puts
both in the « federation » namespace."""

from django.urls import include, path

urlpatterns = [
    path("", include("apps.federation.area_urls")),
    path("", include("apps.federation.import_urls")),
    path("", include("apps.federation.season_urls")),
]
