"""Websocket routes, mounted by jackal_site.asgi."""

websocket_urlpatterns: list = []
