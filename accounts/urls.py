from django.urls import path

from . import views

urlpatterns = [
    path("profile/", views.edit_profile, name="edit_profile"),
    path("language/", views.set_language, name="set_language"),
    path("players/<str:username>/", views.player_profile, name="player_profile"),
]
