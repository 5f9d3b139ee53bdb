from django.urls import path

from apps.exchange import views

app_name = "exchange"
urlpatterns = [
    path("club/tournois/importer/", views.file_import, name="import"),
    path("seances/<int:pk>/tournoi.json", views.session_file, name="session_file"),
]
