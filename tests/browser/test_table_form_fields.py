"""The table form on a phone and a desktop (issue 43 item 8): only the clock fields of the time
control chosen are shown, with the page's script and without it, and no option is cut off.

Set BOARD_SHOTS to a folder to keep a screenshot (for looking, not for asserting)."""

import pytest
from playwright.sync_api import expect

from tests.browser import test_board_on_every_screen as screens
from tests.browser.test_play_in_browser import asgi_server, signed_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["asgi_server", "signed_in"]  # fixtures

CLOCK_FIELDS = ("days_per_move", "bank_days", "increment_days", "weekends_off")
SHOWN = {
    "per-move": {"days_per_move", "weekends_off"},
    "bank": {"bank_days", "increment_days", "weekends_off"},
    "unlimited": set(),
}
# Whether a select's chosen option fits its box (a closed select cuts a longer one off).
CUT_OFF = """select => {
  const probe = document.createElement("span");
  const style = getComputedStyle(select);
  probe.style.font = style.font;
  probe.style.position = "absolute";
  probe.style.whiteSpace = "nowrap";
  document.body.appendChild(probe);
  const cut = [];
  for (const option of select.options) {
    probe.textContent = option.textContent;
    // the box's text room: its width less its padding and the arrow (about 1.5em)
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      - 1.5 * parseFloat(style.fontSize);
    if (probe.getBoundingClientRect().width > room) cut.push(option.textContent);
  }
  probe.remove();
  return cut;
}"""


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_the_form_shows_the_clock_fields_of_the_chosen_control(
    asgi_server, signed_in, screen, script
):
    context = signed_in(make_user("alice"), java_script_enabled=script, **screens.SCREENS[screen])
    page = context.new_page()
    page.goto(f"{asgi_server}/games/new/")
    for kind, shown in SHOWN.items():
        page.select_option("#id_clock_kind", kind)
        for name in CLOCK_FIELDS:
            field = page.locator(f".field-{name}")
            if name in shown:
                expect(field).to_be_visible()
            else:
                expect(field).to_be_hidden()
    page.select_option("#id_clock_kind", "bank")
    # No select's option is wider than its box, on the phone either.
    for select in page.locator("main form select").all():
        if select.is_visible():
            assert select.evaluate(CUT_OFF) == [], select.get_attribute("id")
    # What the short options of the rules and of a timeout mean is written out under them.
    expect(page.locator(".field-ruleset .choice-notes")).to_contain_text("Second edition: Friday")
    expect(page.locator(".field-timeout_policy .choice-notes")).to_contain_text(
        "A bot takes over the seat"
    )
    screens.shot(page, f"table-form-{screen}-{'script' if script else 'no-script'}")
