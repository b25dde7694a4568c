// The companion page: one WebSocket, the page redrawn from each JSON message; no build step.
"use strict";

const token = location.pathname.split("/")[2] || "";
const kind = document.body.dataset.kind;
const $ = (id) => document.getElementById(id);
let socket = null;
let deadline = null; // performance.now() when the running timer ends
let paused = false;
let last = null;

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function fill(parent, children) {
  parent.replaceChildren(...children);
}

function colourClass(colour) {
  return colour ? "card c-" + colour.replace(/[^a-z_]/gi, "") : "card";
}

function send(text) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ say: text }));
}

function renderTable(table) {
  $("game").textContent = table.game || "Party Host";
  $("headline").textContent = table.headline || "";
  $("detail").textContent = table.over ? "Game over" : table.detail || "";
  $("turn").textContent = table.turn ? "Turn: " + table.turn : "";
  paused = !!table.paused;
  deadline = table.timer ? performance.now() + table.timer.seconds_left * 1000 : null;
  $("timer").dataset.name = table.timer ? table.timer.name : "";
  tickTimer();
  const scores = $("scores");
  if (scores) {
    fill(scores, (table.scores || []).map((s) => {
      const row = el("tr", { "data-name": s.name, class: s.name === table.turn ? "on-turn" : "" });
      row.append(el("td", {}, s.name), el("td", { class: "score" }, String(s.score)),
                 el("td", { class: "note" }, s.note || ""));
      return row;
    }));
  }
  const sections = $("sections");
  if (sections) {
    fill(sections, (table.sections || []).map((section) => {
      const box = el("div", { class: "list" });
      box.append(el("h2", {}, section.title));
      const list = el("ul");
      list.append(...section.items.map((item) => el("li", {}, item)));
      box.append(list);
      return box;
    }));
  }
  const board = $("board");
  if (board) {
    $("board-box").hidden = !table.board;
    fill(board, (table.board || []).map((row, i) => {
      const line = el("div", { class: "row", "data-row": String(i + 1) });
      line.append(el("span", { class: "row-no" }, String(i + 1)));
      line.append(...row.map((c) => el("span", { class: colourClass(c.colour) }, c.text)));
      return line;
    }));
  }
}

function renderSeat(me, table) {
  document.title = me.seat + " · " + (table.game || "Party Host");
  $("seat-name").textContent = me.seat;
  $("hand-box").hidden = !me.hand;
  $("hand-title").textContent = me.hand_title || "Your hand";
  fill($("hand"), (me.hand || []).map((c) => el("span", { class: colourClass(c.colour) }, c.text)));
  if (me.hand && !me.hand.length) $("hand").append(el("span", { class: "empty" }, "no cards"));
  fill($("facts"), (me.facts || []).flatMap(([label, value]) => [el("dt", {}, label), el("dd", {}, value)]));
  $("hint").textContent = me.hint || "";
  fill($("actions"), (me.actions || []).map(actionButton));
  const row = $("options");
  const still = (me.actions || []).find((a) => a.options && a.label === row.dataset.for);
  row.dataset.for = still ? still.label : "";
  fill(row, still ? still.options.map(actionButton) : []);
  renderSheet(me, table);
}

function actionButton(a) {
  const button = el("button", { type: "button", class: a.options ? "action opens" : "action",
                                "data-say": a.say }, a.label);
  button.addEventListener("click", () => {
    if (!a.options) { send(a.say); return; }
    const row = $("options");
    const open = row.dataset.for === a.label;
    row.dataset.for = open ? "" : a.label;
    fill(row, open ? [] : a.options.map(actionButton));
  });
  return button;
}

function renderSheet(me, table) {
  const box = $("sheet-box");
  box.hidden = !me.sheet;
  if (!me.sheet) return;
  const myTurn = table.turn === me.seat && table.phase === "reading";
  const sheet = $("sheet");
  if (sheet.dataset.titles !== JSON.stringify(me.sheet)) {
    sheet.dataset.titles = JSON.stringify(me.sheet);
    fill(sheet, me.sheet.map((title, i) => {
      const key = "sheet:" + token + ":" + title;
      const row = el("div", { class: "sheet-row" });
      const input = el("input", { "data-index": String(i), placeholder: title, maxlength: "80" });
      input.value = sessionStorage.getItem(key) || "";
      input.addEventListener("input", () => sessionStorage.setItem(key, input.value));
      const read = el("button", { type: "button", class: "read" }, "Read");
      read.addEventListener("click", () => {
        const answer = input.value.trim();
        if (answer) send((me.read_as || "{answer}").replace("{answer}", answer));
      });
      row.append(el("label", {}, title), input, read);
      return row;
    }));
  }
  for (const button of sheet.querySelectorAll("button.read")) button.disabled = !myTurn;
}

function renderLines(lines) {
  fill($("lines"), lines.slice().reverse().map((line) => {
    const text = typeof line === "string" ? line : line.text;
    const mine = typeof line !== "string" && line.private;
    return el("li", { class: mine ? "private" : "" }, (mine ? "(for you) " : "") + text);
  }));
}

function render(data) {
  last = data;
  renderTable(data.table);
  if (data.me) renderSeat(data.me, data.table);
  renderLines(data.lines || []);
  document.body.dataset.seq = String(data.seq);
}

function tickTimer() {
  const timer = $("timer");
  if (deadline === null) { timer.textContent = ""; return; }
  if (paused) { timer.textContent = "paused"; return; }
  const left = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
  timer.textContent = left + " s";
}

function status(text, cls) {
  const node = $("status");
  node.textContent = text;
  node.className = "status " + (cls || "");
  document.body.dataset.status = cls || "";
}

function expired() {
  status("This link has expired: join again from the join page.", "expired");
  fill(document.querySelector("main"), [el("p", { class: "expired" }, "This link has expired.")]);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/ws/" + token);
  socket.addEventListener("open", () => status("connected", "live"));
  socket.addEventListener("message", (event) => render(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    if (event.code === 4404) { expired(); return; }
    if (last && last.table.over) { status("game over", "over"); return; }
    status("reconnecting…", "lost");
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
