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
    return [table];
  }

  register("uno", draw);
})();
