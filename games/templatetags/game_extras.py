"""The panels beside a game's board: `{% chat_panel %}` and `{% rematch_panel %}`, drawn from the
page's `game` and `user` (games/_chat.html includes both); the board's shape for its stylesheet."""

import re

from django import template

from games.families import colour_name
from games.presenters.after_game import rematch_context
from games.presenters.chat import chat_context
from games.teams import grouped

register = template.Library()


@register.filter
def crew_names(crews) -> str:
    """A seat's crews in the active language: ['white', 'black'] -> 'White + Black'."""
    if isinstance(crews, str):
        crews = [crews]
    return " + ".join(colour_name(crew) for crew in crews)


VIEW_BOX = re.compile(r'viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"')


@register.filter
def board_ratio(svg: str) -> str:
    """A board picture's width / height, for CSS (`aspect-ratio`, the room it may take):
    '<svg viewBox="0 0 1000 720" ...' -> '1000 / 720'. Each family draws its own shape."""
    match = VIEW_BOX.search(str(svg)[:400])
    return f"{match[1]} / {match[2]}" if match else "1 / 1"


@register.inclusion_tag("games/chat_panel.html", takes_context=True)
def chat_panel(context):

    return chat_context(context["game"], context["user"], csrf_token=context.get("csrf_token", ""))


@register.inclusion_tag("games/rematch_panel.html", takes_context=True)
def rematch_panel(context):

    return rematch_context(
        context["game"], context["user"], csrf_token=context.get("csrf_token", "")
    )


@register.filter
def in_teams(seats, teams: bool) -> list[list]:
    """A game's seats by team for a list of games: [[0, 2], [1, 3]] two against two, one seat a
    team otherwise (games.teams)."""
    return grouped(seats, bool(teams))
