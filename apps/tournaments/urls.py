from django.urls import path

from apps.tournaments import public_views, referee_views, registration_views, views

app_name = "tournaments"
urlpatterns = [
    path("", public_views.home, name="home"),
    path("joueur/", public_views.player_home, name="player_home"),
    path("club/", views.club_home, name="club_home"),
    path("club/tournois/nouveau/", views.tournament_create, name="create"),
    path("tournois/<int:pk>/", views.detail, name="detail"),
    path("tournois/<int:pk>/modifier/", views.tournament_edit, name="edit"),
    path("tournois/<int:pk>/statut/", views.tournament_transition, name="transition"),
    path(
        "tournois/<int:pk>/seances/<int:session_pk>/heure/",
        views.session_start,
        name="session_start",
    ),
    path(
        "tournois/<int:pk>/inscriptions/",
        registration_views.registration_add,
        name="registration_add",
    ),
    path(
        "tournois/<int:pk>/inscriptions/recherche/",
        registration_views.registration_search,
        name="registration_search",
    ),
    path(
        "tournois/<int:pk>/inscriptions/<int:registration_pk>/retirer/",
        registration_views.registration_remove,
        name="registration_remove",
    ),
    path("tournois/<int:pk>/arbitres/", registration_views.referee_assign, name="referee_assign"),
    path(
        "tournois/<int:pk>/arbitres/<int:assignment_pk>/retirer/",
        registration_views.referee_unassign,
        name="referee_unassign",
    ),
    path("arbitre/", referee_views.referee_home, name="referee_home"),
    path("arbitre/tournois/<int:pk>/", referee_views.referee_room, name="referee_room"),
    path("arbitre/tournois/<int:pk>/invite/", referee_views.guest_add, name="guest_add"),
]
