"""The federation area's pages about tournaments, in the « federation » namespace
(config/urls.py)."""

from django.urls import path

from apps.tournaments import federation_views as views

urlpatterns = [
    path("federation/", views.home, name="home"),
    path("federation/tournois/", views.tournaments, name="tournaments"),
]
