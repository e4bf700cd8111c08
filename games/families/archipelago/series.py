"""A series of Jackal Archipelago games at one table, with special abilities (rulings S1–S8).

A table opened as a series is game 1. When a game of the series is over, the ability draw of the
book follows: 4 cards laid face up (`rules.archipelago.abilities.draw_offer`, from the series'
secret seed and the game's number), and every player with 3 coins or more aboard picks one in
the order of the places (`pick_order`), for one pirate of their crew, or takes nothing. Bots
pick at once (the first card left, for their first pirate without one). Once every picker has
picked, the rematch of `games.rematch` — here "the next game of the series" — may start: the
same players, every seat moved one place on, the same island options, and the option
`abilities` that gives each player's pirates the abilities that player won so far.

Members of a series are numbered by their seat in game 1; `SeriesGame.members` maps the seats
of each game to them, so a won ability follows its player from crew to crew (won by white's
pirate 2 in game 1, it is yellow's pirate 2 when that player sits yellow in game 2).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import services
from games.live import notify
from games.models import Game, Seat, Series, SeriesGame
from jackal_site.request_input import BadNumber, parse_int
from rules.archipelago.abilities import ABILITIES, draw_offer, pick_order
from rules.archipelago.position import CREWS

PIRATES = (1, 2, 3)

# How long the draw waits for a pick (S8): a player who never comes back must not hold the next
# game of the series forever. After this, whoever has not picked takes no card.
DRAW_OPEN_FOR = timedelta(days=3)
# How long a board remembers that its game is in no series (`_series_game_of_started`).
NO_SERIES_KEPT = 24 * 3600


class SeriesError(services.GameError):
    pass


def start_series(game: Game) -> SeriesGame:
    """Make the table `game` (just opened) the first game of a new series."""
    series = Series.objects.create(seed=secrets.token_hex(32))
    return SeriesGame.objects.create(
        series=series, game=game, number=1, members=list(range(game.players))
    )


def series_game_of(game: Game) -> SeriesGame | None:
    return SeriesGame.objects.filter(game=game).select_related("series").first()


def _series_game_of_started(game: Game) -> SeriesGame | None:
    """`series_game_of` for a board: a game joins its series when its table is made
    (`start_series`, `continue_series`), so a started game that is in none never will be, and
    its boards (every move's answer, every live frame) do not ask again. The key has the
    game's seed hash, which no other game has (a database rebuilt afresh reuses numbers)."""
    if not game.seed_hash:
        return series_game_of(game)
    key = f"in-no-series:{game.pk}:{game.seed_hash}"
    if cache.get(key):
        return None
    entry = series_game_of(game)
    if entry is None:
        cache.set(key, True, NO_SERIES_KEPT)
    return entry


def held_abilities(series: Series, *, before: int | None = None) -> dict[int, dict[int, str]]:
    """member -> pirate number -> ability, won in the draws after the series' games (those
    before game number `before` only, when given)."""
    held: dict[int, dict[int, str]] = {}
    draws = SeriesGame.objects.filter(series=series)
    if before is not None:
        draws = draws.filter(number__lt=before)
    for picks in draws.values_list("picks", flat=True):
        for pick in picks:
            if pick["ability"]:
                held.setdefault(pick["member"], {})[pick["pirate"]] = pick["ability"]
    return held


def abilities_option(members: list[int], held: dict[int, dict[int, str]]) -> dict[str, str]:
    """The rules' option `abilities` (pirate -> ability) of a game whose seats hold `members`."""
    return {
        f"{CREWS[seat]}{pirate}": ability
        for seat, member in enumerate(members)
        for pirate, ability in sorted(held.get(member, {}).items())
    }


def _flat(held: dict[int, dict[int, str]]) -> dict[str, str]:
    return {f"{m}.{p}": a for m, pirates in held.items() for p, a in pirates.items()}


# --- The draw after a game ------------------------------------------------------------------


def _make_draw(entry: SeriesGame, game: Game) -> None:
    """Lay out the cards after `game` and list who picks (S2), once it is over."""
    held = held_abilities(entry.series, before=entry.number)
    if game.status != Game.Status.FINISHED or not game.outcome or not game.state:
        entry.offer, entry.pickers = [], []  # an aborted game: no draw (S4)
        return
    entry.offer = draw_offer(entry.series.seed, entry.number, _flat(held))
    ranking = game.outcome.get("ranking") or []
    stowed = list(game.state.get("stowed") or [0] * game.players)
    full = {m for m, pirates in held.items() if len(pirates) == len(PIRATES)}
    members = [entry.members[seat] for seat in pick_order(ranking, stowed)]
    entry.pickers = [m for m in members if m not in full] if entry.offer else []


def next_picker(entry: SeriesGame) -> int | None:
    """The member whose pick the draw waits for, None when it is done (or not made)."""
    if entry.pickers is None or len(entry.picks) >= len(entry.pickers):
        return None
    return entry.pickers[len(entry.picks)]


def cards_left(entry: SeriesGame) -> list[str]:
    left = list(entry.offer or [])
    for pick in entry.picks:
        if pick["ability"]:
            left.remove(pick["ability"])
    return left


def _free_pirates(entry: SeriesGame, member: int) -> list[int]:
    held = held_abilities(entry.series, before=entry.number).get(member, {})
    return [n for n in PIRATES if n not in held]


def _record(entry: SeriesGame, member: int, ability: str | None, pirate: int | None) -> None:
    entry.picks = [*entry.picks, {"member": member, "ability": ability, "pirate": pirate}]


def draw_closes_at(game: Game) -> datetime | None:
    """When the draw after `game` stops waiting for picks (S8): three days after the game ended."""
    return game.finished_at + DRAW_OPEN_FOR if game.finished_at else None


def _close_if_due(entry: SeriesGame, game: Game) -> bool:
    """Past the draw's closing time, every member still to pick takes no card (S8), marked
    `lapsed` so the panel can say why. True when it changed the picks."""
    closes = draw_closes_at(game)
    if closes is None or timezone.now() < closes or next_picker(entry) is None:
        return False
    while (member := next_picker(entry)) is not None:
        entry.picks = [
            *entry.picks,
            {"member": member, "ability": None, "pirate": None, "lapsed": True},
        ]
    return True


def _bots_pick(entry: SeriesGame, seats: list[Seat]) -> None:
    """Bots pick when their turn comes: the first card left, for their first free pirate."""
    by_member = {entry.members[seat.index]: seat for seat in seats}
    while (member := next_picker(entry)) is not None and by_member[member].user_id is None:
        left, free = cards_left(entry), _free_pirates(entry, member)
        if left and free:
            _record(entry, member, left[0], free[0])
        else:
            _record(entry, member, None, None)


def _locked_entry(game_id: int) -> tuple[SeriesGame, Game, list[Seat]]:
    entry = (
        SeriesGame.objects.select_for_update().select_related("series").filter(game_id=game_id)
    ).first()
    if entry is None:
        raise SeriesError(_("This game is not part of a series."))
    game = Game.objects.get(pk=game_id)
    return entry, game, list(game.seats.select_related("user"))


def ensure_draw(game_id: int) -> SeriesGame | None:
    """The draw after the series game `game_id`: made (and the bots' picks with it) once the
    game is over, closed once it has waited long enough (S8). None for a game of no series."""
    entry = SeriesGame.objects.filter(game_id=game_id).select_related("series", "game").first()
    if entry is None:
        return None
    game = entry.game
    closes = draw_closes_at(game)
    waiting = next_picker(entry) is not None
    if entry.pickers is not None and not (waiting and closes and timezone.now() >= closes):
        return entry  # nothing to do: no lock taken for a look at a settled draw
    with transaction.atomic():
        entry, game, seats = _locked_entry(game_id)
        if entry.pickers is None and game.is_over and game.started_at is not None:
            _make_draw(entry, game)
            _bots_pick(entry, seats)
            entry.save(update_fields=["offer", "pickers", "picks"])
        elif entry.pickers is not None and _close_if_due(entry, game):
            entry.save(update_fields=["picks"])
            transaction.on_commit(lambda: notify.rematch_changed(game_id))
    return entry


def pick(game_id: int, user, ability: str, pirate: str) -> SeriesGame:
    """`user` takes the card `ability` for their pirate number `pirate` ("" for none: taking an
    ability is optional). Refused, changing nothing, unless it is their pick and both are free."""
    ensure_draw(game_id)
    with transaction.atomic():
        entry, game, seats = _locked_entry(game_id)
        member = next_picker(entry)
        seat = next((s for s in seats if s.user_id == user.pk), None)
        if seat is None:
            raise SeriesError(_("Only the players of the series pick abilities."))
        if member is None:
            raise SeriesError(_("There is no ability to pick now."))
        if entry.members[seat.index] != member:
            raise SeriesError(_("It is not your pick."))
        if not ability:
            _record(entry, member, None, None)
        else:
            if ability not in cards_left(entry):
                raise SeriesError(_("That card is not on the table."))
            try:
                number = parse_int(pirate, minimum=0, maximum=99)
            except BadNumber:
                number = None
            if number not in _free_pirates(entry, member):
                raise SeriesError(_("Choose a pirate of yours without an ability."))
            _record(entry, member, ability, number)
        _bots_pick(entry, seats)
        entry.save(update_fields=["picks"])
        transaction.on_commit(lambda: notify.rematch_changed(game_id))
    return entry


# --- The next game ---------------------------------------------------------------------------


@dataclass
class NextGame:
    options: dict
    members: list[int]


def check_draw_over(game: Game) -> None:
    """Refuse to offer the next game of a series while its ability draw waits for a pick."""
    entry = ensure_draw(game.pk)
    if entry is not None and next_picker(entry) is not None:
        raise SeriesError(_("The ability draw is not over: the next game waits for it."))


def next_game(game: Game, new_index: dict[int, int]) -> NextGame | None:
    """The options and members of the game that follows `game` in its series, seats moved as
    `new_index` says (old seat -> new seat); None when `game` is of no series. Refused while
    the draw waits for a pick."""
    entry = ensure_draw(game.pk)
    if entry is None:
        return None
    if next_picker(entry) is not None:
        raise SeriesError(_("The ability draw is not over: the next game waits for it."))
    members = [0] * game.players
    for old, new in new_index.items():
        members[new] = entry.members[old]
    held = held_abilities(entry.series)
    options = {name: value for name, value in game.options.items() if name != "abilities"}
    chosen = abilities_option(members, held)
    if chosen:
        options["abilities"] = chosen
    return NextGame(options=options, members=members)


def continue_series(game: Game, new_game: Game, members: list[int]) -> SeriesGame:
    entry = SeriesGame.objects.get(game=game)
    return SeriesGame.objects.create(
        series=entry.series, game=new_game, number=entry.number + 1, members=members
    )


# --- What the pages show ---------------------------------------------------------------------


def _names(series: Series) -> dict[int, str]:
    """Each member's name, from the series' first game."""
    first = SeriesGame.objects.filter(series=series).order_by("number").first()
    return {seat.index: seat.occupant_name for seat in first.game.seats.select_related("user")}


def standings(series: Series) -> list[dict]:
    """The series table (S5): per member the games played, won (first places, shared too) and
    the coins brought aboard their own boat; most wins first, then most coins."""
    names = _names(series)
    rows = {
        m: {"member": m, "name": names.get(m, "?"), "played": 0, "wins": 0, "coins": 0}
        for m in names
    }
    held = held_abilities(series)
    for entry in SeriesGame.objects.filter(series=series).select_related("game"):
        game = entry.game
        if game.status != Game.Status.FINISHED or not game.outcome:
            continue
        ranking = game.outcome.get("ranking") or [[]]
        stowed = (game.state or {}).get("stowed") or []
        for seat, member in enumerate(entry.members):
            rows[member]["played"] += 1
            rows[member]["wins"] += seat in ranking[0]
            rows[member]["coins"] += stowed[seat] if seat < len(stowed) else 0
    for member, row in rows.items():
        row["abilities"] = sorted(held.get(member, {}).items())
    return sorted(rows.values(), key=lambda r: (-r["wins"], -r["coins"], r["member"]))


def series_context(game: Game, user) -> dict | None:
    """The series beside a board and after the game: its number, each seat's abilities, the
    standings, the draw (cards left, who picks, whether it is `user`'s pick). None for a game
    of no series."""
    entry = ensure_draw(game.pk) if game.is_over else _series_game_of_started(game)
    if entry is None:
        return None
    names = _names(entry.series)
    pk = getattr(user, "pk", None)
    seat = game.seats.filter(user_id=pk).first() if pk is not None else None
    my_member = entry.members[seat.index] if seat is not None else None
    picker = next_picker(entry)
    made = entry.pickers is not None
    return {
        "number": entry.number,
        "standings": standings(entry.series),
        "offer": entry.offer or [],
        "cards_left": cards_left(entry),
        "picks": [
            {
                "name": names.get(p["member"], "?"),
                "ability": p["ability"],
                "pirate": p["pirate"],
                "lapsed": p.get("lapsed", False),
            }
            for p in entry.picks
        ],
        "draw_made": made,
        "no_pickers": made and not entry.pickers,
        "picker": names.get(picker, "") if picker is not None else "",
        "draw_over": made and picker is None,
        "closes_at": draw_closes_at(game) if picker is not None else None,
        "my_pick": picker is not None and picker == my_member,
        "free_pirates": _free_pirates(entry, my_member) if my_member is not None else [],
        "my_crew": CREWS[seat.index] if seat is not None else "",
        "abilities": ABILITIES,
    }
