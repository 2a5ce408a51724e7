// The phone page: follows the table live (Server-Sent Events, or polling when the stream is
// refused), draws the match, and shows the history. No build step, no outside files.
"use strict";

(function () {
  const { drawing, node, fill, badge, roundLabel } = window.Boards;
  const { showResult } = window.Result;
  const words = JSON.parse(document.getElementById("words").textContent);
  const POLL_MS = Number(document.body.dataset.pollMs) || 3000;
  const STREAM_AGAIN_MS = 30000;
  const RECENT = 5;
  const LOG_AGAIN_MS = 1000;
  const $ = (id) => document.getElementById(id);

  let source = null;
  let pollTimer = null;
  let streamAgainTimer = null;
  let current = null; // the last match shown
  let known = { id: null, seq: -1, events: [] };
  let logAgainTimer = null; // a log read that failed is tried again

  // -- following the table ---------------------------------------------------------------

  function setConnection(kind) {
    const label = { live: words.stream_live, polling: words.stream_polling, lost: words.stream_lost }[kind];
    // Live is the usual case: a green dot says it (the page's own "Live" is in the header
    // already); checking every few seconds or reconnecting is said in words.
    $("connection").textContent = kind === "live" ? "" : label;
    $("connection").setAttribute("aria-label", label);
    $("connection").title = label;
    $("connection").className = "connection " + kind;
    document.body.dataset.connection = kind;
  }

  function connect() {
    disconnect();
    if (!window.EventSource) return startPolling();
    source = new EventSource("/api/events");
    source.addEventListener("state", (event) => {
      stopPolling();
      setConnection("live");
      show(JSON.parse(event.data));
    });
    source.addEventListener("error", () => {
      if (source && source.readyState === EventSource.CLOSED) {
        // Refused (too many streams, 503) or gone: poll, and try the stream again later.
        source = null;
        startPolling();
      } else {
        setConnection("lost");
      }
    });
  }

  function disconnect() {
    if (source) source.close();
    source = null;
  }

  function startPolling() {
    setConnection("polling");
    if (!pollTimer) {
      poll();
      pollTimer = setInterval(poll, POLL_MS);
    }
    if (!streamAgainTimer) {
      streamAgainTimer = setTimeout(() => { streamAgainTimer = null; connect(); }, STREAM_AGAIN_MS);
    }
  }

  function stopPolling() {
    if (pollTimer) clearInterval(pollTimer);
    if (streamAgainTimer) clearTimeout(streamAgainTimer);
    pollTimer = null;
    streamAgainTimer = null;
  }

  async function poll() {
    try {
      const response = await fetch("/api/state", { cache: "no-store" });
      if (response.ok) show(await response.json());
    } catch (error) {
      setConnection("lost");
    }
  }

  // Phones drop streams when the screen locks (silently on iOS): start again when seen.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") connect();
  });
  window.addEventListener("pageshow", (event) => { if (event.persisted) connect(); });

  // -- the live match --------------------------------------------------------------------

  function show(body) {
    const match = body.match;
    current = match;
    $("no-match").hidden = match !== null;
    $("match").hidden = match === null;
    document.body.dataset.seq = match ? String(match.seq) : "";
    if (!match) return shown(match);
    $("match-title").textContent = match.title;
    $("turn").replaceChildren(...turnMarks(match), turnText(match));
    const draw = drawing(match.family);
    $("board").replaceChildren(...(draw && match.state ? draw(match, words) : []));
    showResult($("result"), match, words);
    catchUp(match);
    showScores(match);
    showRecent();
    shown(match);
  }

  // The seat's panel (seat.js) reads the seat's turn from each state shown.
  function shown(match) {
    document.dispatchEvent(new CustomEvent("state-shown", { detail: match }));
  }

  function names(match, seats) {
    const list = seats.map((seat) => match.players[seat].name);
    if (!list.length) return words.nobody;
    return list.length === 1 ? list[0] : list.slice(0, -1).join(", ") + " " + words.and + " " + list[list.length - 1];
  }

  // The marks of whom the turn line speaks of: the player to move, the hands still to count
  // at an UNO round's end, or the winners.
  function turnMarks(match) {
    const counting = toCount(match);
    const seats = match.is_over ? match.winners : counting.length ? counting
      : match.chance || match.to_move === null ? [] : [match.to_move];
    return seats.flatMap((seat) => [badge(match, seat), " "]);
  }

  // The seats whose hands the table still waits for (an UNO round's end, refereed): whoever
  // is "to move" then is not asked anything, each player counts their own hand.
  function toCount(match) {
    if (match.is_over || match.chance) return [];
    const seats = new Set(match.legal_actions.filter((a) => a.action === "count_hand").map((a) => a.counted));
    return [...seats].sort((a, b) => a - b);
  }

  function turnText(match) {
    if (match.is_over) return fill(words.over, { names: names(match, match.winners) });
    if (match.chance) return match.chance.text;
    const counting = toCount(match);
    if (counting.length) return fill(words.counting_hands, { names: names(match, counting) });
    if (match.to_move !== null) return fill(words.to_move, { name: match.players[match.to_move].name });
    return words.waiting;
  }

  // The last few events: a new one is added as it comes; after a gap (a stream lost, a new
  // match, a page opened) they are read again from the log. (The rounds come with the state.)
  function catchUp(match) {
    const fresh = known.id !== match.id || match.seq !== known.seq + 1;
    if (match.id === known.id && match.seq === known.seq) {
      if (known.logStale) readLog(match.id);
      return;
    }
    if (fresh) {
      known = { id: match.id, seq: match.seq, events: [{ seq: match.seq, text: match.last_event }] };
      readLog(match.id);
      return;
    }
    known.seq = match.seq;
    known.events = known.events.concat([{ seq: match.seq, text: match.last_event }]).slice(-RECENT);
  }

  async function readLog(id) {
    if (logAgainTimer) clearTimeout(logAgainTimer);
    logAgainTimer = null;
    known.logStale = true;
    let logged;
    try {
      const response = await fetch(`/api/matches/${id}?last=${RECENT}`, { cache: "no-store" });
      if (known.id !== id) return;
      // A refusal that may pass (busy, restarting, too many requests) is tried again.
      if (!response.ok) return response.status >= 500 || response.status === 429 ? readLogAgain(id) : undefined;
      logged = await response.json();
    } catch (error) {
      // Offline for a moment, or the server restarting: the live view goes on, and the
      // log's lines are read again shortly (a state already seen would not ask for them).
      return readLogAgain(id);
    }
    if (known.id !== id) return;
    known.logStale = false;
    const events = logged.events.map((event) => ({ seq: event.seq, text: event.text, undone: event.undone }));
    const newest = events.length ? events[events.length - 1].seq : 0;
    const later = known.events.filter((event) => event.seq > newest);
    known.events = events.concat(later).slice(-RECENT);
    if (!known.events.length && current) known.events = [{ seq: current.seq, text: current.last_event }];
    if (current && current.id === id) showRecent();
  }

  function readLogAgain(id) {
    if (known.id !== id || logAgainTimer) return;
    logAgainTimer = setTimeout(() => { logAgainTimer = null; if (known.id === id) readLog(id); }, LOG_AGAIN_MS);
  }

  // The scores now, after the last three rounds as the screen's scoresheet names them
  // ("Claim 4", "Game 2"): the section's heading says Scores, the last column "Now".
  function showScores(match) {
    const winners = new Set(match.winners);
    const all = match.rounds || [];
    const head = node("tr", {}, node("th", {}, ""));
    const rounds = all.slice(-3);
    rounds.forEach((round, index) => head.append(node("th", { class: "round" }, roundLabel(words, match.family, all.length - rounds.length + index + 1))));
    head.append(node("th", { class: "now" }, words.now));
    const rows = [head];
    match.players.forEach((player, seat) => {
      // nobody is to move while the hands are counted (the one "to move" is asked nothing)
      const moving = seat === match.to_move && !match.is_over && !toCount(match).length;
      const row = node("tr", { class: moving ? "to-move" : "" },
        node("td", { class: "player" }, badge(match, seat), " ", node("span", { class: "name" }, player.name)));
      rounds.forEach((round) => row.append(node("td", { class: "round" }, round[seat])));
      row.append(node("td", { class: "score" }, match.scores[seat], winners.has(seat) ? node("span", { class: "tag" }, " " + words.won) : null));
      rows.push(row);
    });
    $("scoreboard").replaceChildren(...rows);
  }

  function showRecent() {
    $("recent").replaceChildren(...known.events.slice().reverse().map((event) =>
      node("li", { class: event.undone ? "undone" : "", "data-seq": event.seq },
        node("span", { class: "seq" }, "#" + event.seq), " ", event.text)));
  }

  // -- the history -----------------------------------------------------------------------

  async function fetchJSON(url) {
    const response = await fetch(url, { cache: "no-store" });
    if (!response.ok) throw new Error(String(response.status));
    return response.json();
  }

  async function showHistory() {
    let matches = [];
    try { matches = await fetchJSON("/api/matches"); } catch (error) { return; }
    $("no-history").hidden = matches.length > 0;
    $("history-list").replaceChildren(...matches.slice().reverse().map((match) => {
      const winners = new Set(match.winners);
      const people = match.players.map((player) => `${player.name} ${match.scores[player.seat] ?? ""}${winners.has(player.seat) ? " ★" : ""}`).join(" · ");
      return node("li", {},
        node("a", { href: `#/match/${Number(match.id)}` }, fill(words.match_number, { id: match.id }), " · ", match.title),
        node("span", { class: "status " + match.status }, " " + (words[match.status] || match.status)),
        node("p", { class: "people" }, people));
    }));
  }

  async function showPastMatch(id) {
    let match;
    try { match = await fetchJSON(`/api/matches/${id}?last=0`); } catch (error) { return; }
    $("past-title").textContent = `${fill(words.match_number, { id: match.id })} · ${match.title}`;
    const winners = new Set(match.winners);
    $("past-players").replaceChildren(...match.players.map((player) => node("tr", {},
      node("td", { class: "player" }, badge(match, player.seat), " ", node("span", { class: "name" }, player.name)),
      node("td", { class: "score" }, match.scores[player.seat], winners.has(player.seat) ? " ★" : ""))));
    $("past-no-rounds").hidden = match.rounds.length > 0;
    const head = node("tr", {}, node("th", {}, ""), ...match.players.map((player) => node("th", { class: "name" }, player.name)));
    $("past-rounds").replaceChildren(head, ...match.rounds.map((round, index) => node("tr", {},
      node("td", {}, roundLabel(words, match.family, index + 1)), ...round.scores.map((score) => node("td", { class: "score" }, score)))));
  }

  // -- which view ------------------------------------------------------------------------

  function route() {
    const hash = location.hash || "#/";
    const past = /^#\/match\/(\d+)$/.exec(hash);
    $("live-view").hidden = hash !== "#/";
    $("history-view").hidden = hash !== "#/history";
    $("match-view").hidden = !past;
    $("nav-live").classList.toggle("here", hash === "#/");
    $("nav-history").classList.toggle("here", hash !== "#/");
    if (hash === "#/history") showHistory();
    if (past) showPastMatch(past[1]);
  }

  window.addEventListener("hashchange", route);
  route();
  connect();
})();
