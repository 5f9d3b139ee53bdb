from django.urls import path

from apps.federation import views

urlpatterns = [
    path("federation/clubs/", views.clubs, name="clubs"),
    path("federation/licencies/", views.licensees, name="licensees"),
    path("club/licencies/", views.club_licensees, name="club_licensees"),
]
