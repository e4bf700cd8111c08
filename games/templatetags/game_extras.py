"""The panels beside a game's board: `{% chat_panel %}` and `{% rematch_panel %}`, drawn from the
page's `game` and `user` (games/_chat.html includes both)."""

from django import template

from games.families import colour_name
from games.presenters.after_game import rematch_context
from games.presenters.chat import chat_context

register = template.Library()


@register.filter
def crew_names(crews) -> str:
    """A seat's crews in the active language: ['white', 'black'] -> 'White + Black'."""
    if isinstance(crews, str):
        crews = [crews]
    return " + ".join(colour_name(crew) for crew in crews)


@register.inclusion_tag("games/chat_panel.html", takes_context=True)
def chat_panel(context):

    return chat_context(context["game"], context["user"], csrf_token=context.get("csrf_token", ""))


@register.inclusion_tag("games/rematch_panel.html", takes_context=True)
def rematch_panel(context):

    return rematch_context(
        context["game"], context["user"], csrf_token=context.get("csrf_token", "")
    )
