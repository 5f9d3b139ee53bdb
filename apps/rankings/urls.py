from django.urls import path

from apps.rankings import views

app_name = "rankings"

urlpatterns = [
    path("classement/", views.index, name="index"),
    path("classement/<int:year>/", views.published, name="published"),
    path("classement/<int:year>/en-direct/", views.live, name="live"),
    path("classement/<int:year>/club/<int:pk>/", views.club, name="club"),
    path("classement/<int:year>/comite/<int:pk>/", views.committee, name="committee"),
    path("classement/publications/<int:pk>/", views.changes, name="changes"),
    path("classement/joueur/<str:licence>/", views.player, name="player"),
    path("classement/federation/", views.staff_index, name="staff_index"),
    path("classement/federation/<int:year>/", views.staff, name="staff"),
    path("classement/federation/<int:year>/calculer/", views.compute, name="compute"),
    path("classement/federation/<int:year>/publier/", views.publish, name="publish"),
    path(
        "classement/federation/<int:year>/retenues/<int:pk>/retablir/",
        views.restore,
        name="restore",
    ),
    path("classement/federation/<int:year>/series/", views.rules, name="rules"),
    path("classement/federation/<int:year>/series/proposer/", views.propose, name="propose"),
    path("classement/federation/calculs/<int:pk>/", views.run_progress, name="run"),
    path("classement/federation/propositions/<int:pk>/", views.proposal, name="proposal"),
    path("classement/federation/propositions/<int:pk>/appliquer/", views.apply, name="apply"),
]
