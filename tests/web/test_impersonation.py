"""No name passes for another player or for the site (issue 41, item 8): display names, and
usernames at sign-up, are compared by their TR39 confusables skeleton with every username and
display name and with the site's reserved names. alice signed up first; bob chooses names."""

import importlib

import pytest
from django.apps import apps
from django.urls import reverse
from django.utils import translation

from accounts.models import NameKey, User
from accounts.names import name_keys, skeleton
from games.models import Seat
from tests.factories import make_user
from tests.web.test_accounts import STRONG

CYRILLIC_A = "\u0430"  # а, not a
LOOKALIKE = "looks too much like another player"
RESERVED = "belongs to the site and its staff"


def test_the_skeleton_is_tr39s():
    assert skeleton(f"{CYRILLIC_A}lice") == skeleton("alice")
    assert skeleton("\u0455taff") == skeleton("staff")  # Cyrillic dze
    assert skeleton("m") == skeleton("rn")  # a prototype may be two characters
    assert skeleton("I") == skeleton("l") == skeleton("1")
    assert skeleton("\uff41lice") == skeleton("alice")  # fullwidth a
    assert skeleton("bob") != skeleton("rob")


@pytest.mark.parametrize(
    "name", ["alice", "ALICE", "Alice", f"{CYRILLIC_A}lice", "AIice", "a.lice", "al\u200bice"]
)
def test_names_that_pass_for_alice_share_a_key_with_hers(name):
    assert name_keys(name) & name_keys("alice")


@pytest.mark.parametrize("name", ["aiice", "alicia", "malice", "Captain Alice"])
def test_names_merely_close_to_alice_do_not(name):
    assert not name_keys(name) & name_keys("alice")


def post_profile(client, display_name: str, language: str = "en"):
    data = {
        "display_name": display_name,
        "time_zone": "UTC",
        "language": language,
        "turn_emails": "every",
    }
    return client.post(reverse("edit_profile"), data)


@pytest.fixture
def bob_signed_in(client, db):
    make_user("alice")
    bob = make_user("bob")
    client.force_login(bob)
    return bob


@pytest.mark.parametrize(
    "name",
    ["alice", "ALICE", f"{CYRILLIC_A}lice", "AIice", "Al\u200bice", "\uff41lice"],
)
def test_a_display_name_may_not_pass_for_another_players_username(client, bob_signed_in, name):
    response = post_profile(client, name)
    assert LOOKALIKE in response.content.decode()
    bob_signed_in.refresh_from_db()
    assert bob_signed_in.display_name == ""


@pytest.mark.parametrize(
    ("name", "refusal"),
    [
        ("CAPTAIN FLINT", "already uses that display name"),  # the same name, in capitals
        (f"C{CYRILLIC_A}ptain Flint", LOOKALIKE),
        ("Captain  F1int", LOOKALIKE),
        ("CAPTAIN FL\u0406NT", LOOKALIKE),  # a Cyrillic I
    ],
)
def test_a_display_name_may_not_pass_for_another_players_display_name(
    client, bob_signed_in, name, refusal
):
    carol = make_user("carol")
    carol.display_name = "Captain Flint"
    carol.save()
    response = post_profile(client, name)
    assert refusal in response.content.decode()
    assert User.objects.get(pk=bob_signed_in.pk).display_name == ""


def reserved_names() -> list[str]:
    names = ["staff", "Staff", "STAFF", "\u0455taff", "admin", "Moderator", "support", "system"]
    names += ["Jackal Online", "JACKAL ONLINE", "jackal_online", "Jackal", "alice (admin)"]
    for language in ("en", "ru"):
        with translation.override(language):
            names += [str(label) for label in Seat.Bot.labels]
    return names


@pytest.mark.parametrize("name", reserved_names())
def test_a_display_name_may_not_pass_for_the_site_its_staff_or_its_bots(
    client, bob_signed_in, name
):
    response = post_profile(client, name)
    assert RESERVED in response.content.decode()
    assert User.objects.get(pk=bob_signed_in.pk).display_name == ""


def test_the_refusal_is_said_in_russian(client, bob_signed_in):
    bob_signed_in.language = "ru"
    bob_signed_in.save(update_fields=["language"])
    looks = post_profile(client, f"{CYRILLIC_A}lice", language="ru").content.decode()
    assert "слишком похоже на имя другого игрока" in looks
    reserved = post_profile(client, "Staff", language="ru").content.decode()
    assert "принадлежит сайту и его команде" in reserved


@pytest.mark.parametrize("name", ["Bob", "BOB", "Captain Bob", "Aiice"])
def test_a_name_of_ones_own_or_of_nobody_is_kept(client, bob_signed_in, name):
    assert post_profile(client, name).status_code == 302
    assert User.objects.get(pk=bob_signed_in.pk).display_name == name


def test_a_name_given_up_is_free_again(client, bob_signed_in):
    assert post_profile(client, "Captain Flint").status_code == 302
    assert post_profile(client, "Captain Bones").status_code == 302
    carol = make_user("carol")
    client.force_login(carol)
    assert post_profile(client, "Captain Flint").status_code == 302
    assert LOOKALIKE in post_profile(client, "Captain B0nes").content.decode()


def sign_up(client, username: str):
    data = {
        "email": f"{username.encode('punycode').decode()}@example.com",
        "username": username,
        "password1": STRONG,
        "password2": STRONG,
    }
    return client.post(reverse("account_signup"), data)


@pytest.mark.parametrize(
    ("username", "refusal"),
    [
        (f"{CYRILLIC_A}lice", LOOKALIKE),
        ("AIice", LOOKALIKE),
        ("captainflint", LOOKALIKE),  # carol's display name
        ("staff", RESERVED),
        ("Jackal_Online", RESERVED),
        ("\u0455upport", RESERVED),
    ],
)
def test_a_new_username_may_not_pass_for_a_player_or_the_site(client, db, username, refusal):
    make_user("alice")
    carol = make_user("carol")
    carol.display_name = "Captain Flint"
    carol.save()
    response = sign_up(client, username)
    assert refusal in response.content.decode()
    assert not User.objects.filter(username=username).exists()


def test_a_fresh_username_signs_up(client, db):
    make_user("alice")
    sign_up(client, "bartholomew")
    assert User.objects.filter(username="bartholomew").exists()


def test_players_who_signed_up_before_get_their_keys(db):
    alice = make_user("alice")
    User.objects.filter(pk=alice.pk).update(display_name="Captain Flint")
    NameKey.objects.all().delete()
    migration = importlib.import_module("accounts.migrations.0004_name_keys")
    migration.key_existing_names(apps, None)
    held = set(NameKey.objects.filter(user=alice).values_list("key", flat=True))
    assert held == name_keys("alice") | name_keys("Captain Flint")
