"""A game's message thread (issue 19.9): who reads and writes, plain text, limits, mutes, staff
removal; and the rematch after the game (19.8)."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from games import chat
from games.models import ChatMessage, ChatMute, Game, RematchOffer
from games.rematch import rotated
from tests.factories import make_user, start_game

pytestmark = pytest.mark.django_db


def as_user(client, user):
    client.force_login(user)
    return client


def say(client, game, text, htmx=False):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(reverse("game_chat", args=[game.pk]), {"text": text}, headers=headers)


def thread_of(client, game) -> str:
    html = client.get(game.get_absolute_url()).content.decode()
    match = re.search(r'<section id="chat".*?</section>', html, re.S)
    assert match, "the board page has the thread"
    return match.group(0)


def test_players_write_and_everyone_watching_reads_as_plain_text(client, alice, bob, carol):
    game = start_game(alice, bob)
    response = say(as_user(client, alice), game, "<b>Ahoy</b> & <script>alert(1)</script>\nbob!")
    assert response.status_code == 302 and response["Location"].endswith("#chat")
    message = ChatMessage.objects.get()
    assert message.author == alice and message.text.startswith("<b>Ahoy</b>")
    for reader in (alice, bob, carol):
        html = thread_of(as_user(client, reader), game)
        assert "&lt;b&gt;Ahoy&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;<br>bob!" in html
        assert "<script>alert" not in html
    # carol watches: she reads, but has no form to write, and a post of hers is refused.
    assert 'id="chat-form"' not in thread_of(as_user(client, carol), game)
    response = say(client, game, "hello players", htmx=True)
    assert "Only the players of a game write" in response.content.decode()
    assert ChatMessage.objects.count() == 1


def test_a_table_may_keep_its_thread_from_spectators(client, alice, bob, carol):
    game = start_game(alice, bob)
    Game.objects.filter(pk=game.pk).update(spectators_read_chat=False)
    chat.post(game.pk, alice, "our secret plan")
    assert "our secret plan" in thread_of(as_user(client, bob), game)
    html = thread_of(as_user(client, carol), game)
    assert "our secret plan" not in html and "for the players only" in html


def test_the_new_table_form_sets_who_reads_the_thread(client, alice):
    as_user(client, alice)
    form = {"ruleset": "classic", "setup": "2", "visibility": "public", "bots": "1"}
    client.post(reverse("new_table"), form)
    client.post(reverse("new_table"), {**form, "spectators_read_chat": "on"})
    assert list(Game.objects.order_by("pk").values_list("spectators_read_chat", flat=True)) == [
        False,
        True,
    ]


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", "Write something first."),
        ("   \n\t ", "Write something first."),
        ("x" * 501, "at most 500 characters; this one has 501"),
    ],
)
def test_bad_messages_are_refused_with_a_reason_and_change_nothing(client, alice, bob, text, error):
    game = start_game(alice, bob)
    response = say(as_user(client, alice), game, text, htmx=True)
    html = response.content.decode()
    assert response.status_code == 200 and error in html
    if text.strip():
        assert text in html  # the draft is kept to shorten
    assert not ChatMessage.objects.exists()


def test_messages_are_rate_limited(client, alice, bob):
    game = start_game(alice, bob)
    as_user(client, alice)
    for n in range(chat.RATE_COUNT):
        say(client, game, f"message {n}")
    response = say(client, game, "one too many", htmx=True)
    assert "Slow down" in response.content.decode()
    assert ChatMessage.objects.count() == chat.RATE_COUNT
    # Later, writing works again.
    ChatMessage.objects.update(created_at=timezone.now() - timezone.timedelta(minutes=1))
    say(client, game, "calm again")
    assert ChatMessage.objects.count() == chat.RATE_COUNT + 1


def test_control_characters_are_dropped(alice, bob):
    game = start_game(alice, bob)
    message = chat.post(game.pk, alice, "a\u202eb\x00c\r\n\n\n\nd")
    assert message.text == "a" + "bc\n\nd"


def test_a_player_mutes_and_unmutes_another(client, alice, bob):
    game = start_game(alice, bob)
    chat.post(game.pk, bob, "arr, you will sink")
    as_user(client, alice)
    assert "you will sink" in thread_of(client, game)
    client.post(reverse("game_chat_mute", args=[game.pk]), {"user": bob.pk, "mute": "1"})
    html = thread_of(client, game)
    assert "you will sink" not in html and "You muted 1 person" in html
    assert "you will sink" in thread_of(as_user(client, bob), game)  # bob still sees his own
    as_user(client, alice)
    client.post(reverse("game_chat_mute", args=[game.pk]), {"user": bob.pk, "mute": "0"})
    assert "you will sink" in thread_of(client, game)


@pytest.mark.parametrize("who", ["self", "nobody", "not a number"])
def test_bad_mutes_are_refused(client, alice, bob, who):
    game = start_game(alice, bob)
    target = {"self": alice.pk, "nobody": 99999, "not a number": "x"}[who]
    response = as_user(client, alice).post(
        reverse("game_chat_mute", args=[game.pk]),
        {"user": target, "mute": "1"},
        headers={"HX-Request": "true"},
    )
    error = re.search(r'<p class="message error" role="alert">(.*?)</p>', response.content.decode())
    assert error and "mute" in error.group(1)
    assert not ChatMute.objects.exists()


def test_strangers_see_no_thread_of_a_private_game(client, alice, bob, carol):
    game = start_game(alice, bob, private=True)
    chat.post(game.pk, alice, "private words")
    as_user(client, carol)
    assert say(client, game, "hi").status_code == 404
    assert client.get(game.get_absolute_url()).status_code == 404
    assert ChatMessage.objects.count() == 1


def test_the_thread_never_shows_hidden_state(client, alice, bob, carol):
    game = start_game(alice, bob)
    chat.post(game.pk, alice, "good luck")
    html = thread_of(as_user(client, carol), game)
    assert game.seed not in html and "seed" not in html.lower()


def test_staff_see_and_remove_messages_in_the_admin(client, alice, bob):
    staff = make_user("dora", staff=True)
    game = start_game(alice, bob)
    rude = chat.post(game.pk, bob, "something rude")
    chat.post(game.pk, alice, "fair winds")
    as_user(client, staff)
    changelist = client.get(reverse("admin:games_chatmessage_changelist")).content.decode()
    assert "something rude" in changelist and "fair winds" in changelist
    client.post(
        reverse("admin:games_chatmessage_changelist"),
        {"action": "remove_messages", "_selected_action": [rude.pk]},
    )
    rude.refresh_from_db()
    assert rude.removed_at is not None and rude.removed_by == staff
    html = thread_of(as_user(client, alice), game)
    assert "something rude" not in html and "fair winds" in html
    # Players have no way into the admin.
    assert client.get(reverse("admin:games_chatmessage_changelist")).status_code == 302


# --- The rematch -----------------------------------------------------------------------------


def finish(game):
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished_at=timezone.now())
    game.refresh_from_db()
    return game


def rematch(client, user, game, action):
    client.force_login(user)
    return client.post(reverse("game_rematch", args=[game.pk]), {"action": action})


def test_a_rematch_offered_and_accepted_starts_with_seats_rotated(client, alice, bob, carol):
    game = finish(start_game(alice, bob, carol))
    page = as_user(client, alice).get(game.get_absolute_url())
    assert "Offer a rematch" in page.content.decode()
    rematch(client, alice, game, "offer")
    html = as_user(client, bob).get(game.get_absolute_url()).content.decode()
    assert "alice offers a rematch" in html and "Accept the rematch" in html
    assert "waiting for: bob, carol" in html
    rematch(client, bob, game, "accept")
    assert not RematchOffer.objects.get().new_game
    response = rematch(client, carol, game, "accept")
    new = RematchOffer.objects.get().new_game
    assert response["Location"] == new.get_absolute_url()
    assert new.status == Game.Status.RUNNING and new.seed != game.seed
    assert (new.players, new.teams, new.ruleset, new.visibility) == (
        game.players,
        game.teams,
        game.ruleset,
        game.visibility,
    )
    # Everyone moved one seat on: carol, who sat last, begins.
    assert list(new.seats.values_list("user__username", flat=True)) == ["carol", "alice", "bob"]
    assert f"Game {new.pk}" in client.get(game.get_absolute_url()).content.decode()


def test_a_declined_rematch_ends_the_offer_and_a_new_one_may_be_made(client, alice, bob):
    game = finish(start_game(alice, bob))
    rematch(client, alice, game, "offer")
    rematch(client, bob, game, "decline")
    html = client.get(game.get_absolute_url()).content.decode()
    assert "bob declined the rematch" in html
    assert not Game.objects.exclude(pk=game.pk).exists()
    rematch(client, bob, game, "offer")
    rematch(client, alice, game, "accept")
    assert RematchOffer.objects.get().new_game.status == Game.Status.RUNNING


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("running game", "once the game is over"),
        ("spectator", "Only the players"),
        ("bad action", "Offer, accept or decline"),
        ("nothing to accept", "Nobody offers a rematch"),
        ("offered twice", "offered already"),
    ],
)
def test_bad_rematch_requests_are_refused_and_change_nothing(
    client, alice, bob, carol, case, message
):
    game = start_game(alice, bob)
    if case != "running game":
        game = finish(game)
    if case == "offered twice":
        rematch(client, alice, game, "offer")
    user = carol if case == "spectator" else bob if case == "offered twice" else alice
    action = {"bad action": "steal", "nothing to accept": "accept"}.get(case, "offer")
    client.force_login(user)
    response = client.post(reverse("game_rematch", args=[game.pk]), {"action": action}, follow=True)
    assert message in response.content.decode()
    assert Game.objects.count() == 1
    assert RematchOffer.objects.count() == (1 if case == "offered twice" else 0)


def test_rotation_keeps_bots_out_of_the_first_seat(alice, bob):
    game = finish(start_game(alice, bots=2))
    shift, new_index = rotated(list(game.seats.all()))
    assert new_index[0] == 0 and shift == 3  # alice stays first: a bot opens no table
    game2 = finish(start_game(alice, bob, bots=1))
    assert rotated(list(game2.seats.all()))[1] == {0: 2, 1: 0, 2: 1}


def test_a_rematch_with_bots_starts_when_the_people_accept(client, alice):
    game = finish(start_game(alice, bots=1))
    response = rematch(client, alice, game, "offer")
    new = RematchOffer.objects.get().new_game
    assert response["Location"] == new.get_absolute_url() and new.status == Game.Status.RUNNING
    assert list(new.seats.values_list("user__username", "bot")) == [("alice", ""), (None, "random")]


def test_a_finished_game_links_its_replay_which_shows_the_thread(client, alice, bob, carol):
    game = start_game(alice, bob)
    say(as_user(client, alice), game, "Good luck, bob")
    finish(game)
    html = client.get(game.get_absolute_url()).content.decode()
    assert f'href="{reverse("game_replay", args=[game.pk])}"' in html
    for reader in (alice, carol):  # a player and a spectator of a public game
        html = as_user(client, reader).get(reverse("game_replay", args=[game.pk])).content
        assert 'id="chat"' in html.decode() and "Good luck, bob" in html.decode()
