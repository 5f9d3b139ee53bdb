from django.urls import include, path

app_name = "federation"
urlpatterns = [
    path("", include("apps.federation.area_urls")),
    path("", include("apps.federation.import_urls")),
]
