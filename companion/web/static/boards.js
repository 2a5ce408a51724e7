// The phone page's boards, the part every game family shares: building DOM and SVG nodes,
// filling in words, and each seat's mark. Each family draws its board in a file of its own
// (static/boards/<family>.js, one per family of the games registry, loaded by the page) and
// registers it here by the family's name (`Boards.register(family, draw)`); the page draws a
// match by its `family`.
// Every name and card is set as text (textContent), never as markup: names are user input.
"use strict";

window.Boards = (function () {
  const SVG = "http://www.w3.org/2000/svg";
  const drawings = {};
  const UNKNOWN = { letter: "?", colour: "#969696", ink: "#000000" };

  function register(family, draw) {
    drawings[family] = draw;
  }

  // The drawing of a family, or null for a family the page has no drawing for.
  function drawing(family) {
    return Object.prototype.hasOwnProperty.call(drawings, family) ? drawings[family] : null;
  }

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

  // A control of the seat's panel or its hand: `on<event>` attributes are listeners, and an
  // attribute that is null, undefined or false is left off (`disabled: false`).
  function el(tag, attrs, ...children) {
    const made = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key.startsWith("on")) made.addEventListener(key.slice(2), value);
      else if (value !== null && value !== undefined && value !== false) made.setAttribute(key, value);
    }
    for (const child of children) if (child !== null && child !== undefined) made.append(child);
    return made;
  }

  function svg(tag, attrs, text) {
    const element = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attrs || {})) element.setAttribute(name, value);
    if (text !== undefined) element.textContent = String(text);
    return element;
  }

  function fill(template, values) {
    return String(template).replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
  }

  // The seat's mark as the table's screen draws it (companion.seat_marks): its letter, its
  // colour and the ink of the letter, from the public state.
  function mark(match, seat) {
    const player = match.players[seat];
    return (player && player.mark) || UNKNOWN;
  }

  // Colours `element` (HTML or SVG) with the seat's mark: the CSS reads --seat and --ink.
  // Set through the style object, which the page's Content-Security-Policy allows.
  function paint(element, match, seat) {
    const { colour, ink } = mark(match, seat);
    element.style.setProperty("--seat", colour);
    element.style.setProperty("--ink", ink);
    element.dataset.seat = String(seat);
    return element;
  }

  // The seat's letter on its colour, as a small round badge.
  function badge(match, seat) {
    return paint(node("span", { class: "badge" }, mark(match, seat).letter), match, seat);
  }

  // A family's words for its rounds: "Game 2" (backgammon), "Claim 2" (Yahtzee), as the
  // screen's scoresheet says; "Round 2" for a family with no word of its own.
  function roundLabel(words, family, n) {
    return fill(words["round_label_" + family] || words.round_number, { n });
  }

  return { register, drawing, node, el, svg, fill, mark, paint, badge, roundLabel };
})();
