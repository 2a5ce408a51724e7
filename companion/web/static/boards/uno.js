// The UNO family's table on the phone (UNO, UNO Tiki Twist, UNO Duo): the card in play, the
// colour and the direction, what every hand holds (each with its seat's mark), and the idol.
"use strict";

(function () {
  const { register, node, fill, badge, paint } = window.Boards;
  const CARD_COLOURS = ["Red", "Yellow", "Green", "Blue"];

  function cardColour(card) {
    const first = String(card || "").split(" ")[0];
    return CARD_COLOURS.includes(first) ? first.toLowerCase() : "black";
  }

  function draw(match, words) {
    const state = match.state;
    const table = node("div", { class: "uno" });
    const card = node("div", { class: "card card-" + cardColour(state.top_card), id: "top-card" },
      node("span", {}, state.top_card || "—"));
    const side = node("div", { class: "uno-side" },
      node("p", { class: "label" }, words.in_play),
      state.colour ? node("p", { class: "colour colour-" + String(state.colour).toLowerCase() },
        fill(words.colour, { colour: words[String(state.colour).toLowerCase()] || state.colour })) : null,
      node("p", {}, fill(words.draw_pile, { n: state.draw_count })),
      node("p", {}, state.direction === -1 ? words.anticlockwise : words.clockwise));
    table.append(node("div", { class: "uno-pile" }, card, side));
    const hands = node("ul", { class: "hands" });
    (state.hand_counts || []).forEach((count, seat) => {
      const player = match.players[seat];
      const current = seat === state.turn_seat;  // nobody's between a round's end and the deal
      const item = paint(node("li", { class: "hand" + (current ? " current" : "") },
        badge(match, seat),
        node("span", { class: "name" }, player.name),
        node("span", { class: "count" }, count === 1 ? words.one_card : fill(words.cards, { n: count }))), match, seat);
      if (seat === state.dealer) item.append(node("span", { class: "tag" }, words.dealer));
      if (seat === state.uno_exposed) item.append(node("span", { class: "tag" }, words.uno_call));
      hands.append(item);
    });
    table.append(hands);
    if (Array.isArray(state.idol) && state.idol.length) {
      const idol = node("p", { class: "idol" }, node("span", { class: "label" }, words.idol), " ");
      state.idol.slice().reverse().forEach((face, index) => {
        idol.append(node("span", { class: index === 0 ? "face active" : "face" }, face), " ");
      });
      table.append(idol);
    }
    if (Array.isArray(state.hands_left) && (state.rounds || []).length) table.append(roundEnd(match, words));
    return [table];
  }

  // A round's end with phones as hands (the companion counted every hand, face up): who went
  // out, each player's cards left, the points they gave and their total, and the target.
  // The same on every phone, seated or not, and on the table's screen (ui/uno/round_end.py).
  function roundEnd(match, words) {
    const state = match.state;
    const last = state.rounds[state.rounds.length - 1];
    const list = node("ul", { class: "round-end-hands" });
    state.hands_left.forEach((cards, seat) => {
      const chips = cards.length
        ? cards.map((card) => node("span", { class: "chip card-" + cardColour(card) }, card))
        : [node("span", { class: "none" }, words.no_cards_left)];
      list.append(paint(node("li", { class: "hand", "data-seat": String(seat) },
        badge(match, seat), node("span", { class: "name" }, match.players[seat].name),
        node("span", { class: "left" }, ...chips),
        // the one who went out gave no points: its new total says what the round brought it
        cards.length ? node("span", { class: "points" }, (last.points[seat] === 1 ? words.one_point : fill(words.points_given, { n: last.points[seat] }))) : null,
        node("span", { class: "total" }, fill(words.total, { n: last.totals[seat] }))), match, seat));
    });
    const target = fill(state.target_loses ? words.target_loses : words.target_wins, { points: state.target });
    return node("section", { class: "round-end", id: "round-end" },
      node("h3", {}, fill(words.round_end, { n: state.rounds.length })),
      node("p", { class: "went-out" }, fill(words.went_out, { name: match.players[last.winner].name })),
      list, node("p", { class: "target" }, target));
  }

  register("uno", draw);
})();
