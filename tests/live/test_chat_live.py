"""The thread and the rematch panel over the game's websocket (issue 19.9, 19.8): a message goes
to every page whose viewer reads the thread, except those who muted its author; a removal takes
it off; each page gets its own viewer's rematch panel."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.utils import timezone

from games import chat, rematch
from games.models import ChatMute, Game
from tests.factories import make_user, start_game
from tests.live.test_live_updates import communicator, own_channel_layer, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)
__all__ = ["own_channel_layer"]  # the fixture, used by every test here


def test_a_message_reaches_the_readers_but_not_who_muted_its_author():
    alice, bob, carol, dora = (make_user(name) for name in ("alice", "bob", "carol", "dora"))
    game = start_game(alice, bob)
    ChatMute.objects.create(user=dora, muted=alice)

    async def scenario():
        pages = {}
        for user in (alice, bob, carol, dora):
            page = communicator(game.pk, session_cookie(user), "?ply=0")
            connected, _ = await page.connect()
            assert connected
            pages[user.username] = page
        message = await database_sync_to_async(chat.post)(game.pk, alice, "<i>fair winds</i>")
        got = {
            name: await page.receive_from(timeout=10)
            for name, page in pages.items()
            if name != "dora"
        }
        assert await pages["dora"].receive_nothing(timeout=0.5)
        await database_sync_to_async(chat.remove)([message.pk], bob)
        got["bob removed"] = await pages["bob"].receive_from(timeout=10)
        for page in pages.values():
            await page.disconnect()
        return message, got

    message, got = async_to_sync(scenario)()
    for name in ("alice", "bob", "carol"):
        html = got[name]
        assert html.startswith("<template data-page-push>"), html[:100]
        assert f'<li id="chat-msg-{message.pk}"' in html
        assert "&lt;i&gt;fair winds&lt;/i&gt;" in html and "<i>" not in html
        assert game.seed not in html
    assert f'<li id="chat-msg-{message.pk}" data-removed>' in got["bob removed"]


def test_spectators_get_no_messages_when_the_thread_is_the_players_only():
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = start_game(alice, bob)
    Game.objects.filter(pk=game.pk).update(spectators_read_chat=False)

    async def scenario():
        bob_page = communicator(game.pk, session_cookie(bob), "?ply=0")
        carol_page = communicator(game.pk, session_cookie(carol), "?ply=0")
        for page in (bob_page, carol_page):
            assert (await page.connect())[0]
        await database_sync_to_async(chat.post)(game.pk, alice, "between us")
        to_bob = await bob_page.receive_from(timeout=10)
        nothing = await carol_page.receive_nothing(timeout=0.5)
        for page in (bob_page, carol_page):
            await page.disconnect()
        return to_bob, nothing

    to_bob, nothing = async_to_sync(scenario)()
    assert "between us" in to_bob and nothing


def test_each_page_gets_its_own_rematch_panel():
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished_at=timezone.now())

    async def scenario():
        bob_page = communicator(game.pk, session_cookie(bob), f"?ply={game.ply}")
        assert (await bob_page.connect())[0]
        await database_sync_to_async(rematch.offer_rematch)(game.pk, alice)
        offered = await bob_page.receive_from(timeout=10)
        await database_sync_to_async(rematch.answer_rematch)(game.pk, bob, accept=True)
        started = []
        while not any("rematch has started" in html for html in started):
            started.append(await bob_page.receive_from(timeout=10))
        await bob_page.disconnect()
        return offered, started

    offered, started = async_to_sync(scenario)()
    assert '<section id="rematch"' in offered and "Accept the rematch" in offered
    new = Game.objects.exclude(pk=game.pk).get()
    assert f'href="/games/{new.pk}/"' in started[-1]
