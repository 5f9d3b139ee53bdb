from django.urls import path

from apps.tournaments import views

app_name = "tournaments"
urlpatterns = [
    path("club/", views.club_home, name="club_home"),
    path("arbitre/", views.referee_home, name="referee_home"),
    path("tournois/<int:pk>/", views.detail, name="detail"),
]
