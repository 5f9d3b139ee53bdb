from django.urls import path

from apps.approvals import views

app_name = "approvals"

urlpatterns = [
    path("homologations/", views.inbox, name="inbox"),
    path("homologations/transmettre/", views.pass_on, name="pass_on"),
    path("homologations/<int:pk>/", views.homologation_page, name="homologation"),
    path("homologations/<int:pk>/etape/", views.homologation_step, name="step"),
    path("tournois/<int:pk>/homologation/", views.submit, name="submit"),
]
