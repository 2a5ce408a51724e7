// The backgammon family's board on the phone (Backgammon, Mini-Gam, Multi-Gam): every
// player's track mapped onto shared cells, the bar and the checkers borne off, the dice and
// the cube. Each checker is its seat's colour with its letter (Boards.mark).
"use strict";

(function () {
  const { register, node, svg, fill, mark, paint } = window.Boards;

  function cellsOf(state) {
    const tracks = state.tracks;
    const points = tracks[0].length - 2;
    const opposite = tracks.length === 2;
    const cells = Array.from({ length: points + 1 }, () => []);
    tracks.forEach((track, seat) => {
      for (let q = 1; q <= points; q++) {
        if (track[q] > 0) {
          const cell = opposite && seat === 1 ? points + 1 - q : q;
          cells[cell].push({ seat, count: track[q] });
        }
      }
    });
    return { points, cells, bar: tracks.map((t) => t[0]), off: tracks.map((t) => t[points + 1]) };
  }

  function stack(group, x, y, direction, pieces, radius, match) {
    let shown = 0;
    for (const { seat, count } of pieces) {
      const drawn = Math.min(count, 5);
      for (let i = 0; i < drawn; i++) {
        const cy = y + direction * (radius + 2 * radius * shown);
        group.append(paint(svg("circle", { cx: x, cy, r: radius - 1, class: "checker" }), match, seat));
        if (i === drawn - 1) {
          const label = count > 5 ? String(count) : mark(match, seat).letter;
          group.append(paint(svg("text", { x, y: cy + radius * 0.35, class: "checker-label", "font-size": radius }, label), match, seat));
        }
        shown++;
      }
    }
  }

  // One seat's count beside the board (on the bar, or borne off): its mark, then the number
  // (up to 15, within the board's right edge).
  function sideCount(match, seat, left, y, count) {
    const group = svg("g", { class: "side-count" });
    group.append(paint(svg("circle", { cx: left + 6, cy: y - 4, r: 6, class: "side-mark" }), match, seat));
    group.append(paint(svg("text", { x: left + 6, y: y - 1, class: "side-letter" }, mark(match, seat).letter), match, seat));
    group.append(svg("text", { x: left + 14, y, class: "side-number" }, count));
    return group;
  }

  function draw(match, words) {
    const state = match.state;
    const { points, cells, bar, off } = cellsOf(state);
    const width = 360;
    const perRow = Math.ceil(points / 2);
    const twoRows = points > 6;
    const column = (width - 40) / (twoRows ? perRow + 1 : points);
    const height = twoRows ? 300 : 170;
    const board = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "bg-board", role: "img" });
    board.append(svg("rect", { x: 0, y: 0, width, height, class: "bg-felt" }));
    const radius = Math.min(column / 2, twoRows ? 13 : 16);
    for (let cell = 1; cell <= points; cell++) {
      // Backgammon numbers points from the first player's side (their 1 is the last cell of
      // their track, drawn bottom right); the small boards show their printed cell numbers.
      const point = twoRows ? points + 1 - cell : cell;
      let x, top;
      if (twoRows) {
        // Seat 0's home (points 1-6) is bottom right; 13-24 run along the top from the left.
        const index = point <= perRow ? perRow - point : point - perRow - 1;
        top = point > perRow;
        const slot = index + (index >= perRow / 2 ? 1 : 0);
        x = 4 + column * slot + column / 2;
      } else {
        top = false;
        x = 4 + column * (point - 1) + column / 2;
      }
      const base = top ? 4 : height - 4;
      const tip = top ? base + height * 0.4 : base - height * (twoRows ? 0.4 : 0.75);
      board.append(svg("polygon", {
        points: `${x - column / 2 + 1},${base} ${x + column / 2 - 1},${base} ${x},${tip}`,
        class: "bg-point " + (point % 2 ? "odd" : "even"),
      }));
      board.append(svg("text", { x, y: top ? base + height * 0.4 + 12 : tip - 4, class: "point-number" }, point));
      stack(board, x, base, top ? 1 : -1, cells[cell], radius, match);
    }
    const side = svg("g", { class: "bg-side" });
    const sideX = width - 18;
    const left = width - 33;
    side.append(svg("text", { x: sideX, y: 16, class: "side-label" }, words.off));
    off.forEach((count, seat) => side.append(sideCount(match, seat, left, 36 + 18 * seat, count)));
    side.append(svg("text", { x: sideX, y: height / 2, class: "side-label" }, words.bar));
    bar.forEach((count, seat) => side.append(sideCount(match, seat, left, height / 2 + 20 + 18 * seat, count)));
    board.append(side);
    const parts = [board];
    const extras = node("p", { class: "bg-extras" });
    if (Array.isArray(state.dice)) {
      extras.append(node("span", { class: "label" }, words.dice), " ");
      for (const value of state.dice) extras.append(node("span", { class: "die" }, value), " ");
    }
    if (state.cube) {
      const owner = state.cube.owner;
      const text = owner === null || owner === undefined
        ? fill(words.cube, { value: state.cube.value })
        : fill(words.cube_owner, { value: state.cube.value, name: match.players[owner].name });
      extras.append(node("span", { class: "cube" }, text));
    }
    if (extras.childNodes.length) parts.push(extras);
    return parts;
  }

  register("backgammon", draw);
})();
