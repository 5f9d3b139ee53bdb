from django.urls import path

from apps.core import health

app_name = "core"
urlpatterns = [
    path("sante/", health.health, name="health"),
]
