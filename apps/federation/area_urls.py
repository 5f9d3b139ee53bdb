from django.urls import path

from apps.federation import views

urlpatterns = [
    path("federation/", views.home, name="home"),
]
