// The phone as a player's seat: the join form (PIN, then the player's name), and the seat's
// own controls when the table asks something of it (roll, count the hand, enter the throw,
// ask for undo: the table's screen confirms it, or the PIN where it has none). The seat is a
// server-side session behind an HttpOnly cookie; this script holds only its CSRF token, never
// the PIN past the join. It learns the seat from /api/me, and each new state's turn from the
// state's public `asks` (app.js tells it each state shown, "state-shown"), asking /api/me
// again only when something of its own may have changed. Any phone may start a match or a rematch with
// the PIN ("New match"); over an unfinished match it asks first, as the table's home does.
"use strict";

(function () {
  const { el, fill } = window.Boards;
  const words = JSON.parse(document.getElementById("words").textContent);
  const VIBRATE_MS = 200;
  const FACES = [1, 2, 3, 4, 5, 6];
  let me = { name: null, seat: null, csrf: null };
  let pin = null; // only between the PIN field and the tap on a name
  let step = "spectator"; // spectator | pin | names | seated
  let buzzedTurn = null; // the turn already vibrated for: once per turn, not per update
  let wasMine = false;
  let wasSpin = false;
  let asked = 0; // the questions to /api/me, numbered
  let answered = 0; // the question whose answer is drawn: an older one's is dropped
  const ASK_AGAIN_MS = 1000; // after a question to /api/me that was not answered
  let askAgainTimer = null; // the one pending question asked again
  let heardMatch = null; // the match of the last state the page showed
  let drawn = null; // what the seat's controls were drawn for (and at which state)
  let drawnKind = null; // what they were drawn for: redrawn only when it changes
  let askedUndo = null; // the number of the undo this page asked of the table's screen
  let heardUndo = null; // "number:state" of the undo answer already said
  const UNDO_POLL_MS = 1000; // while the table's screen has not answered an undo
  let undoTimer = null; // the one pending look at an undo's answer

  const panel = el("section", { id: "seat", class: "seat", "aria-live": "polite" });
  const message = el("p", { id: "seat-message", class: "seat-message", role: "alert" });

  // A refusal is said in the error's colour; `news` (the table's answer to an undo asked)
  // in the text's own: it is not something the player did wrong.
  function say(text, news) {
    message.textContent = text || "";
    message.classList.toggle("seat-news", Boolean(news));
  }

  async function send(path, body, withToken) {
    const headers = { "Content-Type": "application/json" };
    if (withToken && me.csrf) headers["X-CSRF-Token"] = me.csrf;
    try {
      const response = await fetch(path, { method: "POST", headers, body: JSON.stringify(body || {}), credentials: "same-origin", cache: "no-store" });
      const answer = await response.json().catch(() => ({}));
      if (!response.ok) say(answer.error || words.seat_failed);
      else say("");
      return response.ok ? answer : null;
    } catch (error) {
      say(words.seat_failed);
      return null;
    }
  }

  async function state() {
    try {
      const response = await fetch("/api/state", { cache: "no-store" });
      return response.ok ? (await response.json()).match : null;
    } catch (error) {
      return null;
    }
  }

  async function learn() {
    const question = ++asked;
    let answer;
    try {
      const response = await fetch("/api/me", { cache: "no-store", credentials: "same-origin" });
      if (!response.ok) return askAgain(question);
      answer = await response.json();
    } catch (error) {
      return askAgain(question); // offline a moment, the server restarting
    }
    // Told only after its whole body came, an answer may come after a newer question's:
    // the newest answer stays (it is of the newest state the page was told of).
    if (question <= answered) return;
    answered = question;
    me = answer;
    if (me.name !== null) step = "seated";
    else if (step === "seated") step = "spectator";
    drawTurn();
    hearUndo();
  }

  // What the table asks of the seat, drawn: the panel, the vibration, the seat's row.
  function drawTurn() {
    document.body.dataset.seatName = me.name || "";
    document.body.dataset.mySeat = me.seat === null || me.seat === undefined ? "" : String(me.seat);
    buzz();
    draw();
    mark();
    document.body.dataset.seatSeq = me.turn ? String(me.turn.seq) : ""; // the state drawn for
  }

  // A new state shown (app.js): the seat's turn is read from its public `asks`, as the
  // table's `turn` of /api/me is made, so four phones make no question a state. The page
  // still asks when something of its own may have changed that the state does not say: a
  // new match (its seat, the lobby, how an undo is confirmed), a seat it cannot find as it
  // was, an undo of its own waiting for the table's screen.
  function hear(match) {
    const newMatch = !match || match.id !== heardMatch;
    heardMatch = match ? match.id : null;
    if (step !== "seated") return; // nothing a spectator's panel shows comes with a state
    const found = match ? match.players.findIndex((player) => player.name === me.name) : -1;
    const seat = found < 0 ? null : found;
    if (newMatch || undoWaits() || !match.asks || seat !== me.seat || (seat !== null && !me.turn)) return learn();
    if (seat === null) return; // joined, not in this match: nothing of its own to draw
    if (match.id === me.turn.match && match.seq <= me.turn.seq) return; // drawn already, or newer
    answered = asked; // an answer to a question asked before this is of an older state
    me = Object.assign({}, me, { turn: turnOf(match, seat) });
    drawTurn();
  }

  // An undo this page asked for whose answer it has not heard yet: the table's screen may
  // answer it with the very state this page hears (or the ask may not be answered yet).
  function undoWaits() {
    if (me.undo && me.undo.state === "waiting") return true;
    return askedUndo !== null && !(me.undo && me.undo.number === askedUndo);
  }

  // `turn` as GET /api/me answers it, from the state's `asks` (companion/web/seat_turns.py).
  function turnOf(match, seat) {
    const asks = match.asks;
    return {
      match: match.id, seq: match.seq, chance: match.chance ? match.chance.kind : null,
      to_move: asks.to_move === seat, dice: asks.dice_seat === seat ? asks.dice : null,
      count: asks.count.includes(seat), picked: asks.picked === seat, can_undo: asks.can_undo,
    };
  }

  // The newest question was not answered (refused, offline): ask again, so that the page does
  // not stay a state behind its board until the table moves on.
  function askAgain(question) {
    if (question !== asked || askAgainTimer !== null) return;
    askAgainTimer = setTimeout(() => { askAgainTimer = null; learn(); }, ASK_AGAIN_MS);
  }

  // The table's screen answers an undo this page asked for: say how it went (once), and ask
  // again every second while it has not.
  function hearUndo() {
    const undo = me.undo;
    if (!undo) return;
    // a page opened again while its seat's ask waits takes it up: says it, follows it
    if (askedUndo === null && undo.state === "waiting") askedUndo = undo.number;
    if (undo.number !== askedUndo) return;
    const key = `${undo.number}:${undo.state}`;
    if (key !== heardUndo) {
      heardUndo = key;
      say(undo.text, true);
    }
    if (undo.state === "waiting" && undoTimer === null) {
      undoTimer = setTimeout(() => { undoTimer = null; learn(); }, UNDO_POLL_MS);
    }
  }

  // -- the turn ---------------------------------------------------------------------------

  function mine(turn) {
    return Boolean(turn && (turn.to_move || turn.dice || turn.count));
  }

  // A vibration when it becomes this seat's turn, or the spinner picks it (`turn.picked`:
  // a pick may give the seat a card's action while another is to move): once per turn.
  function buzz() {
    const turn = me.turn;
    const now = mine(turn);
    const key = turn ? `${turn.match}:${turn.seq}` : null;
    const picked = Boolean(turn && turn.picked);
    if ((picked || (now && (!wasMine || wasSpin))) && buzzedTurn !== key) {
      buzzedTurn = key;
      document.body.dataset.buzzed = key;
      if (navigator.vibrate) navigator.vibrate(VIBRATE_MS);
    }
    wasMine = now;
    wasSpin = Boolean(turn && turn.chance === "spin");
  }

  function prompt(turn) {
    const name = me.name;
    if (turn.count) return fill(words.seat_turn_count, { name });
    if (turn.dice) return fill(words.seat_turn_roll, { name });
    return fill(words.seat_turn, { name });
  }

  // The state a change is made against: the newest one this phone was told of.
  function made(extra) {
    const turn = me.turn || {};
    return Object.assign({}, extra, { match: turn.match, seq: turn.seq });
  }

  // -- the panel --------------------------------------------------------------------------

  function draw() {
    document.body.dataset.seatStep = step;
    const turn = me.turn;
    const kind = step === "seated" ? [me.name, me.seat, me.lobby, mine(turn), turn && turn.dice, turn && turn.count, Boolean(turn), me.undo_by, mayAskUndo(turn)].join("|") : step;
    const shape = step === "seated" && turn ? `${kind}|${turn.match}:${turn.seq}` : kind;
    // Keep what is being typed or chosen: the PIN, dice half chosen when the same state is
    // answered again (a send's answer and the stream both ask), a count while the others'
    // counts move the table on.
    if (shape === drawn) return;
    const keep = kind === drawnKind && panel.contains(document.activeElement);
    drawn = shape;
    drawnKind = kind;
    if (keep) return;
    if (step === "spectator") {
      panel.replaceChildren(el("button", { id: "seat-join", class: "seat-wide", type: "button", onclick: askPin }, words.seat_join), message);
    } else if (step === "pin") {
      const field = el("input", { id: "seat-pin", type: "password", inputmode: "numeric", pattern: "[0-9]*", autocomplete: "off", maxlength: "8", "aria-label": words.seat_pin });
      const form = el("form", { class: "seat-row", onsubmit: (event) => { event.preventDefault(); pickName(field.value); } },
        el("label", { for: "seat-pin" }, words.seat_pin), field,
        el("button", { id: "seat-pin-next", type: "submit" }, words.seat_pin_next),
        el("button", { type: "button", class: "seat-quiet", onclick: cancel }, words.seat_cancel));
      panel.replaceChildren(form, message);
      field.focus();
    } else if (step === "names") {
      drawNames();
    } else {
      drawSeat();
    }
  }

  function askPin() {
    step = "pin";
    say("");
    draw();
  }

  function cancel() {
    pin = null;
    step = "spectator";
    say("");
    draw();
  }

  async function pickName(given) {
    pin = given;
    step = "names";
    draw();
  }

  // The players a phone may join: those the table's screen is setting a match up for (its
  // lobby), or else the match's on the table.
  async function lobby() {
    try {
      const response = await fetch("/api/lobby", { cache: "no-store" });
      return response.ok ? (await response.json()).players : [];
    } catch (error) {
      return [];
    }
  }

  async function drawNames() {
    const [onTable, offered] = await Promise.all([state(), lobby()]);
    if (step !== "names") return;
    const match = offered.length ? { players: offered } : onTable;
    const players = match ? match.players : [];
    // Each name with the mark the table's screen draws the player with: "I'm the yellow Y".
    const { badge, paint } = window.Boards;
    const buttons = players.map((player, seat) => paint(el("button", { type: "button", class: "seat-name", "data-name": player.name, onclick: () => join(player.name) },
      badge(match, seat), " ", el("span", { class: "name" }, player.name)), match, seat));
    panel.replaceChildren(el("p", { class: "seat-title" }, words.seat_pick), el("div", { class: "seat-names" }, ...buttons),
      el("button", { type: "button", class: "seat-quiet", onclick: cancel }, words.seat_cancel), message);
  }

  async function join(name) {
    const answer = await send("/api/join", { pin, name }, false);
    if (!answer) {
      step = "pin"; // a wrong PIN (its sentence is shown): enter it again
      draw();
      return;
    }
    pin = null;
    step = "seated";
    await learn();
  }

  async function leave() {
    if (await send("/api/leave", {}, true)) {
      me = { name: null, seat: null, csrf: null };
      step = "spectator";
      wasMine = false;
      await learn();
    }
  }

  function drawSeat() {
    const turn = me.turn;
    const parts = [el("div", { class: "seat-row" },
      el("span", { class: "seat-who" }, me.seat === null ? fill(me.lobby ? words.seat_waiting : words.seat_not_playing, { name: me.name }) : fill(words.seat_yours, { name: me.name })),
      el("button", { id: "seat-leave", type: "button", class: "seat-quiet", onclick: leave }, words.seat_leave))];
    document.body.classList.toggle("my-turn", mine(turn));
    if (turn && mine(turn)) parts.push(el("p", { id: "seat-prompt", class: "seat-prompt" }, prompt(turn)));
    if (turn && turn.dice) parts.push(rollControls(turn.dice));
    if (turn && turn.count) parts.push(countControls());
    if (mayAskUndo(turn)) parts.push(undoControls());
    parts.push(message);
    panel.replaceChildren(...parts);
  }

  function rollControls(count) {
    const dice = [];
    for (let index = 0; index < count; index++) {
      const label = fill(words.seat_die, { n: index + 1 });
      dice.push(el("select", { class: "seat-die", "aria-label": label, "data-die": index }, ...FACES.map((face) => el("option", { value: face }, String(face)))));
    }
    const sendDice = () => send("/api/seat/actions", made({ action: "dice", values: dice.map((die) => Number(die.value)) }), true).then(learn);
    return el("div", { class: "seat-controls" },
      el("button", { id: "seat-roll", type: "button", class: "seat-wide seat-go", onclick: () => send("/api/seat/chance", made({}), true).then(learn) }, words.seat_roll),
      el("p", { class: "seat-title" }, words.seat_dice_label),
      el("div", { class: "seat-dice" }, ...dice),
      el("button", { id: "seat-dice-send", type: "button", onclick: sendDice }, words.seat_dice_send));
  }

  function countControls() {
    const field = el("input", { id: "seat-count", type: "text", inputmode: "numeric", pattern: "[0-9]*", autocomplete: "off", maxlength: "4" });
    const sendCount = (event) => {
      event.preventDefault();
      const points = Number(field.value);
      if (field.value === "" || !Number.isInteger(points)) return;
      send("/api/seat/actions", made({ action: "count_hand", counted: me.seat, points }), true).then(learn);
    };
    return el("form", { class: "seat-controls seat-row", onsubmit: sendCount },
      el("label", { for: "seat-count" }, words.seat_count_label), field,
      el("button", { id: "seat-count-send", type: "submit", class: "seat-go" }, words.seat_count_send));
  }

  async function askUndo() {
    const answer = await send("/api/seat/undo", made({}), true);
    if (answer && answer.undo) {
      askedUndo = answer.undo.number;
      heardUndo = `${answer.undo.number}:${answer.undo.state}`;
      say(answer.message, true);
    }
    await learn();
  }

  // Any seat of the match may ask for the last move back (the screen, or the PIN, confirms
  // it): only when the table has one to take back, and not while this phone's ask waits.
  function mayAskUndo(turn) {
    return Boolean(turn && turn.can_undo && !(me.undo && me.undo.state === "waiting"));
  }

  function undoControls() {
    if (me.undo_by === "screen") {
      return el("div", { class: "seat-row seat-undo" },
        el("button", { id: "seat-undo", type: "button", class: "seat-quiet", onclick: askUndo }, words.seat_undo));
    }
    const field = el("input", { id: "seat-undo-pin", type: "password", inputmode: "numeric", pattern: "[0-9]*", autocomplete: "off", maxlength: "8", "aria-label": words.seat_undo_pin, hidden: true });
    const confirm = el("button", { id: "seat-undo-send", type: "submit", hidden: true }, words.seat_undo_send);
    const ask = el("button", { id: "seat-undo", type: "button", class: "seat-quiet", onclick: () => {
      field.hidden = false; confirm.hidden = false; ask.hidden = true; field.focus();
    } }, words.seat_undo);
    const undo = (event) => {
      event.preventDefault();
      const body = made(field.value ? { pin: field.value } : {});
      field.value = "";
      send("/api/seat/undo", body, true).then(learn);
    };
    return el("form", { class: "seat-row seat-undo", onsubmit: undo }, ask, field, confirm);
  }

  // -- a new match or a rematch, with the PIN, from any phone ------------------------------

  // Below the seat's panel, closed to one button: it is the same on every phone, seated or not.
  const matchPanel = el("section", { id: "new-match", class: "new-match", "aria-live": "polite" });
  const matchMessage = el("p", { id: "new-match-message", class: "seat-message", role: "alert" });
  const matchOpener = el("button", { id: "new-match-open", type: "button", class: "seat-quiet", onclick: openMatch }, words.seat_new_match);

  async function post(path, body) {
    try {
      const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin", cache: "no-store" });
      return { status: response.status, answer: await response.json().catch(() => ({})) };
    } catch (error) {
      return { status: 0, answer: { error: words.seat_failed } };
    }
  }

  async function openMatch() {
    const [games, match] = await Promise.all([
      fetch("/api/games", { cache: "no-store" }).then((r) => (r.ok ? r.json() : { games: [] })).catch(() => ({ games: [] })),
      state(),
    ]);
    drawMatchForm(games.games || [], match);
  }

  function closeMatch() {
    matchPanel.classList.remove("seat", "open");
    matchPanel.replaceChildren(matchOpener); // the PIN typed goes with the form
  }

  function drawMatchForm(games, match) {
    const game = el("select", { id: "new-match-game", "aria-label": words.seat_game },
      ...games.map((one) => el("option", { value: one.game, selected: one.on_table }, one.title)));
    const names = el("div", { class: "seat-names new-match-players" });
    const addName = (value) => names.append(el("input", { class: "new-match-player", type: "text", maxlength: "24", autocomplete: "off", value: value || "", "aria-label": fill(words.seat_player, { n: names.children.length + 1 }) }));
    (match ? match.players.map((player) => player.name) : []).forEach(addName);
    addName("");
    // The UNO games may be played with each hand on its player's phone (every player
    // joined first): the choice shows only for a game whose deck the companion can hold.
    const onPhones = el("input", { id: "new-match-hands", type: "checkbox" });
    const handsRow = el("label", { class: "seat-row new-match-hands", for: "new-match-hands" }, onPhones, el("span", {}, words.seat_hands_on_phones));
    const showHands = () => {
      const chosen = games.find((one) => one.game === game.value);
      handsRow.hidden = !(chosen && chosen.hands_on_phones);
    };
    game.addEventListener("change", showHands);
    showHands();
    const pinField = el("input", { id: "new-match-pin", type: "password", inputmode: "numeric", pattern: "[0-9]*", autocomplete: "off", maxlength: "8", "aria-label": words.seat_pin });
    const question = el("div", { id: "new-match-question", class: "seat-controls", hidden: true });
    const ask = async (path, body) => {
      const { status, answer } = await post(path, body);
      if (status === 201) {
        closeMatch();
        return;
      }
      if (status === 409 && answer.ask === "abandon") {
        // As the table's home asks: abandon the unfinished match, or keep it.
        question.replaceChildren(el("p", { class: "seat-prompt" }, answer.question),
          el("div", { class: "seat-row" },
            el("button", { id: "new-match-keep", type: "button", class: "seat-quiet", onclick: () => { question.hidden = true; matchMessage.textContent = ""; } }, words.seat_keep),
            el("button", { id: "new-match-abandon", type: "button", class: "seat-go", onclick: () => { question.hidden = true; ask(path, Object.assign({}, body, { abandon: true })); } }, words.seat_abandon)));
        question.hidden = false;
        matchMessage.textContent = "";
        return;
      }
      matchMessage.textContent = answer.error || words.seat_failed;
    };
    const start = (event) => {
      event.preventDefault();
      const players = Array.from(names.querySelectorAll("input")).map((field) => field.value.trim()).filter((name) => name);
      const body = { pin: pinField.value, game: game.value, players };
      if (!handsRow.hidden && onPhones.checked) body.hands = "phones";
      ask("/api/match/start", body);
    };
    const buttons = [el("button", { id: "new-match-start", type: "submit", class: "seat-go" }, words.seat_start)];
    if (match) buttons.push(el("button", { id: "new-match-rematch", type: "button", onclick: () => ask("/api/match/rematch", { pin: pinField.value }) }, words.seat_rematch));
    buttons.push(el("button", { id: "new-match-cancel", type: "button", class: "seat-quiet", onclick: closeMatch }, words.seat_cancel));
    matchPanel.replaceChildren(el("form", { onsubmit: start },
      el("p", { class: "seat-title" }, words.seat_new_match),
      el("label", { for: "new-match-game" }, words.seat_game), game, handsRow,
      el("p", { class: "seat-title" }, words.seat_players), names,
      el("button", { id: "new-match-add", type: "button", class: "seat-quiet", onclick: () => addName("") }, words.seat_add_player),
      el("div", { class: "seat-row" }, el("label", { for: "new-match-pin" }, words.seat_pin), pinField),
      el("div", { class: "seat-row" }, ...buttons)), question, matchMessage);
    matchPanel.classList.add("seat", "open");
    pinField.focus();
  }

  // The seat's own row of the scores, highlighted however often the table redraws it.
  function mark() {
    const board = document.getElementById("scoreboard");
    if (!board) return;
    Array.from(board.rows).forEach((row, index) => row.classList.toggle("my-seat", me.seat !== null && me.seat !== undefined && index === me.seat + 1));
  }

  function start() {
    const main = document.querySelector("main");
    main.prepend(panel);
    panel.after(matchPanel);
    closeMatch();
    draw();
    learn();
    document.addEventListener("state-shown", (event) => hear(event.detail));
    const board = document.getElementById("scoreboard");
    if (board) new MutationObserver(mark).observe(board, { childList: true, subtree: true });
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") learn(); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
