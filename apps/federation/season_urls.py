from django.urls import path

from apps.federation import season_views as views

urlpatterns = [
    path("federation/saisons/", views.seasons, name="seasons"),
    path("federation/saisons/creer/", views.create, name="season_create"),
    path("federation/saisons/<int:year>/ouvrir/", views.open_season, name="season_open"),
    path("federation/saisons/<int:year>/courante/", views.make_current, name="season_current"),
]
