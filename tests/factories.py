"""Named users and games for tests: alice and bob play, carol watches, mallory must see nothing."""

from allauth.account.models import EmailAddress

from accounts.models import User
from games.models import Game
from games.services import head_state, join_table, open_table

PASSWORD = "keelhaul-the-bosun-42"


def make_user(username: str, *, staff: bool = False, auto_vacation: bool = False) -> User:
    """A verified player. Automatic vacation (on for a real account) is off unless asked: a
    test of what a timeout does must see the timeout, not a vacation day paid for it
    (tests/web/test_auto_vacation.py turns it on)."""
    email = f"{username}@example.com"
    user = User.objects.create_user(
        username=username,
        email=email,
        password=PASSWORD,
        is_staff=staff,
        is_superuser=staff,
        auto_vacation=auto_vacation,
    )
    EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
    return user


def start_game(
    *people: User,
    bots: int = 0,
    teams: bool = False,
    private: bool = False,
    ruleset: str = "classic",
) -> Game:
    """A running game: people take the first seats in order, bots the rest."""
    players = len(people) + bots
    game = open_table(
        creator=people[0],
        ruleset=ruleset,
        players=players,
        teams=teams,
        visibility=Game.Visibility.PRIVATE if private else Game.Visibility.PUBLIC,
        bot_seats=tuple(range(len(people), players)),
    )
    for person in people[1:]:
        join_table(game.pk, person)
    game.refresh_from_db()
    return game


def turn_passing_move(game: Game) -> str:
    """A first move after which the turn is the next seat's: on a random deal the first listed
    move may leave the mover a choice (an arrow, a horse), and her clock would run on."""
    state = head_state(game)
    (seat,) = state.to_act()
    for move in state.legal_moves(seat):
        trial = state.copy()
        trial.apply(seat, str(move))
        if seat not in trial.to_act():
            return str(move)
    raise AssertionError("no move of the first turn passes it")
