"""The waiting table and invitations in real Chromium against daphne (issue 19.3 and 19.4): the
creator's page follows seats being taken and goes to the board at the start, without a reload;
the invitation link copies with a button; a logged-out invitee is told who invites them and comes
back to the table after signing in with a username; a late invitee is offered to watch."""

import pytest
from django.test import override_settings
from django.urls import reverse
from playwright.sync_api import expect

from games.models import Game
from games.services import open_table
from tests.browser.test_play_in_browser import asgi_server, open_live_board, signed_in
from tests.factories import PASSWORD, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["asgi_server", "signed_in"]  # fixtures

SHOTS = "/tmp/tables-shots"


def shot(page, name):
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def test_the_waiting_table_is_live_and_takes_everyone_to_the_board(asgi_server, signed_in):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = open_table(creator=alice, players=3)
    url = f"{asgi_server}/games/{game.pk}/"
    alice_page = open_live_board(signed_in(alice), url)
    alice_page.evaluate("window.notReloaded = true")
    expect(alice_page.locator("#table-seats")).to_contain_text("free")

    bob_page = open_live_board(signed_in(bob), url)
    bob_page.get_by_role("button", name="Take this seat").first.click()
    # alice sees bob sit down at once, on the same page.
    expect(alice_page.locator("#table-seats")).to_contain_text("bob")
    assert alice_page.evaluate("window.notReloaded") is True
    shot(alice_page, "table-live-bob-joined")

    carol_page = open_live_board(signed_in(carol), url)
    # carol's page was live too: bob's seat is shown taken, one seat is left.
    expect(carol_page.get_by_role("button", name="Take this seat")).to_have_count(1)
    carol_page.get_by_role("button", name="Take this seat").click()
    # The game starts: alice's and bob's pages go to the board by themselves.
    for page in (alice_page, bob_page, carol_page):
        expect(page.locator("#board")).to_be_visible(timeout=15000)
    expect(alice_page.locator("#board")).to_contain_text("Your turn")
    assert Game.objects.get(pk=game.pk).status == Game.Status.RUNNING
    shot(alice_page, "table-started-board")


def test_invitation_copy_button_and_the_way_back_after_signing_in(asgi_server, signed_in, browser):
    alice, carol = make_user("alice"), make_user("carol")
    # bob signs in with a password on daphne, which hashes as production does (not MD5).
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.PBKDF2PasswordHasher"]):
        make_user("bob")
    game = open_table(creator=alice, players=2, visibility=Game.Visibility.PRIVATE)
    invitation = f"{asgi_server}{reverse('game_invitation', args=[game.invite_token])}"

    context = signed_in(alice)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=asgi_server)
    alice_page = open_live_board(context, f"{asgi_server}/games/{game.pk}/")
    copy = alice_page.get_by_role("button", name="Copy")
    expect(copy).to_be_visible()  # copy.js shows it
    copy.click()
    expect(alice_page.locator(".copy-status")).to_have_text("Copied")
    assert alice_page.evaluate("navigator.clipboard.readText()") == invitation
    shot(alice_page, "table-invitation-copied")

    # bob opens the link logged out: who invites him to what, and a way in that comes back.
    stranger = browser.new_context(viewport={"width": 1000, "height": 800})
    try:
        page = stranger.new_page()
        page.goto(invitation)
        expect(page.locator("#invitation")).to_contain_text("alice invites you to a game of Jackal")
        shot(page, "invitation-logged-out")
        page.get_by_role("link", name="I have an account: sign in").click()
        page.locator("input[name=login]").fill("bob")  # a username: 19.5
        page.locator("input[name=password]").fill(PASSWORD)
        page.locator("input[name=password]").press("Enter")  # the sign-in form, not the footer's
        page.get_by_role("button", name="Take this seat").click()
        expect(page.locator("#board")).to_be_visible()
    finally:
        stranger.close()
    # alice's waiting page went to the board by itself.
    expect(alice_page.locator("#board")).to_be_visible(timeout=15000)

    # carol's link comes too late: the table is full, and a private game has no spectators.
    late = signed_in(carol).new_page()
    late.goto(invitation)
    expect(late.locator("#invitation")).to_contain_text("The table is full")
    shot(late, "invitation-too-late")


def test_a_late_invitee_of_a_public_game_is_offered_to_watch(asgi_server, signed_in):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = open_table(creator=alice, players=2)
    from games.services import join_table

    join_table(game.pk, bob)
    page = signed_in(carol).new_page()
    page.goto(f"{asgi_server}{reverse('game_invitation', args=[game.invite_token])}")
    expect(page.locator("#invitation")).to_contain_text("The table is full")
    page.get_by_role("link", name="Watch the game").click()
    expect(page.locator("#board")).to_contain_text("waiting for alice")


def test_play_bots_now_from_the_lobby(asgi_server, signed_in):
    alice = make_user("alice")
    page = signed_in(alice).new_page()
    page.goto(f"{asgi_server}/games/")
    form = page.locator("form.play-bots-form")
    form.get_by_label("Opponents").select_option("2")
    form.get_by_label("Bot level").select_option("easy")
    shot(page, "lobby-play-bots")
    form.get_by_role("button", name="Play").click()
    expect(page.locator(".messages")).to_contain_text("Your game against the bots has started.")
    game = Game.objects.get()
    assert page.url.endswith(f"/games/{game.pk}/")
    expect(page.locator(".players li")).to_have_count(3)
    shot(page, "board-against-bots")
