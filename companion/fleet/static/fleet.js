// The fleet page: tiles per table and the café's statistics; asks the server every second.
"use strict";
let lang = localStorage.getItem("tc-lang") || (navigator.language || "en").slice(0, 2);
if (!["en", "pl", "fr", "es"].includes(lang)) lang = "en";
let texts = {};
let tab = "tables";

function t(key, params) {
  let text = texts[key] || key;
  for (const [name, value] of Object.entries(params || {})) text = text.split("{" + name + "}").join(value);
  return text;
}
function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}
function minutes(seconds) { return Math.max(0, Math.round(seconds / 60)); }
async function api(path, body) {
  const options = body === undefined ? {} : {method: "POST", body: JSON.stringify(body),
                                             headers: {"Content-Type": "application/json"}};
  const answer = await fetch(path, options);
  if (answer.status === 401) { showLogin(); throw new Error("login"); }
  return answer.json();
}
async function loadTexts() {
  texts = await (await fetch("/api/strings?lang=" + lang)).json();
  document.documentElement.lang = lang;
  document.title = t("fleet.page.title");
  for (const node of document.querySelectorAll("[data-text]")) node.textContent = t(node.dataset.text);
  for (const node of document.querySelectorAll("#langs button")) node.classList.toggle("on", node.dataset.lang === lang);
}
function showLogin() {
  document.getElementById("login").hidden = false;
  document.getElementById("app").hidden = true;
}
function gameTitle(game) { return game ? t(game + ".title") : ""; }

function tileOf(item) {
  const card = el("article", "tile c-" + item.condition);
  card.dataset.table = item.table;
  const head = el("h2");
  head.append(el("span", "", item.table), el("span", "badge", t("fleet.condition." + item.condition)));
  card.append(head);
  if (item.game) {
    card.append(el("p", "", gameTitle(item.game)));
    if (item.players.length) card.append(el("p", "dim", item.players.join(", ")));
    if (item.played !== null) card.append(el("p", "dim", t("fleet.tile.played", {minutes: minutes(item.played)})));
    if (item.left !== null && item.left !== undefined && item.condition === "playing")
      card.append(el("p", "dim", minutes(item.left) > 0 ? t("fleet.tile.left", {minutes: minutes(item.left)})
                                                       : t("fleet.tile.over")));
    if (item.quiet !== null && (item.condition === "idle" || item.condition === "stuck"))
      card.append(el("p", "alert", t("fleet.tile.quiet", {minutes: minutes(item.quiet)})));
  } else if (item.online) {
    card.append(el("p", "dim", t("fleet.tile.no_game")));
  }
  if (!item.online && item.since) {
    const time = new Date(item.since * 1000).toLocaleTimeString(lang, {hour: "2-digit", minute: "2-digit"});
    card.append(el("p", "alert", t("fleet.tile.offline_since", {time: time})));
  }
  for (const fault of item.faults) card.append(el("p", "alert", t("fleet.fault." + fault.kind)));
  if (item.faults.length) {
    const seen = el("button", "", t("fleet.tile.faults_seen"));
    seen.onclick = () => api("/api/faults-seen", {venue: item.venue, table: item.table}).then(refresh);
    card.append(seen);
  }
  if (item.call) {
    card.append(el("p", "alert call", t("fleet.tile.call")));
    const answer = el("button", "", t("fleet.tile.answer"));
    answer.onclick = () => api("/api/answer", {call: item.call.id}).then(refresh);
    card.append(answer);
  }
  return card;
}

async function refresh() {
  const data = await api("/api/tables");
  const tiles = document.getElementById("tables");
  tiles.replaceChildren(...data.tables.map(tileOf));
  const counts = {};
  for (const item of data.tables) counts[item.condition] = (counts[item.condition] || 0) + 1;
  document.getElementById("summary").textContent = t("fleet.summary", {
    tables: data.tables.length, playing: (counts.playing || 0) + (counts.idle || 0) + (counts.stuck || 0),
    alerts: (counts.call || 0) + (counts.fault || 0) + (counts.stuck || 0) + (counts.offline || 0)});
  if (tab === "stats") await refreshStats();
}

function bars(rows) {
  const most = Math.max(1, ...rows.map(row => row[1]));
  const box = el("div");
  for (const [label, value, shown] of rows) {
    const line = el("div", "bar");
    const fill = el("i"); fill.style.width = (100 * value / most) + "%";
    const track = el("span"); track.append(fill);
    line.append(el("span", "", label), track, el("span", "", shown === undefined ? String(value) : shown));
    box.append(line);
  }
  return box;
}

async function refreshStats() {
  const data = await api("/api/stats");
  const box = document.getElementById("stats");
  const parts = [el("h3", "", t("fleet.stats.per_game", {plays: data.plays}))];
  parts.push(bars(Object.entries(data.per_game).map(([game, n]) => [gameTitle(game), n])));
  parts.push(el("h3", "", t("fleet.stats.per_hour")));
  const hours = el("div", "hours");
  const most = Math.max(1, ...data.per_hour);
  data.per_hour.forEach((n, hour) => { const b = el("i"); b.style.height = (100 * n / most) + "%"; b.title = hour + ":00 " + n; hours.append(b); });
  const labels = el("div", "hourlabels");
  for (const hour of [0, 4, 8, 12, 16, 20]) labels.append(el("span", "", hour + ":00"));
  parts.push(hours, labels);
  parts.push(el("h3", "", t("fleet.stats.median")));
  parts.push(bars(Object.entries(data.median_minutes).map(([game, m]) => [gameTitle(game), m, t("fleet.stats.minutes", {minutes: Math.round(m)})])));
  for (const [game, levels] of Object.entries(data.outcomes)) {
    parts.push(el("h3", "", t("fleet.stats.outcomes", {game: gameTitle(game)})));
    const table = el("table");
    const head = el("tr"); head.append(el("th", "", t("fleet.stats.level")), el("th", "", t("fleet.stats.won")), el("th", "", t("fleet.stats.lost")));
    table.append(head);
    for (const [level, tally] of Object.entries(levels)) {
      const row = el("tr"); row.append(el("td", "", level), el("td", "", String(tally.won || 0)), el("td", "", String(tally.lost || 0)));
      table.append(row);
    }
    parts.push(table);
  }
  for (const [game, spread] of Object.entries(data.scores)) {
    parts.push(el("h3", "", t("fleet.stats.scores", {game: gameTitle(game)})));
    const r = (x) => String(Math.round(x * 10) / 10);
    parts.push(el("p", "", t("fleet.stats.spread", {min: r(spread.min), q1: r(spread.q1), median: r(spread.median), q3: r(spread.q3), max: r(spread.max)})));
  }
  const csv = el("a", "csv", t("fleet.stats.csv")); csv.href = "/api/plays.csv"; csv.download = "plays.csv";
  parts.push(csv);
  box.replaceChildren(...parts);
}

document.getElementById("login").onsubmit = async (event) => {
  event.preventDefault();
  const answer = await fetch("/api/login", {method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({password: document.getElementById("password").value})});
  document.getElementById("login-error").hidden = answer.ok;
  if (answer.ok) start();
};
for (const button of document.querySelectorAll("#langs button"))
  button.onclick = async () => { lang = button.dataset.lang; localStorage.setItem("tc-lang", lang); await loadTexts(); refresh(); };
for (const button of document.querySelectorAll("#tabs button"))
  button.onclick = () => {
    tab = button.dataset.tab;
    for (const other of document.querySelectorAll("#tabs button")) other.classList.toggle("on", other === button);
    document.getElementById("tables").hidden = tab !== "tables";
    document.getElementById("summary").hidden = tab !== "tables";
    document.getElementById("stats").hidden = tab !== "stats";
    refresh();
  };

let timer = null;
async function start() {
  try { await refresh(); } catch (error) { return; }
  document.getElementById("login").hidden = true;
  document.getElementById("app").hidden = false;
  if (!timer) timer = setInterval(() => refresh().catch(() => {}), 1000);
}
const query = new URLSearchParams(location.search);
if (query.get("lang")) lang = query.get("lang");
loadTexts().then(start);
