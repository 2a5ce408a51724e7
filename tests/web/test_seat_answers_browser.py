"""A seat's phone stays on the table's newest state however its answers travel, and asks the
table nothing per state (chromium at phone size, touch): the seat's turn comes with each state
(its public `asks`); a question about the seat (`GET /api/me`: at a join, a new match, the page
shown again, a send) whose answer comes after a newer state is dropped, and a question the
table did not answer is asked again.

A whole Yahtzee game from four phones stayed one state behind now and then ("not showing #79:
79, seat 78"): the answer of the state before came in last and was drawn over the new one.
Four phones asking `/api/me` after every state were four requests a state on the table's
server (issue 28's figure: the followers' cost).
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.table import DrawChance, Table
from companion.web import WebServer
from tests.web.conftest import PIN, start
from tests.web.phone_pages import NEEDS_CHROMIUM, WAIT_MS, open_phone, wait_for_seq

pytestmark = NEEDS_CHROMIUM

HOLD_AN_ANSWER = """
window.heldAnswers = [];
window.holdNextAnswer = false;
window.questions = 0;
const realFetch = window.fetch;
window.fetch = async (...args) => {
  const aboutTheSeat = String(args[0]).startsWith("/api/me");
  if (aboutTheSeat) window.questions += 1;
  const response = await realFetch(...args);
  if (!aboutTheSeat || !window.holdNextAnswer) return response;
  window.holdNextAnswer = false;
  const body = await response.json();
  let release;
  const held = new Promise((resolve) => { release = () => resolve(body); });
  window.heldAnswers.push({ seq: body.turn ? body.turn.seq : null, release, held });
  return { ok: response.ok, status: response.status, json: () => held };
};
"""
"""The page's `fetch` with the body of the next `/api/me` answer held back until the test lets
it go: as a slow network delivers an answer's headers, then its body after a newer answer's;
`window.questions` counts the questions about the seat."""

LET_IT_GO = """async () => {
  const answer = window.heldAnswers[0];
  answer.release();
  await answer.held;
  await new Promise((resolve) => setTimeout(resolve, 0)); // the page has drawn it meanwhile
  return document.body.dataset.seatSeq;
}"""

ASK = "() => { document.dispatchEvent(new Event('visibilitychange')); }"
"""The page asks about its seat again, as it does when the phone shows it again (seat.js)."""


@pytest.fixture
def ana(browser: Any, server: WebServer, table: Table) -> Any:
    """Ana's phone, joined, at a Yahtzee game whose first throw is Ana's to make."""
    snapshot = start(table, "yahtzee", 2)
    page = open_phone(browser)
    page.context.add_init_script(HOLD_AN_ANSWER)
    page.goto(f"http://127.0.0.1:{server.port}/")
    page.tap("#seat-join")
    page.fill("#seat-pin", PIN)
    page.tap("#seat-pin-next")
    page.tap('.seat-name[data-name="Ana"]')
    wait_for_seat_seq(page, snapshot.seq)
    yield page
    page.context.close()


def wait_for_seat_seq(page: Any, seq: int) -> None:
    page.wait_for_function(
        "seq => document.body.dataset.seatSeq === seq", arg=str(seq), timeout=WAIT_MS
    )


def test_an_answer_about_the_state_before_that_comes_last_leaves_the_phone_on_the_new_state(
    ana: Any, table: Table
) -> None:
    before = table.snapshot
    assert before is not None
    ana.evaluate("() => { window.holdNextAnswer = true; }")
    ana.evaluate(ASK)
    ana.wait_for_function("() => window.heldAnswers.length === 1", timeout=WAIT_MS)
    assert table.post(DrawChance(for_seq=before.seq)).result().applied  # the table moves on
    wait_for_seat_seq(ana, before.seq + 1)
    assert ana.evaluate("() => window.heldAnswers[0].seq") == before.seq
    assert ana.evaluate(LET_IT_GO) == str(before.seq + 1)
    assert ana.script_errors == []


def test_a_question_about_the_seat_left_unanswered_is_asked_again(ana: Any) -> None:
    refused: list[str] = []

    def refuse_once(route: Any) -> None:
        if refused:
            route.continue_()
            return
        refused.append(route.request.url)
        route.fulfill(
            status=503,
            content_type="application/json",
            body='{"error": "The table is busy: try again."}',
        )

    ana.route("**/api/me", refuse_once)
    asked = ana.evaluate("() => window.questions")
    ana.evaluate(ASK)
    # asked again by itself: nothing else asks (no new state, the page not shown again)
    ana.wait_for_function("n => window.questions === n + 2", arg=asked, timeout=WAIT_MS)
    assert len(refused) == 1
    assert ana.script_errors == []


def test_a_seated_phone_draws_each_new_state_without_asking_about_its_seat(
    ana: Any, table: Table
) -> None:
    before = table.snapshot
    assert before is not None
    assert ana.text_content("#seat-prompt") == "Ana, your turn: roll."
    asked = ana.evaluate("() => window.questions")
    assert table.post(DrawChance(for_seq=before.seq)).result().applied  # Ana's throw
    wait_for_seat_seq(ana, before.seq + 1)  # Ben's throw for the order of play now
    assert ana.locator("#seat-prompt").count() == 0
    assert ana.locator("#seat-roll").count() == 0
    assert ana.evaluate("() => window.questions") == asked
    assert ana.script_errors == []


def test_a_spectators_page_asks_nothing_about_a_seat_as_the_states_come(
    browser: Any, server: WebServer, table: Table
) -> None:
    before = start(table, "yahtzee", 2)
    page = open_phone(browser)
    page.context.add_init_script(HOLD_AN_ANSWER)
    page.goto(f"http://127.0.0.1:{server.port}/")
    wait_for_seq(page, before.seq)
    asked = page.evaluate("() => window.questions")
    assert table.post(DrawChance(for_seq=before.seq)).result().applied
    wait_for_seq(page, before.seq + 1)
    assert page.locator("#seat-join").is_visible()  # a spectator's page, following the table
    assert page.evaluate("() => window.questions") == asked
    assert page.script_errors == []
    page.context.close()
