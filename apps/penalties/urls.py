from django.urls import path

from apps.penalties import views

app_name = "penalties"
prefix = "seances/<int:pk>/incidents/"
urlpatterns = [
    path(prefix, views.incidents_page, name="incidents"),
    path(f"{prefix}fautes/", views.fault_search, name="faults"),
    path(f"{prefix}joueurs/", views.players_choice, name="players"),
    path(f"{prefix}<int:incident>/annuler/", views.incident_cancel, name="cancel"),
]
