from django.urls import path

from .views import board, lobby

urlpatterns = [
    path("games/", lobby.lobby, name="lobby"),
    path("games/new/", lobby.new_table, name="new_table"),
    path("games/mine/", lobby.my_games, name="my_games"),
    path("games/invite/<str:token>/", lobby.invitation, name="game_invitation"),
    path("games/<int:game_id>/", lobby.game_page, name="game_board"),
    path("games/<int:game_id>/join/", lobby.join, name="game_join"),
    path("games/<int:game_id>/leave/", lobby.leave, name="game_leave"),
    path("games/<int:game_id>/board/", board.board_partial, name="game_board_partial"),
    path("games/<int:game_id>/move/", board.move, name="game_move"),
]
