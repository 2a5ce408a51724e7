// The phone page's boards: one small drawing per game family, built as DOM and SVG nodes.
// Every name and card is set as text (textContent), never as markup: names are user input.
"use strict";

const SVG = "http://www.w3.org/2000/svg";

function node(tag, attrs, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (name === "class") element.className = value;
    else element.setAttribute(name, value);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

function svg(tag, attrs, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs || {})) element.setAttribute(name, value);
  if (text !== undefined) element.textContent = String(text);
  return element;
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

function seatClass(seat) {
  return "seat-" + (seat % 8);
}

function initial(name) {
  return Array.from(name.trim())[0] || "?";
}

// -- Backgammon, Mini-Gam, Multi-Gam: every player's track mapped onto shared cells ----------

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

function stack(group, x, y, direction, pieces, radius, players) {
  let shown = 0;
  for (const { seat, count } of pieces) {
    const drawn = Math.min(count, 5);
    for (let i = 0; i < drawn; i++) {
      const cy = y + direction * (radius + 2 * radius * shown);
      group.append(svg("circle", { cx: x, cy, r: radius - 1, class: "checker " + seatClass(seat) }));
      if (i === drawn - 1) {
        const label = count > 5 ? String(count) : initial(players[seat].name);
        group.append(svg("text", { x, y: cy + radius * 0.35, class: "checker-label", "font-size": radius }, label));
      }
      shown++;
    }
  }
}

function backgammonBoard(match, words) {
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
    stack(board, x, base, top ? 1 : -1, cells[cell], radius, match.players);
  }
  const side = svg("g", { class: "bg-side" });
  const sideX = width - 32;
  side.append(svg("text", { x: sideX + 14, y: 16, class: "side-label" }, words.off));
  off.forEach((count, seat) => {
    side.append(svg("text", { x: sideX + 14, y: 34 + 16 * seat, class: "side-count " + seatClass(seat) }, `${initial(match.players[seat].name)} ${count}`));
  });
  side.append(svg("text", { x: sideX + 14, y: height / 2, class: "side-label" }, words.bar));
  bar.forEach((count, seat) => {
    side.append(svg("text", { x: sideX + 14, y: height / 2 + 18 + 16 * seat, class: "side-count " + seatClass(seat) }, `${initial(match.players[seat].name)} ${count}`));
  });
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

// -- UNO, UNO Tiki Twist, UNO Duo: the card in play and what every hand holds -----------------

const CARD_COLOURS = ["Red", "Yellow", "Green", "Blue"];

function cardColour(card) {
  const first = String(card || "").split(" ")[0];
  return CARD_COLOURS.includes(first) ? first.toLowerCase() : "black";
}

function unoBoard(match, words) {
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
    const current = seat === state.current && !match.is_over;
    const item = node("li", { class: "hand " + seatClass(seat) + (current ? " current" : "") },
      node("span", { class: "badge " + seatClass(seat) }, initial(player.name)),
      node("span", { class: "name" }, player.name),
      node("span", { class: "count" }, count === 1 ? words.one_card : fill(words.cards, { n: count })));
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

// -- The Yahtzee board game: the ring of squares, the tiles and their owners, the dice -----

function yahtzeeBoard(match, words) {
  const state = match.state;
  const squares = state.options.squares;
  const wild = new Set(state.options.wild_squares);
  const size = 360;
  const centre = size / 2;
  const box = Math.min(46, (Math.PI * (size - 60)) / squares - 4);
  const radius = centre - box / 2 - 4;
  const ring = svg("svg", { viewBox: `0 0 ${size} ${size}`, class: "yz-board", role: "img" });
  const onSquare = {};
  for (const [name, tile] of Object.entries(state.tiles)) {
    if (tile.square !== null) onSquare[tile.square] = { name, ...tile };
  }
  for (let square = 1; square <= squares; square++) {
    const angle = ((square - 1) / squares) * 2 * Math.PI - Math.PI / 2;
    const x = centre + radius * Math.cos(angle);
    const y = centre + radius * Math.sin(angle);
    const tile = onSquare[square];
    const kind = wild.has(square) ? "wild" : tile ? "tile " + seatClass(tile.owner) : "blank";
    ring.append(svg("rect", { x: x - box / 2, y: y - box / 2, width: box, height: box, rx: 6, class: "yz-square " + kind }));
    ring.append(svg("text", { x: x - box / 2 + 3, y: y - box / 2 + 10, class: "yz-number" }, square));
    if (tile) {
      const short = words["short_" + tile.name] || tile.name;
      ring.append(svg("text", { x, y: y + 4, class: "yz-tile" }, short));
    } else if (wild.has(square)) {
      ring.append(svg("text", { x, y: y + 5, class: "yz-tile" }, "★"));
    }
    state.positions.forEach((position, seat) => {
      if (position !== square) return;
      const tx = x - box / 2 + 8 + 10 * (seat % 4);
      ring.append(svg("circle", { cx: tx, cy: y + box / 2 - 8, r: 6, class: "token " + seatClass(seat) }));
      ring.append(svg("text", { x: tx, y: y + box / 2 - 5, class: "token-label" }, initial(match.players[seat].name)));
    });
  }
  const dice = state.dice || {};
  if (Array.isArray(dice.faces)) {
    const kept = new Set(dice.kept || []);
    dice.faces.forEach((face, index) => {
      const x = centre - 2.5 * 34 + index * 34 + 2;
      ring.append(svg("rect", { x, y: centre - 30, width: 30, height: 30, rx: 5, class: kept.has(index) ? "yz-die kept" : "yz-die" }));
      ring.append(svg("text", { x: x + 15, y: centre - 9, class: "yz-face" }, face));
    });
    ring.append(svg("text", { x: centre, y: centre + 22, class: "yz-rolls" }, fill(words.rolls_left, { n: dice.rolls, max: dice.max_rolls })));
  }
  const tiles = node("ul", { class: "tiles" });
  for (const name of state.options.tiles) {
    const tile = state.tiles[name];
    const owner = tile.owner === null ? null : match.players[tile.owner];
    tiles.append(node("li", { class: owner ? "owned " + seatClass(tile.owner) : "free" },
      node("span", { class: "tile-name" }, words["tile_" + name] || name),
      node("span", { class: "tile-owner" }, owner ? `${owner.name} · ${tile.value}` : words.free_tile)));
  }
  return [ring, node("h3", {}, words.tiles), tiles];
}

const GAME_FAMILIES = {
  backgammon: backgammonBoard,
  uno: unoBoard,
  yahtzee: yahtzeeBoard,
};

window.Boards = { GAME_FAMILIES, node, fill, seatClass, initial };
