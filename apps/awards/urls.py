from django.urls import path

from apps.awards import views

app_name = "awards"

urlpatterns = [
    path("tournois/<int:pk>/pcn.xlsx", views.award_file, name="file"),
    path("federation/pcn/", views.rules_page, name="rules"),
    path("federation/pcn/tournois/<int:pk>/recalculer/", views.recompute, name="recompute"),
]
