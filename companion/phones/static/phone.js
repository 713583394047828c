// A seat's phone: renders the seat's own panel, sends answers, reconnects on wake.
// Everything it shows comes from the table; the seat is the one its link's token opens.
"use strict";
(function () {
  const LANGS = ["en", "pl", "fr", "es"];
  const NAMES = { en: "EN", pl: "PL", fr: "FR", es: "ES" };
  const token = decodeURIComponent(location.hash.slice(1));
  let lang = pickLang();
  let strings = {};
  let socket = null;
  let retry = 250;
  let refused = false;
  let timer = null;

  function pickLang() {
    const kept = localStorage.getItem("tc-lang");
    if (LANGS.includes(kept)) return kept;
    const wanted = (navigator.language || "en").slice(0, 2).toLowerCase();
    return LANGS.includes(wanted) ? wanted : "en";
  }
  function s(key) { return (strings[lang] || {})[key] || (strings.en || {})[key] || ""; }
  function $(id) { return document.getElementById(id); }

  function status(text, ok) {
    const el = $("status");
    el.textContent = text;
    el.className = "status " + (ok ? "ok" : "off");
  }
  function message(text) {
    const el = $("message");
    el.textContent = text || "";
    el.hidden = !text;
  }

  function drawLangs() {
    const box = $("langs");
    box.textContent = "";
    box.setAttribute("aria-label", s("language"));
    for (const code of LANGS) {
      const b = document.createElement("button");
      b.textContent = NAMES[code];
      b.lang = code;
      if (code === lang) b.className = "chosen";
      b.addEventListener("click", () => {
        lang = code;
        localStorage.setItem("tc-lang", code);
        document.documentElement.lang = code;
        drawLangs();
        send({ t: "lang", lang: code });
        if (!socket || socket.readyState !== 1) status(s("connecting"), false);
      });
      box.appendChild(b);
    }
  }

  function send(obj) {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(obj));
  }

  function connect() {
    if (refused) return;
    if (!token) { status(s("scan"), false); return; }
    if (socket && (socket.readyState === 0 || socket.readyState === 1)) return;
    status(s("connecting"), false);
    const ws = new WebSocket("ws://" + location.host + "/ws");
    socket = ws;
    ws.onopen = () => { retry = 250; ws.send(JSON.stringify({ t: "hello", token: token, lang: lang })); };
    ws.onmessage = (event) => receive(JSON.parse(event.data));
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      if (refused) return;
      status(s("offline"), false);
      clearTimeout(timer);
      timer = setTimeout(connect, retry);
      retry = Math.min(retry * 2, 1000);
    };
  }

  function receive(m) {
    if (m.t === "view") { status(s("connected"), true); draw(m); }
    else if (m.t === "idle") { status(m.text, true); $("panel").textContent = ""; }
    else if (m.t === "refused" || m.t === "replaced") {
      refused = true; status(s("refused_title"), false); message(m.text);
      $("panel").textContent = "";
    }
    else if (m.t === "changed" || m.t === "refused_answer") { message(m.text); }
  }

  function draw(view) {
    const panel = $("panel");
    panel.textContent = "";
    $("title").textContent = view.title;
    const facts = document.createElement("table");
    facts.className = "facts";
    for (const [label, value] of view.facts) {
      const row = facts.insertRow();
      const th = document.createElement("th"); th.textContent = label; row.appendChild(th);
      const td = row.insertCell(); td.textContent = value;
    }
    panel.appendChild(facts);
    const dice = document.createElement("div");
    dice.className = "dice";
    dice.id = "dice";
    for (const die of view.dice) {
      const d = document.createElement("span");
      d.className = "die c-" + die.colour;
      d.textContent = die.value;
      dice.appendChild(d);
    }
    panel.appendChild(dice);
    if (view.note) {
      const note = document.createElement("p"); note.className = "note"; note.textContent = view.note;
      panel.appendChild(note);
    }
    for (const ask of view.asks) panel.appendChild(drawAsk(ask));
    if (!view.asks.length) {
      const wait = document.createElement("p"); wait.className = "wait"; wait.textContent = s("wait");
      panel.appendChild(wait);
    }
  }

  function drawAsk(ask) {
    const box = document.createElement("section");
    box.className = "ask";
    box.dataset.ask = ask.key;
    const h = document.createElement("h2");
    h.textContent = ask.prompt;
    if (ask.sealed) {
      const tag = document.createElement("span"); tag.className = "sealed-tag"; tag.textContent = s("sealed");
      h.appendChild(tag);
    }
    box.appendChild(h);
    const grid = document.createElement("div");
    const dieGrid = ask.answers.length && ask.answers.every((a) => a.colour);
    grid.className = "answers" + (dieGrid ? " dice-grid" : "");
    ask.answers.forEach((answer, index) => {
      const b = document.createElement("button");
      b.dataset.index = index;
      if (dieGrid) {
        b.className = "c-" + answer.colour;
        b.textContent = String(answer.face);
        b.dataset.die = answer.colour + " " + answer.face;
        const name = document.createElement("span");
        name.className = "colour-name";
        name.textContent = answer.label.replace(String(answer.face), "").trim();
        b.appendChild(name);
        b.setAttribute("aria-label", answer.label);
      } else {
        b.textContent = answer.label;
        if (answer.detail) {
          const d = document.createElement("span"); d.className = "detail"; d.textContent = answer.detail;
          b.appendChild(d);
        }
      }
      if (answer.reason) { b.setAttribute("aria-disabled", "true"); b.title = answer.reason; }
      b.addEventListener("click", () => {
        if (answer.reason) { message(answer.reason); return; }
        message("");
        send({ t: "answer", ask: ask.key, version: ask.version, answer: index });
      });
      grid.appendChild(b);
    });
    box.appendChild(grid);
    return box;
  }

  function wake() {
    if (document.visibilityState !== "visible" || refused) return;
    if (socket && socket.readyState === 1) { send({ t: "ping" }); return; }
    retry = 250;
    clearTimeout(timer);
    if (socket) { const old = socket; socket = null; try { old.close(); } catch (e) { /* gone */ } }
    connect();
  }

  document.addEventListener("visibilitychange", wake);
  window.addEventListener("pageshow", wake);
  window.addEventListener("online", wake);
  document.documentElement.lang = lang;
  fetch("/strings.json").then((r) => r.json()).then((table) => {
    strings = table; drawLangs(); connect();
  }).catch(() => { drawLangs(); connect(); });
})();
