from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

urlpatterns = [
    path("", include("apps.core.urls")),
    path("", include("apps.accounts.urls")),
    path("", include("apps.federation.urls")),
    path("", include("apps.tournaments.urls")),
    path("", include("apps.movements.urls")),
    path("", include("apps.penalties.urls")),
    path("", include("apps.scoring.results_urls")),
    path("", include("apps.scoring.urls")),
    path("", include("apps.scoring.file_urls")),
    path("api/", include("config.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("admin/", admin.site.urls),
]
