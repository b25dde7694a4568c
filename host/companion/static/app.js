// The companion page: one WebSocket, the page redrawn from each JSON message; no build step.
// The table's page is a screen seen from across the room; a seat's page is the player's
// controller: their hand (a card tapped plays it), their moves, their sheet.
"use strict";

const token = location.pathname.split("/")[2] || "";
const kind = document.body.dataset.kind;
const $ = (id) => document.getElementById(id);
const CONFIRM_MS = 4000; // how long a move waiting for its second tap waits
const KEEP_MS = 400; // how long typing on the sheet waits before the server keeps it
let socket = null;
let deadline = null; // performance.now() when the running timer ends
let paused = false;
let last = null;
let words = {};
let wasActing = false;
let confirming = null; // {say, until}: the move shown "tap again"
let opened = null; // {key, path}: the choice whose options are shown (a card's or a button's)
const dirty = new Map(); // sheet rows typed here that the server has not kept yet: index -> text
const keepTimers = new Map();

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

function fill(parent, children) {
  parent.replaceChildren(...children);
}

function word(key, params) {
  let text = words[key] || "";
  for (const [name, value] of Object.entries(params || {})) text = text.split("{" + name + "}").join(value);
  return text;
}

function colourClass(base, colour) {
  return colour ? base + " c-" + colour.replace(/[^a-z_]/gi, "") : base;
}

function post(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function send(text) {
  post({ say: text }); // a move: heard as the player would say it
}

function keep(name, index, text) {
  post({ keep: { name: name, index: index, text: text } }); // a draft the server keeps, unheard
}

// ------------------------------------------------------------------ both pages

function renderCommon(table) {
  $("stage").textContent = table.stage || "";
  $("detail").textContent = table.detail || "";
  $("headline").textContent = table.headline || "";
  $("headline").hidden = !table.headline;
  const banner = table.over ? (table.final ? "" : word("over")) : table.banner || "";
  $("banner").textContent = banner;
  $("banner").hidden = !banner;
  paused = !!table.paused;
  $("timer-label").textContent = table.timer ? table.timer_label || "" : "";
  tickTimer();
  renderBoard(table);
  renderFinal(table);
  document.body.dataset.phase = table.phase || "";
  document.body.classList.toggle("over", !!table.over);
}

function renderFinal(table) {
  // The game won: who, and every player's final score, on every page until the host stops.
  const box = $("final");
  box.hidden = !table.final;
  if (!table.final) { fill(box, []); return; }
  const rows = (table.scores || []).slice().sort((a, b) => b.score - a.score).map((s) => {
    const row = el("li", { "data-name": s.name });
    row.append(el("span", { class: "name" }, s.name), el("span", { class: "score" }, String(s.score)));
    return row;
  });
  const heading = word("final") + (table.score_label ? " (" + table.score_label + ")" : "");
  const list = el("ol", { class: "final-scores" });
  list.append(...rows);
  fill(box, [el("div", { class: "winner" }, table.final), el("h2", {}, heading), list]);
}

function renderBoard(table) {
  $("board-box").hidden = !table.board;
  fill($("board"), (table.board || []).map((row, i) => {
    const line = el("div", { class: "row", "data-row": String(i + 1) });
    line.append(el("span", { class: "row-no" }, String(i + 1)));
    line.append(...row.map((c) => {
      const shown = el("span", { class: colourClass("card", c.colour) }, c.text);
      if (c.under) shown.append(el("small", { class: "under" }, c.under));
      return shown;
    }));
    return line;
  }));
  fill($("legend"), (table.legend || []).map((c) => {
    const item = el("span", { class: "legend-item" });
    item.append(el("span", { class: colourClass("swatch", c.colour) }), el("span", {}, c.text));
    return item;
  }));
}

function turnText(table) {
  // Whose turn, as the game names it ("Ann, your vote?", "Everyone writes!") or plainly.
  return table.turn_label || (table.turn ? word("turn_of", { player: table.turn }) : "");
}

function renderLines(lines, shown) {
  fill($("lines"), lines.slice(-shown).reverse().map((line) => {
    const text = typeof line === "string" ? line : line.text;
    const mine = typeof line !== "string" && line.private;
    const item = el("li", { class: mine ? "private" : "" });
    if (mine) item.append(el("span", { class: "for-you" }, word("for_you")));
    item.append(document.createTextNode(text));
    return item;
  }));
}

function applyWords() {
  for (const node of document.querySelectorAll("[data-word]")) {
    const text = words[node.dataset.word];
    if (text) node.textContent = text;
  }
}

// ------------------------------------------------------------------ the table's page

function renderTable(data) {
  const table = data.table;
  $("game").textContent = table.game || "Party Host";
  renderCommon(table);
  $("turn").textContent = table.over ? "" : turnText(table);
  $("clock").classList.toggle("idle", !table.turn && !table.timer);
  fill($("players"), (table.scores || []).map((s) => playerTile(s, table)));
  fill($("sections"), (table.sections || []).filter((section) => section.items.length).map((section) => {
    const box = el("div", { class: "section" });
    box.append(el("h2", {}, section.title));
    const list = el("ul", { class: "chips" });
    list.append(...section.items.map((item) => el("li", {}, item)));
    box.append(list);
    return box;
  }));
  const joining = !!table.joining && !table.over;
  $("join").className = "join " + (joining ? "wanted" : "small");
  $("join").hidden = !!table.over;
  $("joining").textContent = joining ? table.joining : word("joined");
  document.body.classList.toggle("joining", joining);
  renderLines(data.lines || [], 3);
}

function playerTile(s, table) {
  const tile = el("div", { class: colourClass("tile", s.colour), "data-name": s.name });
  if (s.name === table.turn && !table.over) tile.classList.add("on-turn");
  if (s.waiting && !table.over) tile.classList.add("waiting");
  tile.append(el("div", { class: "name" }, s.name));
  const count = el("div", { class: "count" });
  count.append(el("span", { class: "score" }, String(s.score)),
               el("span", { class: "score-label" }, table.score_label || ""));
  tile.append(count);
  if (s.note) tile.append(el("div", { class: "note" }, s.note));
  if (s.answer) tile.append(el("div", { class: "answer" }, s.answer));
  if (s.tags && s.tags.length && !table.over) { // the state of play ("out", "quizmaster")
    const tags = el("div", { class: "tags" });
    tags.append(...s.tags.map((t) => el("span", { class: "tag" }, t)));
    tile.append(tags);
  }
  return tile;
}

// ------------------------------------------------------------------ a seat's page

function renderSeat(data) {
  const me = data.me;
  const table = data.table;
  document.title = me.seat + " · " + (table.game || "Party Host");
  $("seat-name").textContent = me.seat;
  renderCommon(table);
  const acting = !!me.acting && !table.over;
  document.body.classList.toggle("acting", acting);
  $("turn").textContent = table.over ? word("over") : acting ? me.acting_label || word("your_turn")
    : turnText(table);
  if (acting && !wasActing && navigator.vibrate) navigator.vibrate([120, 80, 120]);
  wasActing = acting;
  $("hand-box").hidden = !me.hand;
  $("hand-title").textContent = me.hand_title || word("your_hand") || "Your hand";
  fill($("hand"), (me.hand || []).map((c, i) => handCard(c, i)));
  if (me.hand && !me.hand.length) $("hand").append(el("span", { class: "empty" }, word("no_cards")));
  fill($("facts"), (me.facts || []).flatMap(([label, value]) => [el("dt", {}, label), el("dd", {}, value)]));
  $("hint").textContent = table.over ? "" : me.hint || "";
  const actions = table.over ? [] : me.actions || [];
  fill($("actions"), actions.map((a) => actionButton(a, "act:" + a.label, null)));
  $("say").placeholder = me.say_hint || word("say") || $("say").placeholder;
  renderOptions();
  renderSheet(me, table);
  renderLines(data.lines || [], 2);
}

function handCard(c, i) {
  if (!c.tap || last.table.over) return el("span", { class: colourClass("card", c.colour) }, c.text);
  const key = "hand:" + i + ":" + c.text;
  const classes = colourClass("card playable", c.colour) + (opened && opened.key === key ? " open" : "");
  const button = el("button", { type: "button", class: classes, "data-say": c.tap.say || "" }, c.text);
  button.addEventListener("click", () => tap(c.tap, key, null));
  return button;
}

// A button: `key` names the choice it belongs to (a card's "hand:…", an action's "act:…"),
// `path` the options opened below that choice to reach it (null: the card or action itself).
function actionButton(a, key, path) {
  const waiting = isConfirming(a);
  const classes = ["action"];
  if (a.options) classes.push("opens");
  if (a.confirm) classes.push("careful");
  if (waiting) classes.push("confirming");
  if (a.fill) classes.push("fills");
  if (path === null && opened && opened.key === key) classes.push("open");
  const button = el("button", { type: "button", class: classes.join(" "), "data-say": a.say },
                    waiting ? a.confirm : a.label);
  button.addEventListener("click", () => tap(a, key, path));
  return button;
}

function isConfirming(a) {
  return !!(a.confirm && confirming && confirming.say === a.say && performance.now() < confirming.until);
}

function tap(a, key, path) {
  if (a.options) {
    if (path === null) opened = opened && opened.key === key ? null : { key: key, path: [] };
    else opened = { key: key, path: path.concat([a.label]) };
    redraw();
    if (opened) $("options").scrollIntoView({ block: "nearest", behavior: "smooth" });
    return;
  } else if (a.fill) {
    const input = $("say");
    input.value = a.fill;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
    opened = null;
  } else if (a.confirm && !isConfirming(a)) {
    confirming = { say: a.say, until: performance.now() + CONFIRM_MS };
    setTimeout(redraw, CONFIRM_MS + 50);
  } else {
    confirming = null;
    opened = null;
    send(a.say);
  }
  redraw();
}

function rootChoice(me, key) {
  // The choice a key names now: a card's tap, or an action button (null when it is gone).
  if (key.startsWith("hand:")) {
    const [, index, text] = key.split(":");
    const c = (me.hand || [])[Number(index)];
    return c && c.text === text && c.tap ? c.tap : null;
  }
  return (me.actions || []).find((a) => a.label === key.slice(4)) || null;
}

function renderOptions() {
  const box = $("options");
  const me = last && last.me;
  let node = opened && me && !last.table.over ? rootChoice(me, opened.key) : null;
  const titles = node ? [node.label] : [];
  for (const label of node ? opened.path : []) {
    node = (node.options || []).find((o) => o.label === label && o.options) || null;
    if (!node) break;
    titles.push(label);
  }
  if (!node || !node.options) {
    opened = null;
    box.hidden = true;
    fill($("options-buttons"), []);
    return;
  }
  box.hidden = false;
  const title = $("options-title");
  fill(title, [el("span", {}, titles.join(" › "))]);
  const close = el("button", { type: "button", class: "close", "aria-label": "close" }, "×");
  close.addEventListener("click", () => {
    opened = opened.path.length ? { key: opened.key, path: opened.path.slice(0, -1) } : null;
    redraw();
  });
  title.append(close);
  fill($("options-buttons"), node.options.map((o) => actionButton(o, opened.key, opened.path)));
}

function renderSheet(me, table) {
  const box = $("sheet-box");
  box.hidden = !me.sheet || !!table.over;
  if (!me.sheet) return;
  const name = "sheet:" + (me.sheet_round || "");
  const kept = (me.kept && me.kept[name]) || [];
  const sheet = $("sheet");
  const shape = name + JSON.stringify(me.sheet);
  if (sheet.dataset.shape !== shape) {
    sheet.dataset.shape = shape;
    dirty.clear();
    fill(sheet, me.sheet.map((title, i) => sheetRow(name, title, i, me)));
  }
  sheet.querySelectorAll(".sheet-row").forEach((row, i) => {
    const input = row.querySelector("input");
    const server = kept[i] || "";
    if (dirty.has(i) && dirty.get(i) === server) dirty.delete(i);
    if (!dirty.has(i) && document.activeElement !== input && input.value !== server) input.value = server;
    const live = i === me.reading;
    row.classList.toggle("reading", live);
    row.querySelector("button.read").disabled = !live;
    row.querySelector("button.read").hidden = me.reading === undefined;
  });
}

function sheetRow(name, title, i, me) {
  const row = el("div", { class: "sheet-row", "data-index": String(i) });
  const input = el("input", { "data-index": String(i), placeholder: title, maxlength: "80",
                              autocomplete: "off", enterkeyhint: "next" });
  input.addEventListener("input", () => {
    dirty.set(i, input.value);
    clearTimeout(keepTimers.get(i));
    keepTimers.set(i, setTimeout(() => keep(name, i, input.value), KEEP_MS));
  });
  input.addEventListener("change", () => {
    clearTimeout(keepTimers.get(i));
    keep(name, i, input.value);
  });
  const read = el("button", { type: "button", class: "read" }, word("read") || "Read");
  read.addEventListener("click", () => {
    const answer = input.value.trim();
    if (answer) send((last.me.read_as || "{answer}").replace("{answer}", answer));
  });
  row.append(el("label", {}, title), input, read);
  return row;
}

// ------------------------------------------------------------------ the page's life

function countdown(timer, now) {
  // When the timer ends on this page's clock: `ends` is on the host's, `now` the host's time
  // as this message was sent (a page opened late counts from then; a redraw keeps it).
  if (!timer) return null;
  const left = timer.paused_left === null ? timer.ends - now : timer.paused_left;
  return performance.now() + Math.max(0, left) * 1000;
}

function render(data) {
  last = data;
  deadline = countdown(data.table.timer, data.now);
  if (data.words && data.words !== words) {
    words = data.words;
    applyWords();
    if (document.body.dataset.status === "live") status(word("live"), "live");
  }
  if (data.me) renderSeat(data); else renderTable(data);
  document.body.dataset.seq = String(data.seq);
}

function redraw() {
  if (last) renderSeat(last);
}

function tickTimer() {
  const timer = $("timer");
  if (deadline === null) { timer.textContent = ""; timer.className = "timer"; return; }
  if (paused) { timer.textContent = word("paused") || "paused"; timer.className = "timer paused"; return; }
  const left = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
  timer.textContent = left >= 60 ? Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0") : String(left);
  timer.className = left <= 5 ? "timer urgent" : "timer";
}

function status(text, cls) {
  const node = $("status");
  node.textContent = text;
  node.className = "status " + (cls || "");
  document.body.dataset.status = cls || "";
}

function expired() {
  status(word("expired_status") || "This link has expired: join again from the join page.", "expired");
  fill(document.querySelector("main"), [el("p", { class: "expired" }, word("expired") || "This link has expired.")]);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/ws/" + token);
  socket.addEventListener("open", () => status(word("live") || "connected", "live"));
  socket.addEventListener("message", (event) => render(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    if (event.code === 4404) { expired(); return; }
    if (last && last.table.over) { status(word("over") || "game over", "over"); return; }
    status(word("lost") || "reconnecting…", "lost");
    fetch(location.href, { method: "HEAD", cache: "no-store" })
      .then((answer) => (answer.status === 404 ? expired() : setTimeout(connect, 1000)))
      .catch(() => setTimeout(connect, 2000));
  });
}

if (kind === "seat") {
  $("say-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("say");
    if (input.value.trim()) send(input.value.trim());
    input.value = "";
  });
  $("leave").action = "/s/" + token + "/leave";
}
if (kind === "table") $("qr").src = "/t/" + token + "/qr.svg";
setInterval(tickTimer, 250);
connect();
