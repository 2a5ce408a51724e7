// A finished match's result on the phone: who won, the final scores, and how the match got
// there, as a small chart of each player's score round by round (UNO rounds, backgammon
// games, Yahtzee claims), drawn as SVG by the page itself. Everything comes from the state
// that ended the match (its `rounds`), so every phone shows it as that state arrives.
"use strict";

window.Result = (function () {
  const { node, svg, mark, paint, badge, roundLabel } = window.Boards;
  const WIDTH = 360;
  const HEIGHT = 190;
  const LEFT = 34;
  const RIGHT = 30;
  const TOP = 12;
  const BOTTOM = 26;
  const LABEL_GAP = 15; // the least room between two letters at the lines' ends

  // Each point of the chart: the scores before the first round, then after each round.
  function points(match) {
    const rounds = (match.rounds || []).map((scores) => scores.slice());
    const last = rounds.length ? rounds[rounds.length - 1] : null;
    if (!last || last.some((score, seat) => score !== match.scores[seat])) rounds.push(match.scores.slice());
    return [match.players.map(() => 0), ...rounds];
  }

  // The letters at the lines' ends, moved apart where players end on the same score or
  // close to it: down from the top first, then up from the chart's bottom edge.
  function spread(ends) {
    const order = ends.slice().sort((a, b) => a.y - b.y);
    for (let i = 1; i < order.length; i++) {
      order[i].y = Math.max(order[i].y, order[i - 1].y + LABEL_GAP);
    }
    for (let i = order.length - 1; i >= 0; i--) {
      const below = i === order.length - 1 ? HEIGHT - 8 : order[i + 1].y - LABEL_GAP;
      order[i].y = Math.max(TOP, Math.min(order[i].y, below));
    }
    return ends;
  }

  function chart(match, words) {
    const steps = points(match);
    const all = steps.flat();
    const low = Math.min(0, ...all);
    const high = Math.max(1, ...all);
    const x = (index) => LEFT + ((WIDTH - LEFT - RIGHT) * index) / Math.max(1, steps.length - 1);
    const y = (score) => TOP + ((HEIGHT - TOP - BOTTOM) * (high - score)) / (high - low);
    const picture = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "result-chart", role: "img", "aria-label": words.result_chart });
    picture.append(svg("title", {}, words.result_chart));
    picture.append(svg("line", { x1: LEFT, y1: y(low), x2: WIDTH - RIGHT, y2: y(low), class: "axis" }));
    picture.append(svg("line", { x1: LEFT, y1: TOP, x2: LEFT, y2: y(low), class: "axis" }));
    picture.append(svg("text", { x: LEFT - 4, y: y(high) + 4, class: "axis-label end" }, high));
    picture.append(svg("text", { x: LEFT - 4, y: y(low) + 4, class: "axis-label end" }, low));
    const rounds = steps.length - 1;
    picture.append(svg("text", { x: x(1), y: HEIGHT - 8, class: "axis-label" }, roundLabel(words, match.family, 1)));
    // The last round's name ends at its point: the letters stand to its right.
    if (rounds > 1) picture.append(svg("text", { x: x(rounds), y: HEIGHT - 8, class: "axis-label end" }, roundLabel(words, match.family, rounds)));
    const ends = [];
    match.players.forEach((player, seat) => {
      const line = steps.map((scores, index) => `${x(index).toFixed(1)},${y(scores[seat]).toFixed(1)}`).join(" ");
      picture.append(svg("polyline", { points: line, class: "casing" }));
      picture.append(paint(svg("polyline", { points: line, class: "score-line" }), match, seat));
      ends.push({ seat, y: y(steps[rounds][seat]) });
    });
    for (const { seat, y: end } of spread(ends)) {
      const cx = x(rounds) + 12;
      picture.append(paint(svg("circle", { cx, cy: end, r: 7, class: "end-mark" }), match, seat));
      picture.append(paint(svg("text", { x: cx, y: end + 3.5, class: "end-letter" }, mark(match, seat).letter), match, seat));
    }
    return picture;
  }

  // The players best first: the winners, then by final score.
  function standings(match) {
    const winners = new Set(match.winners);
    return match.players.map((player, seat) => seat).sort((a, b) =>
      (winners.has(b) - winners.has(a)) || (match.scores[b] - match.scores[a]) || (a - b));
  }

  // Shows the result in `section` when `match` is over; hides it otherwise.
  function showResult(section, match, words) {
    section.hidden = !match.is_over;
    if (!match.is_over) return section.replaceChildren();
    const winners = new Set(match.winners);
    const list = node("ol", { class: "result-scores", "aria-label": words.final_scores });
    for (const seat of standings(match)) {
      list.append(node("li", { class: winners.has(seat) ? "winner" : "" },
        badge(match, seat), " ", node("span", { class: "name" }, match.players[seat].name),
        node("span", { class: "score" }, match.scores[seat]),
        winners.has(seat) ? node("span", { class: "tag" }, words.won) : null));
    }
    section.replaceChildren(node("h3", {}, words.result), list, chart(match, words));
    return undefined;
  }

  return { showResult, points };
})();
