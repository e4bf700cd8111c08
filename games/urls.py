from django.urls import path

from .views import board, chat, history, howto, lobby, rematch, replay

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
    path("games/<int:game_id>/chat/", chat.post_message, name="game_chat"),
    path("games/<int:game_id>/chat/mute/", chat.mute, name="game_chat_mute"),
    path("games/<int:game_id>/rematch/", rematch.rematch, name="game_rematch"),
    path("games/history/", history.archive, name="game_history"),
    path("games/<int:game_id>/replay/", replay.replay, name="game_replay"),
    path("games/<int:game_id>/verify/", replay.verify, name="game_verify"),
    path(
        "games/<int:game_id>/record.<str:kind>",
        replay.export,
        name="game_export",
    ),
    path("games/import/", replay.import_record, name="import_record"),
    path("games/import/<str:key>/", replay.imported_replay, name="imported_replay"),
    path("how-to-play/", howto.how_to_play, name="how_to_play"),
    path("how-to-play/notation/", howto.notation, name="notation"),
    path("how-to-play/<str:ruleset>/", howto.how_to_play, name="how_to_play_ruleset"),
]
