from django.contrib.auth import views as auth_views
from django.urls import path

from apps.accounts import views

app_name = "accounts"
urlpatterns = [
    path("connexion/", views.LoginView.as_view(), name="login"),
    path("deconnexion/", auth_views.LogoutView.as_view(), name="logout"),
    path("mon-espace/", views.dispatch, name="dispatch"),
    path("mon-profil/", views.profile, name="profile"),
    path("mon-profil/mot-de-passe/", views.password, name="password"),
    path("mon-profil/adresse/<str:token>/", views.email_check, name="email_check"),
]
