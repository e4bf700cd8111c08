"""Websocket routes, mounted by jackal_site.asgi."""

from django.urls import path

from games.live.consumers import GameConsumer
from games.live.player_socket import PlayerConsumer

websocket_urlpatterns = [
    path("ws/games/<int:game_id>/", GameConsumer.as_asgi()),
    path("ws/me/", PlayerConsumer.as_asgi()),
]
