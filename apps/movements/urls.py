from django.urls import path

from apps.movements import player_views, views

app_name = "movements"
prefix = "seances/<int:pk>/mouvement/"
urlpatterns = [
    path(prefix, views.movement_page, name="page"),
    path(f"{prefix}verifier/", views.movement_check, name="check"),
    path(f"{prefix}generer/", views.movement_generate, name="generate"),
    path(f"{prefix}position-suivante/", views.movement_advance, name="advance"),
    path(f"{prefix}echanger/", views.movement_change, {"change": "swap"}, name="swap"),
    path(f"{prefix}retardataire/", views.movement_change, {"change": "late"}, name="late"),
    path(f"{prefix}remplacer/", views.movement_change, {"change": "replace"}, name="replace"),
    path(f"{prefix}imprimer/<slug:kind>.pdf", views.movement_printout, name="printout"),
    path("joueur/ou-je-joue/", player_views.where_i_play, name="where_i_play"),
]
