from django.urls import path

from apps.competitions import views

app_name = "competitions"

urlpatterns = [
    path("championnats/", views.season_page, name="season"),
    path("championnats/mon-parcours/", views.path_page, name="path"),
    path("championnats/a-traiter/", views.worklist, name="worklist"),
    path("championnats/<int:pk>/", views.competition_page, name="detail"),
    path("championnats/<int:pk>/qualifies/", views.qualified_page, name="qualified"),
    path("championnats/<int:pk>/etapes/nouvelle/", views.stage_create, name="stage_create"),
    path("championnats/etapes/<int:pk>/", views.stage_page, name="stage"),
    path("championnats/etapes/<int:pk>/inscrire/", views.stage_register, name="register"),
    path(
        "championnats/etapes/<int:pk>/inscrire-plusieurs/",
        views.stage_register_many,
        name="register_many",
    ),
    path(
        "championnats/etapes/<int:pk>/inscriptions/<int:registration_pk>/retirer/",
        views.stage_unregister,
        name="unregister",
    ),
    path("championnats/etapes/<int:pk>/quota/", views.stage_quota, name="quota"),
    path("championnats/etapes/<int:pk>/champion/", views.stage_champion, name="champion"),
    path("championnats/etapes/<int:pk>/derogation/", views.stage_derogation, name="derogation"),
    path("championnats/etapes/<int:pk>/reglement/", views.stage_regulation, name="regulation"),
    path("championnats/etapes/<int:pk>/aval/", views.stage_approve, name="approve"),
    path("championnats/etapes/<int:pk>/arbitres/", views.stage_referee, name="referee"),
    path("championnats/etapes/<int:pk>/qualifies-directs/", views.stage_direct, name="direct"),
    path("championnats/etapes/<int:pk>/placer/", views.stage_seat, name="seat"),
    path("championnats/etapes/<int:pk>/qualifier/", views.stage_qualify, name="qualify"),
    path("championnats/qualifies/<int:pk>/forfait/", views.qualifier_withdraw, name="withdraw"),
    path(
        "championnats/etapes/<int:pk>/bordereau.<str:format>",
        views.stage_bordereau,
        name="bordereau",
    ),
]
