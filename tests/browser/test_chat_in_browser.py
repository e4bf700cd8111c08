"""The thread beside the board in real Chromium against daphne (issue 19.9): alice writes, bob's
and carol's open boards show it at once, escaped; bob's answer does not wipe alice's board;
carol, watching, reads without a form; a message removed by staff leaves the pages."""

import pytest
from playwright.sync_api import expect

from games import chat
from games.models import ChatMessage
from tests.browser.test_play_in_browser import asgi_server, open_live_board, signed_in
from tests.factories import make_user, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["asgi_server", "signed_in"]  # fixtures

SHOTS = "/tmp/tables-shots"


def test_players_talk_beside_the_board_and_spectators_read(asgi_server, signed_in):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = start_game(alice, bob)
    url = f"{asgi_server}/games/{game.pk}/"
    alice_page = open_live_board(signed_in(alice), url)
    alice_page.set_viewport_size({"width": 1400, "height": 1000})  # the thread beside the board
    bob_page = open_live_board(signed_in(bob), url)
    carol_page = open_live_board(signed_in(carol), url)
    carol_page.set_viewport_size({"width": 420, "height": 900})  # a phone: below the board
    for page in (alice_page, bob_page, carol_page):
        page.evaluate("window.notReloaded = true")

    alice_page.locator("#chat-text").fill("Ahoy <b>bob</b>! Good luck.")
    alice_page.locator("#chat-text").press("Enter")
    for page in (alice_page, bob_page, carol_page):
        expect(page.locator("#chat-messages li")).to_have_count(1)
        expect(page.locator("#chat-messages")).to_contain_text("Ahoy <b>bob</b>! Good luck.")
    expect(alice_page.locator("#chat-text")).to_have_value("")

    # bob answers with the button; alice sees it once, and her board is untouched.
    bob_page.locator("#chat-text").fill("Fair winds.\nSee you on the island.")
    bob_page.get_by_role("button", name="Send").click()
    expect(alice_page.locator("#chat-messages li")).to_have_count(2)
    expect(bob_page.locator("#chat-messages li")).to_have_count(2)
    expect(alice_page.locator("#chat-messages li").last).to_contain_text("See you on the island.")
    expect(alice_page.locator("#board")).to_contain_text("Your turn")

    # carol reads along, without a form to write.
    expect(carol_page.locator("#chat-form")).to_have_count(0)
    expect(carol_page.locator("#chat-messages li")).to_have_count(2)

    # alice moves: the board swaps, the thread stays.
    alice_page.locator("#piece-W1").click()
    alice_page.locator("#target-G2").click()
    expect(bob_page.locator("#board")).to_have_attribute("data-ply", "1")
    expect(bob_page.locator("#chat-messages li")).to_have_count(2)
    alice_page.screenshot(path=f"{SHOTS}/chat-beside-board-wide.png", full_page=True)
    carol_page.screenshot(path=f"{SHOTS}/chat-spectator-phone.png", full_page=True)

    # Staff remove bob's message: it leaves the open pages.
    chat_message = ChatMessage.objects.get(author=bob)
    staff = make_user("dora", staff=True)
    _via_server(signed_in(staff), asgi_server, chat_message.pk)
    for page in (alice_page, bob_page, carol_page):
        expect(page.locator("#chat-messages li")).to_have_count(1)
        assert page.evaluate("window.notReloaded") is True
    assert chat.thread(game, alice) == [ChatMessage.objects.get(author=alice)]


def _via_server(context, base, message_id):
    """Removal through the admin served by daphne, whose channel layer the pages listen on."""
    page = context.new_page()
    page.goto(f"{base}/admin/games/chatmessage/")
    page.locator(f"input[name=_selected_action][value='{message_id}']").check()
    page.locator("select[name=action]").select_option("remove_messages")
    page.locator("button[name=index], input[type=submit][name=index]").first.click()
    expect(page.locator(".messagelist")).to_contain_text("1 message removed.")


def test_a_rematch_is_offered_and_accepted_on_open_pages(asgi_server, signed_in):
    from django.utils import timezone

    from games.models import Game

    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished_at=timezone.now())
    url = f"{asgi_server}/games/{game.pk}/"
    alice_page = open_live_board(signed_in(alice), url)
    bob_page = open_live_board(signed_in(bob), url)
    alice_page.get_by_role("button", name="Offer a rematch").click()
    expect(alice_page.locator("#rematch")).to_contain_text("waiting for: bob")
    # bob's open page shows the offer without a reload; he accepts and goes to the new board.
    expect(bob_page.locator("#rematch")).to_contain_text("alice offers a rematch")
    bob_page.screenshot(path=f"{SHOTS}/rematch-offered.png", full_page=True)
    bob_page.get_by_role("button", name="Accept the rematch").click()
    bob_page.wait_for_url(lambda address: address != url)
    new = Game.objects.exclude(pk=game.pk).get()
    assert bob_page.url == f"{asgi_server}/games/{new.pk}/"
    expect(bob_page.locator("#board")).to_contain_text("Your turn")  # seats rotated: bob begins
    # alice's page says the rematch started and links to it.
    expect(alice_page.locator("#rematch")).to_contain_text(
        f"The rematch has started: Game {new.pk}"
    )
    alice_page.screenshot(path=f"{SHOTS}/rematch-started.png", full_page=True)
