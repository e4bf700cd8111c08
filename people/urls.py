from django.urls import path

from . import views

urlpatterns = [
    path("seats/", views.seats_needing_players, name="seats_needing_players"),
    path("games/<int:game_id>/seats/<int:seat>/take/", views.take_seat, name="take_seat"),
    path(
        "games/<int:game_id>/seats/<int:seat>/keep-bot/",
        views.object_to_substitute,
        name="keep_bot",
    ),
    path("players/<str:username>/block/", views.set_block, name="block_player"),
    path("players/<str:username>/follow/", views.set_follow, name="follow_player"),
    path("players/<str:username>/report/", views.report, name="report_player"),
    path("players/<str:username>/challenge/", views.challenge, name="challenge_player"),
]
