from django.urls import path

from apps.scoring import file_views

app_name = "tournament_files"
urlpatterns = [
    path("club/tournois/importer/", file_views.file_import, name="import"),
]
