// The Yahtzee board game on the phone, as the table's screen draws it (ui/yahtzee's board):
// a square ring of squares in a wooden frame, square 1 at the top left and the rest clockwise,
// a claimed square in its owner's colour with the owner's letter (and the gold shield of the
// Yahtzee protection), the wild squares violet,
// every player's token on its square, the dice in the middle; below, the tiles and owners.
"use strict";

(function () {
  const { register, node, svg, fill, mark, paint } = window.Boards;
  const SIZE = 360;
  const FRAME = 8;
  const GAP = 4;
  const CORNER_SHARE = 0.22;
  const TOKEN = 7;

  // How many cells a side of the ring has, corners counted (as ui/yahtzee's ring_side).
  function ringSide(squares) {
    return Math.max(3, Math.ceil(squares / 4) + 1);
  }

  // Where each cell along one edge lies: two corners, the cells between sharing the rest.
  function spans(start, length, side) {
    const uniform = (length - GAP * (side - 1)) / side;
    const corner = side < 5 ? Math.min(uniform, length * CORNER_SHARE) : uniform;
    const inner = (length - 2 * corner - GAP * (side - 1)) / (side - 2);
    const result = [[start, corner]];
    let x = start + corner + GAP;
    for (let cell = 0; cell < side - 2; cell++) {
      result.push([x, inner]);
      x += inner + GAP;
    }
    result.push([x, corner]);
    return result;
  }

  // Each square's cell {x, y, w, h}, clockwise from square 1 at the top left.
  function ringCells(squares) {
    const side = ringSide(squares);
    const edge = spans(FRAME, SIZE - 2 * FRAME, side);
    const places = [];
    for (let col = 0; col < side; col++) places.push([col, 0]);
    for (let row = 1; row < side; row++) places.push([side - 1, row]);
    for (let col = side - 2; col >= 0; col--) places.push([col, side - 1]);
    for (let row = side - 2; row > 0; row--) places.push([0, row]);
    const cells = {};
    places.slice(0, squares).forEach(([col, row], index) => {
      const [x, w] = edge[col];
      const [y, h] = edge[row];
      cells[index + 1] = { x, y, w, h };
    });
    return { cells, middle: { x: edge[0][0] + edge[0][1] + GAP, y: edge[0][0] + edge[0][1] + GAP, size: edge[side - 1][0] - GAP - (edge[0][0] + edge[0][1] + GAP) } };
  }

  function drawSquare(ring, match, words, square, cell, tile, wild) {
    const owner = tile && tile.owner !== null ? tile.owner : null;
    const kind = owner !== null ? "owned" : wild ? "wild" : "blank";
    const rect = svg("rect", { x: cell.x, y: cell.y, width: cell.w, height: cell.h, rx: 6, class: "yz-square " + kind, "data-square": square });
    ring.append(owner !== null ? paint(rect, match, owner) : rect);
    const ink = (element) => (owner !== null ? paint(element, match, owner) : element);
    ring.append(ink(svg("text", { x: cell.x + 4, y: cell.y + 11, class: "yz-number " + kind }, square)));
    if (owner !== null) {
      ring.append(ink(svg("text", { x: cell.x + cell.w - 4, y: cell.y + 11, class: "yz-owner" }, mark(match, owner).letter)));
    }
    if (tile && match.state.protected === tile.name) {
      // The Yahtzee protection marker, as on the screen: a gold shield with a Y.
      const x = cell.x + cell.w / 2;
      ring.append(svg("path", { d: `M${x - 7},${cell.y + 2} h14 v7 q0,6 -7,9 q-7,-3 -7,-9 z`, class: "yz-shield" }));
      ring.append(svg("text", { x, y: cell.y + 12, class: "yz-shield-letter" }, "Y"));
    }
    const middleY = cell.y + cell.h / 2 + 2;
    if (tile) {
      const short = words["short_" + tile.name] || tile.name;
      ring.append(ink(svg("text", { x: cell.x + cell.w / 2, y: middleY, class: "yz-tile " + kind }, short)));
    } else if (wild) {
      ring.append(svg("text", { x: cell.x + cell.w / 2, y: middleY, class: "yz-tile wild" }, words.wild));
    }
  }

  function drawTokens(ring, match, square, cell) {
    const here = [];
    match.state.positions.forEach((position, seat) => { if (position === square) here.push(seat); });
    const step = Math.min(2 * TOKEN + 2, (cell.w - 2 * TOKEN) / Math.max(1, here.length - 1));
    here.forEach((seat, index) => {
      const cx = cell.x + cell.w / 2 + step * index - (step * (here.length - 1)) / 2;
      const cy = cell.y + cell.h - TOKEN - 2;
      ring.append(paint(svg("circle", { cx, cy, r: TOKEN, class: "token" }), match, seat));
      ring.append(paint(svg("text", { x: cx, y: cy + 3, class: "token-label" }, mark(match, seat).letter), match, seat));
    });
  }

  function drawDice(ring, words, dice, middle) {
    if (!Array.isArray(dice.faces)) return;
    const kept = new Set(dice.kept || []);
    const centre = middle.x + middle.size / 2;
    const die = Math.min(30, (middle.size - 16) / 5 - 4);
    dice.faces.forEach((face, index) => {
      const x = centre - 2.5 * (die + 4) + index * (die + 4) + 2;
      const y = middle.y + middle.size / 2 - die;
      ring.append(svg("rect", { x, y, width: die, height: die, rx: 5, class: kept.has(index) ? "yz-die kept" : "yz-die" }));
      ring.append(svg("text", { x: x + die / 2, y: y + die / 2 + 6, class: "yz-face" }, face));
    });
    // The roll these dice came from; before the first there are none (the prompt names it).
    if (dice.rolls > 0) ring.append(svg("text", { x: centre, y: middle.y + middle.size / 2 + 22, class: "yz-rolls" }, fill(words.roll_shown, { n: dice.rolls, max: dice.max_rolls })));
  }

  function draw(match, words) {
    const state = match.state;
    const squares = state.options.squares;
    const wild = new Set(state.options.wild_squares);
    const ring = svg("svg", { viewBox: `0 0 ${SIZE} ${SIZE}`, class: "yz-board", role: "img" });
    ring.append(svg("rect", { x: 0, y: 0, width: SIZE, height: SIZE, rx: 10, class: "yz-wood" }));
    const { cells, middle } = ringCells(squares);
    ring.append(svg("rect", { x: middle.x - GAP / 2, y: middle.y - GAP / 2, width: middle.size + GAP, height: middle.size + GAP, rx: 8, class: "yz-felt" }));
    const onSquare = {};
    for (const [name, tile] of Object.entries(state.tiles)) {
      if (tile.square !== null) onSquare[tile.square] = { name, ...tile };
    }
    for (let square = 1; square <= squares; square++) {
      drawSquare(ring, match, words, square, cells[square], onSquare[square], wild.has(square));
    }
    for (let square = 1; square <= squares; square++) drawTokens(ring, match, square, cells[square]);
    drawDice(ring, words, state.dice || {}, middle);
    const tiles = node("ul", { class: "tiles" });
    for (const name of state.options.tiles) {
      const tile = state.tiles[name];
      const owner = tile.owner === null ? null : match.players[tile.owner];
      const item = node("li", { class: owner ? "owned" : "free" },
        node("span", { class: "tile-name" }, words["tile_" + name] || name),
        node("span", { class: "tile-owner" }, owner ? `${mark(match, tile.owner).letter} ${owner.name} · ${tile.value}` : words.free_tile));
      tiles.append(owner ? paint(item, match, tile.owner) : item);
    }
    return [ring, node("h3", {}, words.tiles), tiles];
  }

  register("yahtzee", draw);
})();
