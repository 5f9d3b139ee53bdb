from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from apps.federation import urls as federation_urls
from apps.tournaments import federation_urls as tournament_federation_urls

federation_area = [*federation_urls.urlpatterns, *tournament_federation_urls.urlpatterns]

urlpatterns = [
    path("", include("apps.core.urls")),
    path("", include("apps.accounts.urls")),
    path("", include((federation_area, "federation"))),
    path("", include("apps.tournaments.urls")),
    path("", include("apps.movements.urls")),
    path("", include("apps.penalties.urls")),
    path("", include("apps.results.urls")),
    path("", include("apps.scoring.urls")),
    path("", include("apps.exchange.urls")),
    path("", include("apps.competitions.urls")),
    path("", include("apps.awards.urls")),
    path("", include("apps.approvals.urls")),
    path("", include("apps.rankings.urls")),
    path("", include("apps.games.urls")),
    path("api/", include("config.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path(  # the split view serves its start-up script as a file: no inline script (CSP)
        "api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"
    ),
    path("admin/", admin.site.urls),
]
