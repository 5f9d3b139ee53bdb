from django.urls import path

from apps.core import health, views

app_name = "core"
urlpatterns = [
    path("", views.home, name="home"),
    path("sante/", health.health, name="health"),
]
