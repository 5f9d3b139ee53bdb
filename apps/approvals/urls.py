from django.urls import path

from apps.approvals import external_views, views

app_name = "approvals"

urlpatterns = [
    path("homologations/", views.inbox, name="inbox"),
    path("homologations/transmettre/", views.pass_on, name="pass_on"),
    path("homologations/fichier-fft/", external_views.external_receive, name="external"),
    path("homologations/indices/", external_views.club_index_grants, name="club_grants"),
    path("homologations/<int:pk>/", views.homologation_page, name="homologation"),
    path(
        "homologations/<int:pk>/corriger/",
        external_views.external_correct,
        name="external_correct",
    ),
    path("homologations/<int:pk>/etape/", views.homologation_step, name="step"),
    path("homologations/<int:pk>/alertes/", views.alert_note, name="alert_note"),
    path("homologations/<int:pk>/pcn.pdf", views.pcn_table, name="pcn_table"),
    path("homologations/redevances/", views.fees, name="fees"),
    path("homologations/participation/", views.committee_rate, name="committee_rate"),
    path("homologations/dates-limites/", views.deadlines, name="deadlines"),
    path("homologations/envois/<int:pk>/bordereau.pdf", views.bordereau, name="bordereau"),
    path("homologations/envois/<int:pk>/redevance/", views.fees_received, name="fees_received"),
    path("tournois/<int:pk>/homologation/", views.submit, name="submit"),
    path("tournois/<int:pk>/indice/", views.grant, name="grant"),
]
