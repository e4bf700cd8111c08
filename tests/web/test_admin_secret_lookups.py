"""No admin list answers a question about a secret field (issue 41, item 7): every registered
ModelAdmin, every secret field declared in games.admin.guard, every lookup and every path
that reaches it, and every sort, as a superuser (who may see every row). A changelist that
filtered on `seed__startswith` answered with the row or without it: some 500 requests spelled
out an Archipelago series' 64-hex seed, and with it every ability draw still to come."""

import re

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.admin.exceptions import DisallowedModelAdminLookup
from django.test import RequestFactory

from games.admin.guard import (
    GAME_PATHS,
    PUBLIC_ON_PURPOSE,
    SECRET_FIELDS,
    SecretGuard,
    secret_fields,
)
from games.models import Game, Series, SeriesGame
from games.services import open_table
from tests.factories import make_user, start_game

# Names that say a field may hold a secret: each such field must be declared one way or the other.
SECRET_LOOKING = re.compile(r"seed|secret|token|state|password|hash|key", re.IGNORECASE)
OPERATORS = ["", "__exact", "__startswith", "__contains", "__regex", "__gt"]
MAX_RELATIONS = 2


def registered():
    return sorted(admin.site._registry.items(), key=lambda item: item[0]._meta.label)


def relations(model):
    """(name, related model) of each relation a lookup may follow, both ways."""
    for field in model._meta.get_fields():
        if field.is_relation and field.related_model is not None:
            yield field.name, field.related_model


def paths_to_secrets(model, depth: int = MAX_RELATIONS, prefix: str = ""):
    """Every lookup path from `model` that ends on a secret field, through up to `depth`
    relations (`seed`, `game__seed`, `moves__game__state`, `rating_changes__user__password`)."""
    for name in sorted(secret_fields(model)):
        yield prefix + name
    if depth:
        for name, related in relations(model):
            yield from paths_to_secrets(related, depth - 1, f"{prefix}{name}__")


def test_every_field_named_like_a_secret_is_declared():
    undeclared = []
    for model in apps.get_models():
        label = model._meta.label
        declared = SECRET_FIELDS.get(label, frozenset()) | PUBLIC_ON_PURPOSE.get(label, frozenset())
        for field in model._meta.concrete_fields:
            if SECRET_LOOKING.search(field.name) and field.name not in declared:
                undeclared.append(f"{label}.{field.name}")
    assert undeclared == []


def test_every_declared_field_exists():
    for table in (SECRET_FIELDS, PUBLIC_ON_PURPOSE):
        for label, names in table.items():
            fields = {f.name for f in apps.get_model(label)._meta.concrete_fields}
            assert names <= fields, label


def reaches_game(model, depth: int = 3) -> bool:
    """Whether `model`'s foreign keys lead to a game."""
    if model is Game:
        return True
    if depth == 0:
        return False
    return any(
        reaches_game(field.related_model, depth - 1)
        for field in model._meta.concrete_fields
        if field.is_relation and (field.many_to_one or field.one_to_one)
    )


def test_every_admin_about_games_declares_its_path_to_the_game():
    for model, _model_admin in registered():
        if reaches_game(model):
            assert model._meta.label in GAME_PATHS, model._meta.label
    for label, path in GAME_PATHS.items():
        model = apps.get_model(label)
        for part in filter(None, path.split("__")):
            model = model._meta.get_field(part).related_model
        assert model is Game, label


def test_every_registered_admin_is_guarded_and_passes_its_checks():
    for model, model_admin in registered():
        assert isinstance(model_admin, SecretGuard), model._meta.label
        assert model_admin.check() == [], model._meta.label


@pytest.fixture
def superuser_client(client, db):
    client.force_login(make_user("zed", staff=True))
    return client


@pytest.fixture
def secrets_to_find(alice, bob):
    """Rows whose secrets a leaking list would give away: a running game, and a series."""
    game = start_game(alice, bob)
    series = Series.objects.create(seed="a" * 64)
    SeriesGame.objects.create(series=series, game=game, number=1, members=[0, 1])
    return game, series


def changelist(model) -> str:
    return f"/admin/{model._meta.app_label}/{model._meta.model_name}/"


def columns_of(model_admin, user) -> list:
    """The changelist's columns as `?o=N` counts them (the action checkbox first, if any)."""
    request = RequestFactory().get(changelist(model_admin.model))
    request.user = user
    return list(model_admin.get_changelist_instance(request).list_display)


def label(model) -> str:
    return model._meta.label


@pytest.mark.parametrize("model", [model for model, _admin in registered()], ids=label)
def test_no_lookup_on_a_secret_field_answers(superuser_client, secrets_to_find, model):
    lookups = [path + operator for path in paths_to_secrets(model) for operator in OPERATORS]
    if model in (Game, Series):
        assert "seed__startswith" in lookups  # the walk reaches the fields of the issue
    answered = []
    for lookup in lookups:
        value = "^a" if lookup.endswith("__regex") else "a"
        response = superuser_client.get(changelist(model), {lookup: value})
        if response.status_code != 400:
            answered.append((lookup, response.status_code))
    assert answered == []


@pytest.mark.parametrize("model", [model for model, _admin in registered()], ids=label)
def test_every_column_sorts_without_reading_a_secret(superuser_client, secrets_to_find, model):
    columns = columns_of(admin.site._registry[model], make_user("yves", staff=True))
    for index in range(len(columns)):
        for order in (str(index), f"-{index}"):
            response = superuser_client.get(changelist(model), {"o": order})
            assert response.status_code == 200, (order, response.status_code)


@pytest.mark.parametrize(
    ("model", "name"),
    [(model, name) for model, _admin in registered() for name in sorted(secret_fields(model))],
    ids=lambda value: value if isinstance(value, str) else label(value),
)
def test_a_column_on_a_secret_field_refuses_to_sort(db, model, name):
    # Were an admin to show a secret column, sorting by it (`?o=N`) would still be refused.
    model_admin = admin.site._registry[model]
    shown = (*model_admin.list_display, name)
    leaky = type("Leaky", (type(model_admin),), {"list_display": shown, "list_display_links": None})
    superuser = make_user("zed", staff=True)
    index = columns_of(leaky(model, admin.site), superuser).index(name)
    request = RequestFactory().get(changelist(model), {"o": str(index)})
    request.user = superuser
    with pytest.raises(DisallowedModelAdminLookup):
        leaky(model, admin.site).changelist_view(request)
    assert leaky(model, admin.site).check() != []  # and `manage.py check` names it


def test_the_change_form_of_an_open_private_table_hides_its_invitation(superuser_client, alice):
    # The invitation is its creator's to give: not even the watch permission opens the table.
    table = open_table(creator=alice, ruleset="classic", players=2, visibility="private")
    page = superuser_client.get(f"{changelist(Game)}{table.pk}/change/")
    assert page.status_code == 200
    assert table.invite_token not in page.content.decode()
