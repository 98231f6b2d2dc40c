// The web trainer's page: draws what the server says about the board and sends what is clicked.
// Everything shown in words comes from the server (the engine's narration, report and rulings);
// the flowcharts are drawn here as SVG from the chart data the PNG flowcharts are drawn from.
// The board id and a copy of the board's events are kept in sessionStorage (one board per tab),
// so a reload, or a restarted server, loses nothing.
"use strict";

const SEATS = ["N", "E", "S", "W"];
const DIAGRAM_ORDER = ["W", "N", "E", "S"];
const STRAINS = ["C", "D", "H", "S", "NT"];
const SUIT = { C: "♣", D: "♦", H: "♥", S: "♠" };
const KEY_ID = "auction-fsm.session";
const KEY_SCENARIO = "auction-fsm.scenario";
const KEY_QUIZ = "auction-fsm.quiz";

const page = {
  id: null, view: null, charts: null, chartsBook: null, laws: {}, colours: {}, seat: "N", chart: null,
  marked: [], busy: false, summaries: {},
};

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

// --- talking to the server -----------------------------------------------------------------
function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = !message;
}

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (err) {
    showError("The trainer's server does not answer (is auction-fsm serve still running?).");
    return { ok: false, status: 0, data: null };
  }
  let data = null;
  try { data = await response.json(); } catch (err) { data = null; }
  return { ok: response.ok, status: response.status, data };
}

function remember(view) {
  page.id = view.session;
  sessionStorage.setItem(KEY_ID, view.session);
  sessionStorage.setItem(KEY_SCENARIO, JSON.stringify(view.scenario));
}

async function restore() {
  const saved = sessionStorage.getItem(KEY_SCENARIO);
  const body = saved ? { scenario: JSON.parse(saved) } : {};
  const r = await api("POST", "/api/sessions", body);
  if (r.ok) await show(r.data);
  else showError(r.data ? r.data.error : "The board could not be restored.");
}

// A change to the board: the server answers with the whole view, or a message in words.  A
// server that no longer has the board (restarted) gets it back from the page's copy of its
// events, and the change is then asked again.
async function act(action, body) {
  if (page.busy) return null;
  page.busy = true;
  document.body.classList.add("busy");
  try {
    let r = await api("POST", `/api/sessions/${page.id}/${action}`, body);
    if (r.status === 404) {
      await restore();
      if (body && "at" in body) body.at = page.view.at;
      r = await api("POST", `/api/sessions/${page.id}/${action}`, body);
    }
    if (r.ok) {
      showError("");
      await show(r.data);
      return r.data;
    }
    showError(r.data && r.data.error ? r.data.error : `The server answered ${r.status}.`);
    if (r.status === 400 && r.data && /out of date/.test(r.data.error || "")) await refresh();
    return null;
  } finally {
    page.busy = false;
    document.body.classList.remove("busy");
  }
}

async function refresh() {
  const r = await api("GET", `/api/sessions/${page.id}`);
  if (r.ok) await show(r.data);
  else await restore();
}

function send(event) {
  return act("event", { at: page.view.at, event });
}

// --- words with law links ------------------------------------------------------------------
const LAW_TOKEN = /^\d{1,2}[A-G]?\d{0,2}[a-e]?\d?$/;
const LAW_TEXT = /(Laws?\s+)(\d{1,2}[A-Za-z0-9]*(?:(?:,\s*|\s+and\s+|\s*-\s*)\d{1,2}[A-Za-z0-9]*)*)|\((\d{1,2}[A-G][A-Za-z0-9]*(?:,\s*\d{1,2}[A-Za-z0-9]*)*)\)|diagrams\/(flow_[A-Za-z0-9_-]+)\.png/g;

function chartForLaw(token) {
  if (!LAW_TOKEN.test(token)) return null;
  for (let t = token; t.length > 0; t = t.slice(0, -1)) {
    if (page.laws[t]) return page.laws[t];
  }
  return null;
}

function lawLink(token, shown) {
  const stem = chartForLaw(token);
  if (!stem) return document.createTextNode(shown);
  const about = page.summaries[token];
  return el("a", { href: `#${stem}`, class: "law", "data-chart": stem, "data-law": token,
    title: about ? `Law ${about.law}: ${about.text}` : `Law ${token}: open its flowchart`,
    onclick: (e) => { e.preventDefault(); openChart(stem, true); showSummary(token); } }, shown);
}

// What a law is about, in a sentence of our own words, above its chart.
function showSummary(token) {
  const box = $("law-summary");
  const about = page.summaries[token];
  if (!about) { box.hidden = true; return; }
  const close = el("button", { type: "button", "aria-label": "close", onclick: () => { box.hidden = true; } }, "×");
  box.replaceChildren(close, el("strong", {}, `Law ${about.law}`), ` ${about.text}`);
  box.dataset.law = about.law;
  box.hidden = false;
  // beside its chart: on a wide screen the chart is at the top of the page, beside the table
  if (window.innerWidth >= NARROW) window.scrollTo({ top: 0 });
}

function linkTokens(list, into) {
  const parts = list.split(/(,\s*|\s+and\s+|\s*-\s*)/);
  for (const p of parts) {
    if (/^\d/.test(p)) into.append(lawLink(p, p));
    else into.append(p);
  }
}

function lawText(text) {
  const frag = document.createDocumentFragment();
  let last = 0;
  LAW_TEXT.lastIndex = 0;
  for (let m = LAW_TEXT.exec(text); m; m = LAW_TEXT.exec(text)) {
    frag.append(text.slice(last, m.index));
    if (m[1]) {
      frag.append(m[1]);
      linkTokens(m[2], frag);
    } else if (m[3]) {
      frag.append("(");
      linkTokens(m[3], frag);
      frag.append(")");
    } else {
      const stem = m[4];
      const title = page.charts && page.charts.find((c) => c.stem === stem);
      frag.append(el("a", { href: `#${stem}`, class: "law", "data-chart": stem,
        onclick: (e) => { e.preventDefault(); openChart(stem, true); } }, title ? title.title : stem));
    }
    last = m.index + m[0].length;
  }
  frag.append(text.slice(last));
  return frag;
}

function lines(into, texts, cls) {
  into.replaceChildren(...texts.map((t) => el("p", { class: cls || (t.startsWith("   ") ? "indent" : null) }, lawText(t.trim()))));
}

// --- calls ------------------------------------------------------------------------------------
function callText(call) {
  if (call === "P") return "Pass";
  if (call === "X") return "Dbl";
  if (call === "XX") return "Rdbl";
  const strain = call.slice(1);
  return call[0] + (SUIT[strain] || strain);
}

function callNode(call) {
  const strain = call.slice(1);
  return el("span", { class: `call ${strain === "H" || strain === "D" ? "red" : ""}` }, callText(call));
}

// --- the table ---------------------------------------------------------------------------------
function renderSeats(view) {
  for (const s of view.seats) {
    const box = $(`seat-${s.seat}`);
    const tags = [];
    if (s.dealer) tags.push(el("span", { class: "tag" }, "dealer"));
    if (s.vulnerable) tags.push(el("span", { class: "tag vul" }, "vulnerable"));
    if (s.acting) tags.push(el("span", { class: "tag acting" }, view.report.pending ? "decides" : "to act"));
    box.className = `seat${s.acting ? " acting" : ""}${s.vulnerable ? " vulnerable" : ""}`;
    box.replaceChildren(el("div", { class: "name" }, s.name, ...tags),
      ...s.obligations.map((o) => el("div", { class: "obligation" }, lawText(o))));
  }
  const r = view.report;
  const info = [`Dealer ${view.seats.find((s) => s.dealer).name}; ${view.vulnerability_words}; law book ${view.law_book}.`];
  if (r.contract) info.push(`Contract ${r.contract}; declarer ${r.declarer}, dummy ${r.dummy}, opening leader ${r.opening_leader}.`);
  for (const lead of r.leads) {
    info.push(`Lead: ${lead.card} by ${lead.seat}, ${lead.faced ? "face up" : "face down"} (${lead.status}${lead.law ? `, Law ${lead.law}` : ""}).`);
  }
  if (r.penalty_cards.length) info.push(`Penalty cards: ${r.penalty_cards.map((p) => `${p.seat} ${p.card} (${p.kind})`).join(", ")}.`);
  $("board-info").textContent = info.join(" ");
}

function renderDiagram(view) {
  const table = $("diagram");
  const head = el("tr", {}, ...DIAGRAM_ORDER.map((s) => el("th", {}, s === "N" ? "North" : s === "E" ? "East" : s === "S" ? "South" : "West")));
  const rows = [];
  let row = null;
  let col = -1;
  const place = (seatCol, cell) => {
    if (row === null || seatCol <= col) {
      row = DIAGRAM_ORDER.map(() => el("td", {}));
      rows.push(row);
    }
    row[seatCol].replaceWith(cell);
    row[seatCol] = cell;
    col = seatCol;
  };
  view.report.calls.forEach((c, i) => {
    let content = callNode(c.call);
    if (c.status === "cancelled" || c.status === "withdrawn") content = el("del", { title: `${c.status}${c.law ? ` (Law ${c.law})` : ""}` }, content);
    const cell = el("td", { class: `st-${c.status}${c.irregularity ? " irregular" : ""}`, "data-index": i + 1,
      title: [c.irregularity ? c.irregularity.replace(/_/g, " ") : "", c.status, c.law ? `Law ${c.law}` : ""].filter(Boolean).join(", ") },
    content);
    if (c.law) {
      const first = c.law.split(",")[0].trim();
      cell.append(el("sup", {}, lawLink(first, first)));
    }
    place(DIAGRAM_ORDER.indexOf(c.seat), cell);
  });
  if (view.report.to_act && !view.report.pending) {
    place(DIAGRAM_ORDER.indexOf(view.report.to_act), el("td", { class: "next" }, "?"));
  }
  table.replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows.map((r) => el("tr", {}, ...r))));
}

function renderBiddingBox(view) {
  const picker = $("seat-picker");
  picker.replaceChildren(...SEATS.map((s) => el("button", { type: "button", id: `pick-${s}`,
    class: `pick${s === page.seat ? " chosen" : ""}${s === view.acting ? " acting" : ""}`,
    onclick: () => { page.seat = s; page.marked = []; renderBiddingBox(page.view); } }, s)));
  // lit: the calls the seat chosen may make now -- its legal calls in the auction, or, while a
  // decision waits that a call makes, the calls that make it
  const deciding = view.box && view.box.seat === page.seat;
  const lit = deciding ? view.box.calls : page.seat === view.report.to_act && !view.report.pending ? view.report.legal_calls : [];
  const legal = new Set(lit);
  const marked = new Set(page.marked);
  const box = $("calls");
  box.classList.toggle("decides", Boolean(deciding));
  const rows = [];
  for (let level = 1; level <= 7; level++) {
    rows.push(el("div", { class: "level" }, ...STRAINS.map((s) => callButton(`${level}${s}`, legal, marked))));
  }
  // pass, double and redouble beside the bids, as in a real bidding box
  const others = el("div", { class: "others" }, ...["P", "X", "XX"].map((c) => callButton(c, legal, marked)));
  box.replaceChildren(el("div", { class: "bids" }, ...rows), others);
}

function callButton(call, legal, marked) {
  return el("button", { type: "button", id: `call-${call}`, "data-call": call,
    class: `bid${legal.has(call) ? " legal" : ""}${marked.has(call) ? " marked" : ""}`,
    onclick: () => makeCall(page.seat, call) }, callNode(call));
}

function makeCall(seat, call) {
  if ($("as-change").checked) {
    $("as-change").checked = false;
    return send({ type: "change", seat, call, ground: $("change-ground").value });
  }
  const event = { type: "call", seat, call };
  const shown = [...$("shows").querySelectorAll("input:checked")].map((i) => i.value);
  if (shown.length) event.specifies = shown.filter((v) => v !== "none");
  for (const box of $("shows").querySelectorAll("input")) box.checked = false;
  return send(event);
}

function renderOptions(view) {
  const box = $("options");
  const items = view.options.map((o, i) => {
    const button = el("button", { type: "button", class: "option", "data-option": o.option, id: `option-${i}`,
      "data-key": OPTION_KEYS[i], onclick: () => chooseOption(o) },
    el("kbd", {}, OPTION_KEYS[i]), " ", o.event ? o.label : `${o.label}: choose the call in the bidding box`);
    return el("div", { class: "option-row" }, button, el("p", { class: "consequence" }, lawText(o.text)));
  });
  // the rare cases (a replacement insufficient too, a double Law 19 does not allow, a bid above
  // seven) under the common ones, folded
  const rare = items.filter((_, i) => view.options[i].common === false);
  const common = items.filter((_, i) => view.options[i].common !== false);
  if (rare.length) {
    common.push(el("details", { class: "rare" }, el("summary", {}, `Rarer: ${rare.length} more the law covers`), ...rare));
  }
  box.replaceChildren(...common);
}

const OPTION_KEYS = "abcdefghijklm";

function chooseOption(o) {
  if (o.event) return send(o.event);
  page.seat = o.seat || page.seat;
  page.marked = o.calls;
  renderBiddingBox(page.view);
  $("calls").scrollIntoView({ block: "nearest" });
  return null;
}

function renderActions(view) {
  const r = view.report;
  const over = r.auction_period_over;
  $("undo").disabled = view.at === 0;
  $("face").disabled = !(r.opening_lead && !r.opening_lead.faced);
  $("lead").disabled = over;
  $("hands-returned").disabled = r.phase !== "passed_out";
  $("judge-suits").hidden = $("judge-kind").value !== "artificial";
  const p = r.pending;
  if (p && p.decider === "director" && p.judgement) $("judge-kind").value = p.judgement;
  else if (p && p.decider === "director" && p.options.length) {
    const kind = ["artificial", "comparable", "unintended", "misinformation", "dummy_seen"].find((k) => p.options[0].includes(k));
    if (kind) $("judge-kind").value = kind;
  }
  $("judge-suits").hidden = $("judge-kind").value !== "artificial";
}

function judge(value) {
  const kind = $("judge-kind").value;
  const event = { type: "judgement", kind, value };
  if (kind === "artificial") {
    event.denominations = [...$("judge-suits").querySelectorAll("input:checked")].map((i) => i.value);
  }
  send(event);
}

function renderNarration(view) {
  const box = $("narration");
  const items = view.record.map((r, i) => {
    const div = el("div", { class: `event${i === view.record.length - 1 ? " latest" : ""}`, "data-event": r.n },
      el("p", {}, lawText(r.line)), ...r.rulings.map((x) => el("p", { class: "ruling" }, lawText(x.text))));
    return div;
  });
  box.replaceChildren(...items);
  box.scrollTop = box.scrollHeight;
}

async function show(view) {
  await loadCharts(view.law_book);  // first, so that the page is drawn at once, charts and all
  page.view = view;
  remember(view);
  if (view.acting) page.seat = view.acting;
  page.marked = [];
  renderSeats(view);
  renderDiagram(view);
  renderBiddingBox(view);
  lines($("situation"), view.situation);
  renderOptions(view);
  renderActions(view);
  renderNarration(view);
  lines($("status"), view.status);
  lines($("restate"), view.restate);
  $("notice").textContent = view.notice || (view.saved ? `Saved to ${view.saved}.` : view.said || "");
  $("notice").hidden = !$("notice").textContent;
  if (view.saved) loadFiles();
  fitFlow();
  openChart(view.chart.stem, false);
  if ($("law-summary").dataset.law && !$("law-summary").hidden) showSummary($("law-summary").dataset.law);
  refocus();
}

// The charts of the law book the board is ruled by (fetched once per book).
async function loadCharts(book) {
  if (page.charts && page.chartsBook === book) return;
  const r = await api("GET", `/api/charts?book=${encodeURIComponent(book)}`);
  if (!r.ok) { showError(r.data ? r.data.error : "The flowcharts could not be read."); return; }
  page.charts = r.data.charts;
  page.laws = r.data.laws;
  page.colours = r.data.colours;
  page.summaries = r.data.summaries || {};
  page.chartsBook = book;
  $("chart-select").replaceChildren(...page.charts.map((c) => el("option", { value: c.stem }, c.title)));
}

async function loadBooks() {
  const r = await api("GET", "/api/books");
  if (!r.ok) return;
  $("new-book").replaceChildren(...r.data.books.map((b) => el("option", { value: b, selected: b === r.data.default }, b)));
}

// --- the flowcharts, as SVG ---------------------------------------------------------------------
const SVG = "http://www.w3.org/2000/svg";
const FONT = "12px sans-serif";
const LAW_FONT = "italic 11px sans-serif";
const LINE = 15;
const PAD = 8;
const WRAP = 250;

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
}

let measurer = null;
function width(text, font) {
  if (!measurer) measurer = document.createElement("canvas").getContext("2d");
  measurer.font = font;
  return measurer.measureText(text).width;
}

function wrap(text, max, font) {
  const out = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && width(next, font) > max) { out.push(line); line = word; } else line = next;
  }
  if (line) out.push(line);
  return out;
}

function lawLabel(law) {
  if (!law) return "";
  if (law.startsWith("Law")) return law;
  return `Law${/[,-]/.test(law) ? "s" : ""} ${law}`;
}

function drawChart(chart, marks) {
  const here = new Set(marks.here || []);
  const now = (marks.here || [])[(marks.here || []).length - 1];
  const asked = new Set(marks.asked || []);
  const last = new Set(marks.last || []);
  const route = marks.route || {};
  const sized = {};
  for (const b of chart.boxes) {
    const bold = b.kind === "step" || b.kind === "start" ? "bold " : "";
    const text = b.lines.flatMap((l) => wrap(l, WRAP, bold + FONT));
    const law = lawLabel(b.law);
    const w = Math.max(...text.map((t) => width(t, bold + FONT)), law ? width(law, LAW_FONT) : 0) + 2 * PAD;
    sized[b.id] = { text, law, bold, w, h: text.length * LINE + (law ? LINE : 0) + 2 * PAD };
  }
  const cols = [...new Set(chart.boxes.map((b) => b.col))].sort((a, b) => a - b);
  const colW = {};
  for (const c of cols) colW[c] = Math.max(...chart.boxes.filter((b) => b.col === c).map((b) => sized[b.id].w));
  const gap = 120;
  const left = 64;
  const colX = {};
  let x = left;
  for (const c of cols) { colX[c] = x; x += colW[c] + gap; }
  const width_ = x - gap + left;
  const maxRow = Math.max(...chart.boxes.map((b) => b.row));
  const rowY = {};
  let y = 10;
  for (let r = 0; r <= maxRow; r++) {
    const inRow = chart.boxes.filter((b) => b.row === r);
    rowY[r] = y;
    y += (inRow.length ? Math.max(...inRow.map((b) => sized[b.id].h)) : 20) + 34;
  }
  const place = {};
  const root = svg("svg", { width: width_, height: y, viewBox: `0 0 ${width_} ${y}`, role: "img",
    "aria-label": chart.title, id: "chart-svg", "data-stem": chart.stem });
  root.append(svg("defs", {}, svg("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: 10, refY: 5,
    markerWidth: 9, markerHeight: 9, markerUnits: "userSpaceOnUse", orient: "auto-start-reverse" }, svg("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#444" }))));
  const edges = svg("g", { class: "arrows" });
  const boxes = svg("g", { class: "boxes" });
  root.append(edges, boxes);
  for (const b of chart.boxes) {
    const s = sized[b.id];
    const w = b.col === 0 && chart.family !== "all" ? colW[0] : s.w;
    // the spine's boxes share its width; an outcome hangs from its arrow (left-aligned), the
    // overview's left column is right-aligned
    const bx = b.col === 0 ? colX[0] + (colW[0] - w) / 2 : b.col > 0 ? colX[b.col] : colX[b.col] + colW[b.col] - w;
    const by = rowY[b.row];
    place[b.id] = { x: bx, y: by, w, h: s.h };
    const classes = ["box", `kind-${b.kind}`];
    if (route[b.id]) classes.push("on-route");
    if (last.has(b.id)) classes.push("last");
    if (here.has(b.id)) classes.push("here");
    if (asked.has(b.id)) classes.push("asked");
    const g = svg("g", { class: classes.join(" "), "data-box": b.id });
    g.append(svg("rect", { x: bx, y: by, width: w, height: s.h, rx: 6, fill: page.colours[b.kind] || "#fff" }));
    s.text.forEach((t, i) => g.append(svg("text", { x: bx + PAD, y: by + PAD + (i + 1) * LINE - 3,
      "font-weight": s.bold ? "bold" : null }, t)));
    if (s.law) g.append(svg("text", { x: bx + PAD, y: by + s.h - PAD - 2, class: "law" }, s.law));
    if (route[b.id]) {
      const n = route[b.id];
      g.append(svg("text", { x: bx - 6, y: by + 14, class: "tag", "text-anchor": "end" },
        `${n.length === 1 ? "event" : "events"} ${n.slice(0, 4).join(", ")}${n.length > 4 ? "…" : ""}`));
    }
    if (b.id === now) {  // the question the table faces
      g.append(svg("text", { x: bx - 6, y: by + (route[b.id] ? 30 : 14), class: "now", "text-anchor": "end" }, "now ▶"));
      g.classList.add("now");
    }
    if (chart.family === "all" && b.id.startsWith("f_")) {  // the overview: a family's box opens its chart
      const target = page.charts.find((c) => c.family === b.id.slice(2));
      if (target) {
        g.classList.add("opens");
        g.append(svg("title", {}, `Open the chart: ${target.title}`));
        g.addEventListener("click", () => openChart(target.stem, false));
      }
    }
    boxes.append(g);
  }
  for (const a of chart.arrows) {
    const s = place[a.src];
    const d = place[a.dst];
    const src = chart.boxes.find((b) => b.id === a.src);
    const dst = chart.boxes.find((b) => b.id === a.dst);
    const label = a.label ? (a.law ? `${a.label} (${a.law})` : a.label) : lawLabel(a.law);
    const hot = route[a.src] && route[a.dst];
    const attrs = { fill: "none", stroke: hot ? "#c00000" : "#444", "stroke-width": hot ? 2 : 1, "marker-end": "url(#arrowhead)" };
    if (src.row === dst.row || src.col !== dst.col) {
      const right = dst.col > src.col;
      const sx = right ? s.x + s.w : s.x;
      const sy = s.y + s.h / 2;
      const ex = right ? d.x : d.x + d.w;
      const ey = src.row === dst.row && sy > d.y + 4 && sy < d.y + d.h - 4 ? sy : d.y + d.h / 2;
      if (src.row === dst.row) {
        edges.append(svg("path", { d: `M ${sx} ${sy} L ${ex} ${ey}`, ...attrs }));
        edges.append(svg("text", { x: (sx + ex) / 2, y: ey - 5, "text-anchor": "middle", class: "edge" }, label));
      } else {
        const bus = sx + (right ? 30 : -30);
        edges.append(svg("path", { d: `M ${sx} ${sy} L ${bus} ${sy} L ${bus} ${ey} L ${ex} ${ey}`, ...attrs }));
        edges.append(svg("text", { x: (bus + ex) / 2, y: ey - 5, "text-anchor": "middle", class: "edge" }, label));
      }
    } else {
      const cx = colX[src.col] + colW[src.col] / 2;
      edges.append(svg("path", { d: `M ${cx} ${s.y + s.h} L ${cx} ${d.y}`, ...attrs }));
      edges.append(svg("text", { x: cx + 6, y: (s.y + s.h + d.y) / 2 + 4, class: "edge" }, label));
    }
  }
  return root;
}

const NARROW = 1100;  // below this width the chart comes under the table (app.css)

function openChart(stem, scroll) {
  if (!page.charts) return;
  if (scroll && !$("quiz-view").hidden) tab("table");  // a law link in the quiz
  const chart = page.charts.find((c) => c.stem === stem) || page.charts[0];
  page.chart = chart.stem;
  $("chart-select").value = chart.stem;
  const view = page.view;
  const marks = view && view.chart ? {
    here: view.chart.stem === chart.stem ? view.chart.here : [],
    asked: view.chart.stem === chart.stem ? view.chart.asked : [],
    last: view.chart.stem === chart.stem ? view.chart.last : [],
    route: view.chart.route[chart.stem] || {},
  } : {};
  const box = $("chart");
  box.replaceChildren(drawChart(chart, marks));
  // scroll to the step under way, showing the box the last event went through above it when
  // both fit in the view
  const shown = box.querySelector("svg");
  const scale = shown ? shown.getBoundingClientRect().width / Number(shown.getAttribute("width")) : 1;
  const top = (sel) => {
    const r = box.querySelector(`${sel} rect`);
    return r ? Number(r.getAttribute("y")) * scale : null;
  };
  const here = top(".here");
  const last = top(".last");
  let y = here !== null ? here : last;
  if (here !== null && last !== null && last < here && here - last < box.clientHeight - 200) y = last;
  box.scrollTop = y === null ? 0 : Math.max(0, y - 40);
  if (scroll && window.innerWidth < NARROW) $("flow").scrollIntoView({ block: "start" });
}


// --- the keyboard -----------------------------------------------------------------------------------
// A teacher at a projector types: a call and Enter (1h, 1nt, p, x, xx; "w 1s" for another seat),
// a letter for an option of the decision waiting, "td" for the director, "undo", "lead dk".
// Alt+D calls the director and Alt+U undoes from anywhere on the page.
const STRAIN_KEYS = { c: "C", d: "D", h: "H", s: "S", n: "NT", nt: "NT" };
const CALL_WORDS = { p: "P", pass: "P", x: "X", dbl: "X", double: "X", xx: "XX", rdbl: "XX", redouble: "XX" };

function readCall(text) {
  const t = text.toLowerCase().replace(/\s+/g, "");
  if (CALL_WORDS[t]) return CALL_WORDS[t];
  const m = /^([1-7])(c|d|h|s|nt|n)$/.exec(t);
  return m ? m[1] + STRAIN_KEYS[m[2]] : null;
}

function said(text, refused) {
  const box = $("keyboard-said");
  box.textContent = text;
  box.classList.toggle("refused", Boolean(refused));
}

function typed(line) {
  const words = line.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length || !page.view) return null;
  let seat = page.seat;
  if (words.length > 1 && /^[nesw]$/.test(words[0])) seat = words.shift().toUpperCase();
  const text = words.join(" ");
  const call = readCall(text);
  if (call) {
    page.seat = seat;
    said(`${seat} ${callText(call)}`);
    return makeCall(seat, call);
  }
  if (["td", "dir", "director"].includes(text)) { said("The director is called."); return send({ type: "director" }); }
  if (text === "undo") { said("Undo."); return undo(); }
  if (text === "face") { said("The lead is faced."); return send({ type: "face_lead" }); }
  if (text.length === 1 && OPTION_KEYS.includes(text)) {
    const o = page.view.options[OPTION_KEYS.indexOf(text)];
    if (o) { said(`${text}) ${o.label}`); return chooseOption(o); }
    said(`There is no option ${text} now.`, true);
    return null;
  }
  const lead = /^lead (\S+)( (down|facedown|face down))?$/.exec(text);
  if (lead) {
    said(`${seat} leads ${lead[1].toUpperCase()}${lead[2] ? " face down" : ""}.`);
    return send({ type: "lead", seat, card: lead[1].toUpperCase(), faced: !lead[2] });
  }
  said(`Not understood: "${line.trim()}". Type a call (1h, 1nt, p, x, xx), a letter for an option, td for the director, undo.`, true);
  return null;
}

function undo() {
  return act("undo", { at: page.view.at });
}

function typing(target) {
  return target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA");
}

function wireKeyboard() {
  const input = $("keyboard");
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      const line = input.value;
      input.value = "";
      typed(line);
    } else if (e.key === "Escape") {
      input.value = "";
      said("");
    }
  });
  document.addEventListener("keydown", (e) => {
    if ($("table-view").hidden) return;
    const key = e.key.toLowerCase();
    if (e.altKey && !e.ctrlKey && !e.metaKey && (key === "d" || key === "u")) {
      e.preventDefault();
      if (key === "d") { said("The director is called."); send({ type: "director" }); } else { said("Undo."); undo(); }
      return;
    }
    if (e.ctrlKey && key === "z" && (!typing(e.target) || (e.target === input && !input.value))) {
      e.preventDefault();
      said("Undo.");
      undo();
      return;
    }
    // a key typed anywhere else on the page goes to the call line
    if (!typing(e.target) && e.key.length === 1 && !e.ctrlKey && !e.altKey && !e.metaKey) input.focus();
  });
}

// Back to the call line after a click, so that the next call can be typed at once.
function refocus() {
  const active = document.activeElement;
  if (!typing(active) || active === $("keyboard")) $("keyboard").focus({ preventScroll: true });
}

// The flowchart fills the screen's height beside the table (not on a narrow screen).
function fitFlow() {
  const flow = $("flow");
  if (window.innerWidth < NARROW) { flow.style.height = ""; return; }
  const top = flow.getBoundingClientRect().top + window.scrollY;
  // as tall as the screen below it, but not so tall on a tall screen that the rulings go far down
  flow.style.height = `${Math.min(1000, Math.max(320, window.innerHeight - top - 6))}px`;
}

// --- files ----------------------------------------------------------------------------------------
async function loadFiles() {
  const r = await api("GET", "/api/files");
  if (!r.ok) return;
  $("files").replaceChildren(...r.data.files.map((f) => el("option", { value: f }, f)));
  $("load").disabled = r.data.files.length === 0;
}

function download() {
  const text = JSON.stringify(page.view.scenario, null, 2) + "\n";
  const a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
    download: $("save-name").value || "board.json" });
  document.body.append(a);
  a.click();
  a.remove();
}

function upload() {
  const file = $("upload").files[0];
  if (!file) return;
  const reader = new FileReader();
  reader.onload = () => {
    act("load", { scenario: String(reader.result), source: file.name });
    $("upload").value = "";
  };
  reader.readAsText(file);
}

// --- the quiz -------------------------------------------------------------------------------------
function quizState() {
  try { return JSON.parse(sessionStorage.getItem(KEY_QUIZ)) || null; } catch (err) { return null; }
}

function saveQuiz(q) { sessionStorage.setItem(KEY_QUIZ, JSON.stringify(q)); }

async function quizShow() {
  const q = quizState();
  if (!q) return;
  $("quiz-score").textContent = `Score: ${q.right} of ${q.asked}.`;
  const params = new URLSearchParams({ seed: q.seed, number: String(q.number), level: q.level || "club" });
  if (q.law) params.set("law", q.law);
  const r = await api("GET", `/api/quiz?${params}`);
  if (!r.ok) { showError(r.data ? r.data.error : "No question."); return; }
  showError("");
  const data = r.data;
  lines($("quiz-situation"), [`Question ${data.number} (${data.level}).`, ...data.situation]);
  $("quiz-level").value = data.level;
  $("quiz-prompt").textContent = data.prompt;
  $("quiz-result").replaceChildren();
  $("quiz-next").hidden = true;
  $("quiz-choices").replaceChildren(...data.choices.map((c, i) => el("button", { type: "button", class: "choice",
    id: `choice-${i}`, "data-pick": i, onclick: () => quizAnswer(i) }, `${"abcd"[i]}) ${c}`)));
  if (q.answered !== null && q.answered !== undefined) await quizAnswer(q.answered, true);
}

async function quizAnswer(pick, again) {
  const q = quizState();
  const r = await api("POST", "/api/quiz/answer", { seed: q.seed, number: q.number, law: q.law || null,
    level: q.level || "club", pick });
  if (!r.ok) { showError(r.data ? r.data.error : "The answer could not be checked."); return; }
  if (!again) {
    q.asked += 1;
    if (r.data.right) q.right += 1;
    q.answered = pick;
    saveQuiz(q);
  }
  for (const b of $("quiz-choices").querySelectorAll("button")) {
    b.disabled = true;
    const i = Number(b.dataset.pick);
    if (i === r.data.answer) b.classList.add("right");
    else if (i === pick) b.classList.add("wrong");
  }
  const head = r.data.right ? "Right." : `Not quite: the answer is ${"abcd"[r.data.answer]}) ${r.data.choice}`;
  $("quiz-result").replaceChildren(el("p", { class: r.data.right ? "verdict right" : "verdict wrong" }, head),
    ...r.data.explanation.map((t) => el("p", {}, lawText(t))));
  $("quiz-score").textContent = `Score: ${q.right} of ${q.asked}.`;
  $("quiz-next").hidden = false;
}

function quizStart() {
  saveQuiz({ seed: $("quiz-seed").value.trim() || "1", law: $("quiz-law").value.trim() || null,
    level: $("quiz-level").value, number: 1, asked: 0, right: 0, answered: null });
  quizShow();
}

function quizNext() {
  const q = quizState();
  q.number += 1;
  q.answered = null;
  saveQuiz(q);
  quizShow();
}

function tab(which) {
  $("table-view").hidden = which !== "table";
  $("quiz-view").hidden = which !== "quiz";
  $("tab-table").classList.toggle("active", which === "table");
  $("tab-quiz").classList.toggle("active", which === "quiz");
  if (which === "table") fitFlow();
  sessionStorage.setItem("auction-fsm.tab", which);
  if (which === "quiz" && quizState()) quizShow();
}

// --- one board per tab ------------------------------------------------------------------------------
// A duplicated tab starts with a copy of its original's sessionStorage, so with the same board.
// Each open tab answers a question about its board on a channel the page's other tabs hear; a
// tab that finds its board open elsewhere on loading takes a copy of its own.
const CHANNEL = "BroadcastChannel" in window ? new BroadcastChannel("auction-fsm") : null;
if (CHANNEL) {
  CHANNEL.onmessage = (e) => {
    if (e.data && e.data.ask && e.data.ask === page.id) CHANNEL.postMessage({ open: page.id });
  };
}

function openElsewhere(id) {
  if (!CHANNEL) return Promise.resolve(false);
  return new Promise((resolve) => {
    const heard = (e) => {
      if (e.data && e.data.open === id) { clearTimeout(timer); CHANNEL.removeEventListener("message", heard); resolve(true); }
    };
    const timer = setTimeout(() => { CHANNEL.removeEventListener("message", heard); resolve(false); }, 300);
    CHANNEL.addEventListener("message", heard);
    CHANNEL.postMessage({ ask: id });
  });
}

// --- start ----------------------------------------------------------------------------------------
function wire() {
  $("new-board").addEventListener("click", () => act("new", { dealer: $("new-dealer").value, vulnerability: $("new-vul").value,
    law_book: $("new-book").value }));
  $("undo").addEventListener("click", undo);
  $("load").addEventListener("click", () => act("load", { name: $("files").value }));
  $("save").addEventListener("click", () => act("save", { name: $("save-name").value.trim() }));
  $("download").addEventListener("click", download);
  $("upload").addEventListener("change", upload);
  $("director").addEventListener("click", () => send({ type: "director" }));
  $("review").addEventListener("click", () => send({ type: "review", seat: page.seat }));
  $("explain-call").addEventListener("click", () => send({ type: "explain", seat: page.seat, call_index: Number($("explain-index").value) || 0 }));
  $("judge-kind").addEventListener("change", () => { $("judge-suits").hidden = $("judge-kind").value !== "artificial"; });
  $("judge-yes").addEventListener("click", () => judge(true));
  $("judge-no").addEventListener("click", () => judge(false));
  $("expose").addEventListener("click", () => send({ type: "expose", seat: page.seat, cards: $("card").value.trim(), led: $("expose-led").checked }));
  $("lead").addEventListener("click", () => send({ type: "lead", seat: page.seat, card: $("card").value.trim(), faced: !$("lead-facedown").checked }));
  $("face").addEventListener("click", () => send({ type: "face_lead" }));
  $("hands-returned").addEventListener("click", () => send({ type: "hands_returned" }));
  $("chart-select").addEventListener("change", () => openChart($("chart-select").value, false));
  $("tab-table").addEventListener("click", () => tab("table"));
  $("tab-quiz").addEventListener("click", () => tab("quiz"));
  $("quiz-start").addEventListener("click", quizStart);
  $("quiz-next").addEventListener("click", quizNext);
  wireKeyboard();
  window.addEventListener("resize", () => { fitFlow(); if (page.chart) openChart(page.chart, false); });
}

async function start() {
  wire();
  loadFiles();
  await loadBooks();
  const id = sessionStorage.getItem(KEY_ID);
  if (id && await openElsewhere(id)) {
    await restore();  // a copy of the board for this tab
  } else if (id) {
    const r = await api("GET", `/api/sessions/${id}`);
    if (r.ok) await show(r.data);
    else await restore();
  } else {
    const r = await api("POST", "/api/sessions", {});
    if (r.ok) await show(r.data);
    else showError(r.data ? r.data.error : "The trainer could not start a board.");
  }
  if (sessionStorage.getItem("auction-fsm.tab") === "quiz") tab("quiz");
  document.body.dataset.ready = "yes";
}

document.addEventListener("DOMContentLoaded", start);
