// A seat's own hand on its phone, in a match with phones as hands (docs/web.md, "Phones as
// hands"): the cards drawn as the table's card is, the ones it may play now lit, a tap plays
// (a Wild asks its colour), and the seat's other actions as buttons (draw, keep, UNO,
// challenge, Duo's draft, ...). The hand is asked of GET /api/seat/hand with the seat's
// token after every state the page draws, so a phone that reloads gets its hand back; the
// token is asked of GET /api/me once a seat, and nothing is asked where there is no hand
// to show (the cards on the table, a spectator).
"use strict";

(function () {
  const { el, fill } = window.Boards;
  const words = JSON.parse(document.getElementById("words").textContent);
  const CARD_COLOURS = ["Red", "Yellow", "Green", "Blue"];
  let token = null;
  let tokenOf = null; // the seat's name the token was given for
  let hands = null; // where the hands are in the match shown ("phones": this script's)
  let asked = 0;
  let message = "";
  // The card whose Wild colour (or Duo play) is being asked, at the state it was tapped in:
  // a redraw of the same state (another phone's news) asks it again rather than losing it.
  let choosing = null;

  function cardColour(card) {
    const first = String(card || "").split(" ")[0];
    return CARD_COLOURS.includes(first) ? first.toLowerCase() : "black";
  }

  function playersOf() {
    try { return JSON.parse(document.body.dataset.handPlayers || "[]"); } catch (e) { return []; }
  }

  function label(action, names) {
    const tag = action.action;
    if (tag === "draft") return action.keep ? words.hand_action_draft_keep : words.hand_action_draft_pass;
    const name = names[tag === "catch_uno" ? action.caught : action.picked] || "";
    const said = words["hand_action_" + tag];
    return said ? fill(said, { name }) : words.hand_action_other;
  }

  function cardsOf(action) {
    if (action.card) return [action.card];
    return Array.isArray(action.cards) ? action.cards : [];
  }

  // Which of the hand's legal actions a button sends (its place in the list the server gave).
  function legalIndex(hand, action) {
    return (hand.legal_actions || []).indexOf(action);
  }

  async function play(hand, action) {
    choosing = null;
    const body = Object.assign({}, action, { match: hand.match, seq: hand.seq });
    try {
      const response = await fetch("/api/seat/actions", {
        method: "POST", credentials: "same-origin", cache: "no-store",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": token },
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      message = answer.ok ? "" : answer.error;
    } catch (e) {
      message = words.seat_failed;
    }
    refresh();
  }

  // The colours to choose among, each a button filled with its colour: a Wild played, or a
  // Wild turned up to start the pile (`choose_colour`).
  function colourButton(hand, action) {
    const colour = String(action.colour || "");
    const word = words[colour.toLowerCase()] || colour;
    return el("button", {
      type: "button", class: "hand-colour colour-" + colour.toLowerCase(), "data-colour": colour,
      "data-uno": action.uno ? "true" : "false", "data-legal": String(legalIndex(hand, action)),
      onclick: () => play(hand, action),
    }, action.uno ? fill(words.hand_with_uno, { colour: word }) : word);
  }

  // Duo: a Reverse played alone or the whole run of its colour, each button saying which
  // cards it plays.
  function runButton(hand, action) {
    const said = action.action === "play_colour"
      ? fill(words.hand_play_run, { cards: cardsOf(action).join(", ") })
      : fill(words.hand_play_alone, { card: action.card });
    return el("button", {
      type: "button", class: "hand-action hand-run", "data-action": action.action,
      "data-uno": action.uno ? "true" : "false", "data-legal": String(legalIndex(hand, action)),
      onclick: () => play(hand, action),
    }, action.uno ? fill(words.hand_and_uno, { play: said }) : said);
  }

  function chooseAmong(hand, view, actions, card) {
    choosing = { seq: hand.seq, card };
    const colours = actions.every((action) => action.colour);
    const row = el("div", { class: "hand-actions", id: "hand-choice" },
      el("p", { class: "label" }, colours ? words.hand_choose_colour : words.hand_choose_run));
    actions.forEach((action) => row.append(colours ? colourButton(hand, action) : runButton(hand, action)));
    const old = view.querySelector("#hand-choice");
    if (old) old.replaceWith(row); else view.append(row);
  }

  function draw(hand) {
    const view = document.getElementById("hand");
    const names = playersOf();
    const legal = hand.legal_actions || [];
    const cards = el("div", { class: "hand-cards" });
    hand.cards.forEach((card, index) => {
      const plays = legal.filter((action) => cardsOf(action).includes(card));
      const lit = plays.length > 0;
      cards.append(el("button", {
        type: "button", class: "card card-" + cardColour(card) + (lit ? " lit" : " dim"),
        "data-card": card, "data-index": String(index), disabled: lit ? null : "disabled",
        onclick: () => {
          const plain = plays.filter((action) => !action.uno);
          const chosen = plain.length ? plain : plays;
          if (chosen.length === 1) play(hand, chosen[0]);
          else chooseAmong(hand, view, plays, card);
        },
      }, el("span", {}, card)));
    });
    const others = el("div", { class: "hand-actions" });
    const starting = legal.filter((action) => action.action === "choose_colour");
    if (starting.length) {
      others.append(el("p", { class: "label" }, words.hand_start_colour),
        ...starting.map((action) => colourButton(hand, action)));
    }
    legal.filter((action) => cardsOf(action).length === 0 && action.action !== "choose_colour").forEach((action) => {
      others.append(el("button", {
        type: "button", class: "hand-action", "data-action": action.action,
        "data-legal": String(legalIndex(hand, action)), onclick: () => play(hand, action),
      }, label(action, names)));
    });
    const notes = [];
    if (hand.drawn) notes.push(fill(words.hand_drawn, { card: hand.drawn }));
    if (hand.looking_at) notes.push(fill(words.hand_looking_at, { card: hand.looking_at }));
    if (hand.shown) {
      notes.push(fill(words.hand_shown, { name: names[hand.shown.seat] || "",
        cards: hand.shown.cards.join(", ") }));
    }
    view.replaceChildren(el("h3", {}, words.hand_title), cards, others,
      ...notes.map((text) => el("p", { class: "hand-note" }, text)),
      el("p", { class: "hand-message", id: "hand-message", role: "alert" }, message));
    view.dataset.seq = String(hand.seq);
    view.hidden = false;
    if (choosing && choosing.seq === hand.seq) {
      const plays = legal.filter((action) => cardsOf(action).includes(choosing.card));
      if (plays.length > 1) chooseAmong(hand, view, plays, choosing.card);
    } else {
      choosing = null;
    }
  }

  async function refresh() {
    const number = ++asked;
    const view = document.getElementById("hand");
    // From a round's end to the next deal the board shows every hand counted, and at the
    // match's end the result: a hand emptied or no longer in play is not shown then.
    const result = document.getElementById("result");
    if (document.getElementById("round-end") || (result && !result.hidden)) {
      view.hidden = true;
      return;
    }
    // No hand to show (the cards are on the table, the phone holds no seat): nothing to ask.
    const seatName = document.body.dataset.seatName;
    if (hands !== "phones" || !seatName) {
      view.hidden = true;
      return;
    }
    try {
      if (token === null || tokenOf !== seatName) { // the seat's token, once a seat
        const me = await (await fetch("/api/me", { cache: "no-store", credentials: "same-origin" })).json();
        if (!me.csrf || me.seat === null) { view.hidden = true; return; }
        token = me.csrf;
        tokenOf = me.name;
      }
      const response = await fetch("/api/seat/hand", {
        cache: "no-store", credentials: "same-origin", headers: { "X-CSRF-Token": token },
      });
      if (response.status === 403) token = null; // another phone took the seat: ask again
      if (number !== asked) return; // a newer state asked again meanwhile
      if (!response.ok) { view.hidden = true; return; }
      draw(await response.json());
    } catch (e) {
      view.hidden = true;
    }
  }

  function start() {
    // The page shows every state it hears (app.js): the hand follows it.
    document.addEventListener("state-shown", (event) => {
      hands = event.detail ? event.detail.hands : null;
      const names = Array.from(document.querySelectorAll("#board .hand .name"))
        .map((node) => node.textContent);
      document.body.dataset.handPlayers = JSON.stringify(names);
      refresh();
    });
    // A join or a leave (seat.js marks the body) changes whose hand this phone holds.
    new MutationObserver((changes) => {
      if (changes.some((change) => change.oldValue !== document.body.dataset.seatName)) refresh();
    }).observe(document.body, { attributes: true, attributeFilter: ["data-seat-name"], attributeOldValue: true });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") refresh();
    });
    refresh();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
