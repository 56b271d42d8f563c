"use strict";
// The VCR page: the instrument tree (polled), one IM panel (polled), live traces (WebSocket) and
// an attribute's trend (trend.js). Everything goes through the portal's JSON API (api/...) and its
// WebSocket (live).

const TREE_PERIOD_MS = 2000;
const PANEL_PERIOD_MS = 1000;

const state = {
  selected: null, // {ie, im}
  panel: null, // the rendered panel's bookkeeping
  tree: null,
  alarmErrors: {}, // alarm id -> why acknowledging it was refused
  drawn: {}, // part -> what it was last drawn from (see drawOnChange)
};

// ---------------------------------------------------------------- helpers

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.substring(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

// Replaces the children of `parent` with `children`, leaving out null and undefined (a part not
// shown) as el() does: the DOM's replaceChildren would show them as the text "null".
function setChildren(parent, ...children) {
  parent.replaceChildren(...children.filter((c) => c !== null && c !== undefined));
}

// Draws a polled part of the page only when what it shows has changed. Redrawn on every poll, its
// buttons and links would be replaced under the operator's pointer, and a click that lands between
// press and release would be lost; an open <details> would close.
function drawOnChange(part, from, draw) {
  const signature = JSON.stringify(from);
  if (state.drawn[part] === signature) return;
  state.drawn[part] = signature;
  draw();
}

async function api(path, body) {
  const init = body === undefined
    ? { headers: { Accept: "application/json" } }
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch("api/" + path, init);
  if (response.status === 401) {
    location.replace("signin.html");
    throw new Error("signed out");
  }
  const json = await response.json().catch(() => ({}));
  if (!response.ok) {
    const err = json.error || { code: "HTTP_" + response.status, message: response.statusText };
    const e = new Error(err.message);
    e.code = err.code;
    e.item = err.item;
    throw e;
  }
  return json;
}

function badge(stateName) {
  return el("span", { class: "badge state-" + (stateName || "UNKNOWN"), text: stateName || "?" });
}

function formatValue(v) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "number") {
    if (Number.isInteger(v)) return String(v);
    const a = Math.abs(v);
    return a !== 0 && (a < 1e-3 || a >= 1e6) ? Number(v.toExponential(4)).toExponential() : String(+v.toPrecision(6));
  }
  return String(v);
}

function clock(iso) {
  return iso ? new Date(iso).toLocaleTimeString() : "";
}

function selectionFromHash() {
  const m = location.hash.match(/^#\/ie\/([^/]+)\/(.+)$/);
  return m ? { ie: decodeURIComponent(m[1]), im: decodeURIComponent(m[2]) } : null;
}

// ---------------------------------------------------------------- tree

async function refreshTree() {
  try {
    state.tree = await api("tree");
    drawTree();
    drawOnChange("alarms", [state.tree.elements.map(ie => ie.alarms), state.alarmErrors], renderAlarms);
  } catch (e) {
    if (e.message !== "signed out") {
      delete state.drawn.tree;
      document.getElementById("tree").replaceChildren(
        el("div", { class: "message error", text: "The portal cannot be reached: " + e.message }));
    }
  }
}

function imHref(ie, path) {
  return "#/ie/" + encodeURIComponent(ie) + "/" + path.split("/").map(encodeURIComponent).join("/");
}

const SEVERITY_RANK = { WARNING: 1, ALARM: 2 };

function worst(alarms) {
  let w = null;
  for (const a of alarms) if (!w || (SEVERITY_RANK[a.severity] || 0) > (SEVERITY_RANK[w] || 0)) w = a.severity;
  return w;
}

// The tree shows whether an IE was checked, not when: the time of the last check is left out of
// what decides a redraw.
function drawTree() {
  const shown = state.tree.elements.map(ie => ({ ...ie, checked: Boolean(ie.checked) }));
  drawOnChange("tree", [shown, state.tree.found, state.selected], renderTree);
}

function renderTree() {
  const nav = document.getElementById("tree");
  const items = [];
  for (const ie of state.tree.elements) {
    const status = ie.reachable
      ? el("span", { class: "ie-status ok", text: "reachable" })
      : el("span", { class: "ie-status down", text: ie.checked ? "unreachable" : "checking…" });
    const block = el("section", { class: "tree-ie" + (ie.reachable ? "" : " down"), "data-ie": ie.name,
                                  "data-reachable": String(ie.reachable) },
      el("div", { class: "tree-ie-head", title: ie.url }, el("span", { class: "ie-name", text: ie.name }), status,
        // Only for whom the IE says is an administrator of all of it; unknown is not.
        ie.admin ? el("a", { class: "add-instrument", href: "#/add/" + encodeURIComponent(ie.name),
                             title: "Discover instruments and add them", text: "+ Add",
                             // On the page already (say, refused a moment ago): ask again.
                             onclick: ev => {
                               if (location.hash === ev.currentTarget.getAttribute("href")) {
                                 ev.preventDefault();
                                 openSelection();
                               }
                             } }) : null));
    if (!ie.reachable && ie.checked) {
      block.append(el("div", { class: "ie-error",
        text: (ie.error || "no answer") + (ie.since ? " (since " + clock(ie.since) + ")" : "") }));
    } else if (ie.error) {
      // It answers the portal but not this user now (busy, refusing): no IMs are shown, and why.
      block.append(el("div", { class: "ie-error", text: ie.error }));
    }
    if (ie.alarmsError) {
      // No alarms shown is not the same as no alarms: say that they could not be read.
      block.append(el("div", { class: "ie-error alarms-error", text: "Alarms unknown: " + ie.alarmsError }));
    }
    const depth = {};
    const list = el("ul", { class: "tree-ims" });
    for (const im of ie.ims) {
      depth[im.path] = im.parent && depth[im.parent] !== undefined ? depth[im.parent] + 1 : 0;
      const alarms = (ie.alarms || []).filter(a => a.im === im.path);
      const severity = worst(alarms);
      const mark = severity
        ? el("span", { class: "alarm-mark severity-" + severity, "data-severity": severity,
                       title: alarms.map(a => a.severity + ": " + a.message).join("\n"),
                       text: "⚠ " + alarms.length })
        : null;
      const selected = state.selected && state.selected.ie === ie.name && state.selected.im === im.path;
      list.append(el("li", {},
        el("a", {
          class: "tree-im" + (selected ? " selected" : ""),
          href: imHref(ie.name, im.path),
          "data-ie": ie.name, "data-im": im.path, title: im.description || "",
          style: "padding-left:" + (0.75 + depth[im.path] * 1.1) + "rem",
        }, el("span", { class: "im-name", text: im.name }), el("span", { class: "im-type", text: im.type }),
           mark, badge(im.state))));
    }
    block.append(list);
    items.push(block);
  }
  setChildren(nav, el("h2", { class: "tree-title", text: "Instrument Elements" }), ...items,
    state.tree.found ? foundElements(state.tree.found) : null);
}

// The IEs announced over mDNS on the portal's networks (portal.mdns.browse = on): listed only,
// for an administrator to add to the portal's configuration (portal.ie.<name>.url).
function foundElements(found) {
  const items = found.elements.map(f =>
    el("li", { class: "found-ie", "data-ie": f.ie, "data-host": f.host, "data-port": String(f.port),
               title: "announced as \"" + f.instance + "\", heard on " + f.network + " at " + clock(f.heard) },
      el("div", {}, el("span", { class: "found-name", text: f.ie }), " ",
        el("span", { class: "found-host", text: f.host + ":" + f.port })),
      el("div", { class: "found-endpoint", text: f.endpoint })));
  const notes = [];
  if (found.ignored) notes.push(found.ignored + " more not kept");
  const problems = found.problems.length + found.moreProblems;
  return el("section", { id: "found-ies", class: "found-ies" },
    el("h2", { class: "tree-title", text: "Found on the network" }),
    items.length ? el("ul", { class: "found-list" }, ...items)
                 : el("div", { class: "hint", text: "No Instrument Element announced on " + found.networks.join(", ") }),
    notes.length ? el("div", { class: "hint", text: notes.join("; ") }) : null,
    problems ? el("details", { class: "found-problems" }, el("summary", { text: problems + " problems" }),
      el("ul", {}, ...found.problems.map(p => el("li", { text: p })))) : null);
}

// ---------------------------------------------------------------- alarms

// The banner of every active alarm the user may see, over all IEs, from the polled tree.
function renderAlarms() {
  const banner = document.getElementById("alarms");
  const rows = [];
  for (const ie of state.tree.elements) for (const a of ie.alarms || []) rows.push({ ie: ie.name, a });
  if (rows.length === 0) {
    banner.hidden = true;
    banner.replaceChildren();
    return;
  }
  const severity = worst(rows.map(r => r.a));
  banner.hidden = false;
  banner.className = "alarm-banner severity-" + severity;
  const unacknowledged = rows.filter(r => !r.a.acknowledgedBy).length;
  const items = rows.map(({ ie, a }) => {
    const error = state.alarmErrors[a.id];
    const action = a.acknowledgedBy
      ? el("span", { class: "alarm-acked", text: "acknowledged by " + a.acknowledgedBy })
      : el("button", { class: "alarm-ack", "data-alarm": a.id, text: "Acknowledge",
                       onclick: ev => acknowledge(ie, a.id, ev.target) });
    return el("li", { class: "alarm severity-" + a.severity + (a.acknowledgedBy ? " acked" : ""),
                      "data-ie": ie, "data-alarm": a.id },
      el("span", { class: "alarm-severity", text: a.severity }),
      el("a", { class: "alarm-where", href: imHref(ie, a.im), text: ie + " · " + a.im }),
      el("span", { class: "alarm-message", text: a.message }),
      el("span", { class: "alarm-time", text: "since " + clock(a.raised) }),
      action,
      error ? el("span", { class: "alarm-error", text: error }) : null);
  });
  banner.replaceChildren(
    el("div", { class: "alarm-head", text: rows.length + " active alarm" + (rows.length > 1 ? "s" : "") +
      (unacknowledged ? ", " + unacknowledged + " not acknowledged" : "") }),
    el("ul", { class: "alarm-list" }, ...items));
}

async function acknowledge(ie, id, button) {
  button.disabled = true;
  try {
    await api("acknowledge", { ie, id });
    delete state.alarmErrors[id];
  } catch (e) {
    state.alarmErrors[id] = "Refused: " + (e.code ? e.code + ": " : "") + e.message;
  }
  delete state.drawn.alarms; // its button was disabled: draw it again whatever the answer
  await refreshTree();
}

// ---------------------------------------------------------------- add instrument

// "#/add/<ie>": what the IE's discovery finds, each with the settings that add it as an IM at run
// time. Only for an administrator of the whole IE: the page asks the IE first and shows nothing
// else to anyone it does not say is one (refused, busy, away), with the reason; the IE itself
// refuses discovering and adding to others all the same.
function addPageFromHash() {
  const m = location.hash.match(/^#\/add\/([^/]+)$/);
  return m ? decodeURIComponent(m[1]) : null;
}

async function openAddPage(ie) {
  const page = el("section", { class: "add-page", "data-ie": ie, "data-admin": "checking" },
    el("h2", { text: "Add instrument to " + ie }),
    el("div", { id: "add-message", class: "message", "aria-live": "polite", text: "Asking " + ie + " whether you are its administrator…" }));
  document.getElementById("panel").replaceChildren(page);
  let rights;
  try {
    rights = await api("rights?" + new URLSearchParams({ ie }).toString());
  } catch (e) {
    rights = { admin: false, known: false, reason: (e.code ? e.code + ": " : "") + e.message };
  }
  if (!document.body.contains(page)) return; // another page was opened meanwhile
  if (!rights.admin) {
    page.setAttribute("data-admin", "false");
    const why = rights.known
      ? "Only an administrator of the whole Instrument Element may discover and add instruments, and " + ie + " says you are not one. "
      : "Cannot tell whether you are an administrator of " + ie + ", so nothing can be added now. ";
    page.querySelector("#add-message").className = "message error";
    page.querySelector("#add-message").textContent = why + rights.reason;
    return;
  }
  page.setAttribute("data-admin", "true");
  showAddForm(ie, page);
}

function showAddForm(ie, page) {
  const message = el("div", { id: "add-message", class: "message", "aria-live": "polite" });
  const network = el("input", { id: "discover-network", placeholder: "every LAN interface", size: 16 });
  const subnet = el("input", { id: "discover-subnet", placeholder: "none", size: 18 });
  const port = el("input", { id: "discover-portmapper", placeholder: "111", size: 6 });
  const results = el("div", { id: "discover-results" });
  const button = el("button", { id: "discover-button", text: "Discover" });
  button.addEventListener("click", async () => {
    button.disabled = true;
    message.className = "message";
    message.textContent = "Searching the IE's networks…";
    results.replaceChildren();
    const q = new URLSearchParams({ ie });
    if (network.value.trim()) q.set("network", network.value.trim());
    if (subnet.value.trim()) q.set("subnet", subnet.value.trim());
    if (port.value.trim()) q.set("portmapperPort", port.value.trim());
    try {
      const r = await api("discover?" + q.toString());
      message.textContent = r.instruments.length + " found in " + (r.tookMillis / 1000).toFixed(1) + " s";
      for (const i of r.instruments) results.append(foundInstrument(ie, i, message));
      if (r.problems.length) {
        results.append(el("details", { class: "discover-problems" }, el("summary", { text: r.problems.length + " problems" }),
          el("ul", {}, ...r.problems.map(p => el("li", { text: p })))));
      }
    } catch (e) {
      message.className = "message error";
      message.textContent = (e.code ? e.code + ": " : "") + e.message;
    } finally {
      button.disabled = false;
    }
  });
  page.replaceChildren(
    el("h2", { text: "Add instrument to " + ie }),
    el("p", { class: "hint", text: "Only an administrator of the whole Instrument Element may discover and add instruments." }),
    el("div", { class: "discover-form" },
      el("label", {}, "Network of ", network), el("label", {}, "Subnet ", subnet),
      el("label", {}, "Portmapper port ", port), button),
    message, results);
}

// The settings the discovery's configuration lines give ("im.<name>.<setting> = value").
function suggestedSettings(i) {
  const s = {};
  for (const line of i.configuration || []) {
    const m = line.match(/^im\.([A-Za-z0-9_-]+)\.([a-z]+) = (.*)$/);
    if (m) { s.name = m[1]; s[m[2]] = m[3]; }
  }
  return s;
}

function foundInstrument(ie, i, message) {
  const s = suggestedSettings(i);
  const block = el("div", { class: "found-instrument", "data-identity": i.identity || "" },
    el("div", { class: "identity", text: i.identity || "(no *IDN? answer) " + i.host }),
    el("div", { class: "matches", text: i.matches.length ? "fits: " + i.matches.map(m => m.kind + " " + m.name).join(", ") : "nothing bundled fits" }));
  if (!s.descriptor) {
    block.append(el("div", { class: "hint", text: "No bundled descriptor drives it: write one, then add it in the configuration file." }));
    return block;
  }
  const name = el("input", { class: "add-name", value: s.name, size: 18, "aria-label": "IM name" });
  const address = el("select", { class: "add-address", "aria-label": "address" },
    ...i.resources.map(r => el("option", { value: r, text: r })));
  const add = el("button", { class: "add-button", text: "Add" });
  add.addEventListener("click", async () => {
    add.disabled = true;
    try {
      const r = await api("addInstrument", { ie, name: name.value.trim(), type: s.type, descriptor: s.descriptor, address: address.value });
      message.className = "message ok";
      message.textContent = "Added " + r.path + " (" + r.state + ")";
      await refreshTree();
    } catch (e) {
      message.className = "message error";
      message.textContent = (e.code ? e.code + ": " : "") + e.message;
      add.disabled = false;
    }
  });
  block.append(el("div", { class: "add-form" }, el("label", {}, "Name ", name), el("span", { text: " " + s.descriptor + " at " }), address, add));
  return block;
}

// ---------------------------------------------------------------- IM panel

function openSelection() {
  const sel = selectionFromHash();
  closePanel();
  const addTo = addPageFromHash();
  if (addTo) {
    state.selected = null;
    openAddPage(addTo);
    return;
  }
  state.selected = sel;
  if (state.tree) drawTree();
  const panel = document.getElementById("panel");
  if (!sel) {
    panel.replaceChildren(el("div", { class: "empty", text: "Choose an instrument on the left." }));
    return;
  }
  panel.replaceChildren(el("div", { class: "empty", text: "Loading " + sel.im + "…" }));
  state.panel = { sel, params: {}, attrs: {}, commands: {}, traces: {}, timer: null, built: false };
  refreshPanel();
}

function closePanel() {
  const p = state.panel;
  if (!p) return;
  clearTimeout(p.timer);
  trends.close();
  for (const t of Object.values(p.traces)) {
    live.unwatch(p.sel.ie, p.sel.im, t.attribute);
    t.chart.destroy();
  }
  state.panel = null;
}

async function refreshPanel() {
  const p = state.panel;
  if (!p) return;
  try {
    const d = await api("im?ie=" + encodeURIComponent(p.sel.ie) + "&im=" + encodeURIComponent(p.sel.im));
    if (state.panel !== p) return;
    if (!p.built) buildPanel(p, d);
    updatePanel(p, d);
  } catch (e) {
    if (state.panel !== p) return;
    if (!p.built) {
      document.getElementById("panel").replaceChildren(
        el("div", { class: "message error", id: "panel-error", text: e.message }));
    } else {
      showBanner(p, (e.code === "UNREACHABLE" ? "" : e.code + ": ") + e.message, true);
      setControlsEnabled(p, false);
    }
  }
  if (state.panel === p) p.timer = setTimeout(refreshPanel, PANEL_PERIOD_MS);
}

function buildPanel(p, d) {
  p.built = true;
  p.type = d.type;
  const head = el("section", { class: "im-head" },
    el("div", { class: "im-title-row" },
      el("h1", { id: "im-title", text: d.path }),
      el("span", { id: "im-state" }),
      el("span", { class: "im-type-large", text: d.type })),
    el("div", { class: "im-sub" },
      el("span", { text: d.description || "" }),
      d.address ? el("code", { class: "address", text: d.address }) : null,
      el("span", { class: "ie-label", text: "on " + d.ie })));
  p.banner = el("div", { id: "im-banner", class: "banner", role: "alert", hidden: true });

  // Commands
  const buttons = el("div", { class: "commands" });
  for (const c of d.commands) {
    const b = el("button", {
      class: "command", "data-command": c.name, type: "button",
      title: (c.description || c.name) + " (allowed in " + c.allowedIn.join(", ") + ")",
      onclick: () => runCommand(p, c.name),
    }, c.name);
    const args = (c.arguments || []).map((a) => buildArgument(c, a));
    p.commands[c.name] = { button: b, info: c, args };
    buttons.append(args.length === 0 ? b
      : el("div", { class: "command-group", "data-command-group": c.name }, b, ...args.map((a) => a.label)));
  }
  p.commandMessage = el("div", { id: "command-message", class: "message", role: "status", hidden: true });
  // Long-running commands: a progress bar and a Cancel button per run, refreshed with the panel.
  p.runs = el("div", { id: "command-runs", class: "command-runs" });
  p.runRows = new Map();
  const commands = el("section", { class: "card" }, el("h2", { text: "Commands" }), buttons,
    p.commandMessage, p.runs);

  // Live traces: every vector attribute the IE publishes
  const traces = el("div", { class: "traces" });
  for (const a of d.attributes.filter(traced)) {
    traces.append(buildTrace(p, a));
  }

  // Parameters
  const paramRows = [];
  for (const par of d.parameters) {
    paramRows.push(...buildParameter(p, par));
  }
  const params = el("section", { class: "card" }, el("h2", { text: "Parameters" }),
    el("table", { class: "items params" },
      el("thead", {}, el("tr", {}, el("th", { text: "Name" }), el("th", { text: "Value" }),
        el("th", { text: "Range" }), el("th", {}))),
      el("tbody", {}, ...paramRows)));

  // Attributes (scalars, and vectors without a trace), each sampled number with its trend
  const attrRows = [];
  for (const a of d.attributes.filter((x) => !traced(x))) {
    const quality = el("td", { class: "attr-quality" });
    const trend = el("td", { class: "attr-trend" }, trends.button(p, a));
    if (a.writable && !a.vector) {
      // Written like a parameter: the input shows the live value until someone types.
      const editor = buildEditor(p, a, "attribute", "attr-" + a.name);
      p.attrs[a.name] = { quality, info: a, editor };
      attrRows.push(el("tr", { "data-attribute": a.name, title: a.description || "" },
        el("td", { class: "name", text: a.name }),
        el("td", { class: "attr-value" }, el("div", { class: "input-units" }, editor.input, editor.apply)),
        el("td", { class: "units", text: a.units || "" }), quality, trend));
      attrRows.push(el("tr", { class: "param-message-row", "data-attribute-message": a.name },
        el("td", {}), el("td", { colspan: "4" }, editor.message)));
      continue;
    }
    const value = el("td", { class: "attr-value" }, "—");
    p.attrs[a.name] = { value, quality, info: a };
    attrRows.push(el("tr", { "data-attribute": a.name, title: a.description || "" },
      el("td", { class: "name", text: a.name }), value, el("td", { class: "units", text: a.units || "" }), quality,
      trend));
  }
  const attrs = el("section", { class: "card" }, el("h2", { text: "Attributes" }),
    el("table", { class: "items attrs" }, el("tbody", {}, ...attrRows)));

  const recording = d.attributes.some((a) => a.subscribable) ? buildRecordings(p) : null;
  p.trendSlot = el("div", { id: "trend-slot" });
  setChildren(document.getElementById("panel"), head, p.banner, commands, traces, p.trendSlot,
    el("div", { class: "columns" }, params, attrs), recording);
  for (const t of Object.values(p.traces)) {
    live.watch(p.sel.ie, p.sel.im, t.attribute, t.box.clientWidth);
  }
}

// Recordings of this IM (docs/recording.md): a Record button for its subscribable attributes, and
// the recordings with a Stop button while they record and a download link (a zip of HDF5 files).
function buildRecordings(p) {
  const seconds = el("input", { id: "record-seconds", type: "number", min: "1", placeholder: "until stopped", title: "Stop by itself after this many seconds" });
  const record = el("button", { id: "record", type: "button", class: "command", onclick: () => startRecording(p) }, "Record");
  p.recordMessage = el("div", { id: "record-message", class: "message", role: "status", hidden: true });
  p.recordingRows = el("tbody", { id: "recordings" });
  p.recordSeconds = seconds;
  const card = el("section", { class: "card recordings" }, el("h2", { text: "Recordings" }),
    el("div", { class: "commands" }, record, el("label", {}, "seconds ", seconds),
      el("button", { type: "button", class: "command", onclick: () => refreshRecordings(p) }, "Refresh")),
    p.recordMessage,
    el("table", { class: "items" },
      el("thead", {}, el("tr", {}, el("th", { text: "Recording" }), el("th", { text: "State" }),
        el("th", { text: "Samples" }), el("th", { text: "Bytes" }), el("th", {}))),
      p.recordingRows));
  refreshRecordings(p);
  return card;
}

async function refreshRecordings(p) {
  try {
    const r = await api("recordings?ie=" + encodeURIComponent(p.sel.ie));
    const rows = r.recordings.filter((x) => x.items.some((i) => i.startsWith(p.sel.im + " ")));
    p.recordingRows.replaceChildren(...rows.map((x) => el("tr", { "data-recording": x.recording, title: x.items.join(", ") + (x.stopReason ? " — " + x.stopReason : "") },
      el("td", { class: "name", text: x.recording }),
      el("td", { text: x.state + (x.dropped ? " (" + x.dropped + " dropped)" : "") }),
      el("td", { text: String(x.samples) }),
      el("td", { text: String(x.bytes) }),
      el("td", {}, x.state === "RECORDING"
        ? el("button", { type: "button", class: "command", onclick: () => stopRecording(p, x.recording) }, "Stop")
        : el("a", { href: "api/download?ie=" + encodeURIComponent(p.sel.ie) + "&recording=" + encodeURIComponent(x.recording), download: x.recording + ".zip" }, "Download")))));
  } catch (e) {
    recordMessage(p, "Recordings: " + e.message, true);
  }
}

async function startRecording(p) {
  const body = { ie: p.sel.ie, im: p.sel.im };
  if (p.recordSeconds.value) body.durationMillis = Math.round(Number(p.recordSeconds.value) * 1000);
  try {
    const r = await api("record", body);
    recordMessage(p, "Recording " + r.recording + ": " + r.items.join(", "), false);
  } catch (e) {
    recordMessage(p, "Refused: " + e.message + (e.code ? " (" + e.code + ")" : ""), true);
  }
  refreshRecordings(p);
}

async function stopRecording(p, id) {
  try {
    const r = await api("stopRecording", { ie: p.sel.ie, recording: id });
    recordMessage(p, "Recording " + id + " stopped: " + r.samples + " samples", false);
  } catch (e) {
    recordMessage(p, "Refused: " + e.message + (e.code ? " (" + e.code + ")" : ""), true);
  }
  refreshRecordings(p);
}

function recordMessage(p, text, isError) {
  p.recordMessage.className = "message " + (isError ? "error" : "ok");
  p.recordMessage.textContent = text;
  p.recordMessage.hidden = false;
}

// An input with its Set button and message line, for a parameter or a writable attribute (`kind`).
function buildEditor(p, item, kind, id) {
  const input = valueInput(id, kind === "parameter" ? "param-input" : "attr-input", item, null);
  const entry = { input, info: item, kind, dirty: false, current: undefined };
  input.addEventListener("input", () => { entry.dirty = true; clearParamMessage(entry); });
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") applyValue(p, entry);
    if (e.key === "Escape") { entry.dirty = false; showCurrent(entry); clearParamMessage(entry); }
  });
  if (input.tagName === "SELECT") input.addEventListener("change", () => applyValue(p, entry));
  entry.apply = el("button", { class: "param-apply", type: "button", onclick: () => applyValue(p, entry) }, "Set");
  entry.message = el("div", { class: "param-message", role: "status", hidden: true });
  return entry;
}

function buildParameter(p, par) {
  const entry = buildEditor(p, par, "parameter", "param-" + par.name);
  const input = entry.input;
  const apply = entry.apply;
  const range = par.min !== undefined || par.max !== undefined
    ? formatValue(par.min) + " … " + formatValue(par.max)
    : par.choices ? par.choices.length + " choices" : "";
  entry.row = el("tr", { "data-param": par.name, title: par.description || "" },
    el("td", { class: "name" }, par.name),
    el("td", { class: "value" }, el("div", { class: "input-units" }, input, el("span", { class: "units", text: par.units || "" }))),
    el("td", { class: "range", text: range }),
    el("td", {}, apply));
  entry.messageRow = el("tr", { class: "param-message-row", "data-param-message": par.name },
    el("td", {}), el("td", { colspan: "3" }, entry.message));
  p.params[par.name] = entry;
  return [entry.row, entry.messageRow];
}

// The input for a value of an item (parameter or argument): a list for choices and booleans, with
// `blank` as a first, empty choice when given; text otherwise.
function valueInput(id, cls, item, blank) {
  const options = item.choices || (item.type === "BOOLEAN" ? ["true", "false"] : null);
  if (options) {
    const opts = options.map((o) => el("option", { value: o, text: o }));
    if (blank !== null) opts.unshift(el("option", { value: "", text: blank }));
    return el("select", { id, class: cls }, ...opts);
  }
  return el("input", { id, class: cls, type: "text", inputmode: item.type === "STRING" ? "text" : "decimal",
                       spellcheck: "false", autocomplete: "off" });
}

// An input for a command's argument: a list for choices and booleans, text otherwise. Left empty,
// an optional argument takes its default (shown as the placeholder).
function buildArgument(c, a) {
  const id = "arg-" + c.name + "-" + a.name;
  const input = valueInput(id, "arg-input", a, a.required ? null : "(" + formatValue(a.default) + ")");
  input.dataset.argument = a.name;
  if (input.tagName === "INPUT") {
    input.placeholder = !a.required ? formatValue(a.default)
      : a.min !== undefined || a.max !== undefined ? formatValue(a.min) + " … " + formatValue(a.max)
      : a.type.toLowerCase();
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") runCommand(state.panel, c.name); });
  }
  const label = el("label", { class: "arg", for: id, title: a.description || "" },
    el("span", { class: "arg-name", text: a.name + (a.units ? " (" + a.units + ")" : "") }), input);
  return { input, label, info: a };
}

function showCurrent(entry) {
  const v = entry.current;
  entry.input.value = v === null || v === undefined ? "" : (typeof v === "number" ? String(v) : String(v));
  entry.input.classList.remove("invalid");
}

function clearParamMessage(entry) {
  entry.message.hidden = true;
  entry.message.className = "param-message";
  entry.input.classList.remove("invalid");
}

function paramMessage(entry, text, kind) {
  entry.message.textContent = text;
  entry.message.className = "param-message " + kind;
  entry.message.hidden = false;
}

// The browser checks only the syntax; ranges, choices and states are the IE's to judge, and its
// reason is shown as it gave it.
function syntaxError(type, text) {
  const t = text.trim();
  if (type === "DOUBLE" && (t === "" || !Number.isFinite(Number(t)))) return "Enter a number, e.g. 0.002 or 2e-3";
  if (type === "INTEGER" && !/^[+-]?\d+$/.test(t)) return "Enter a whole number";
  return null;
}

async function applyValue(p, entry) {
  const par = entry.info;
  const text = entry.input.value;
  const problem = syntaxError(par.type, text);
  if (problem) {
    entry.input.classList.add("invalid");
    paramMessage(entry, problem, "error");
    return;
  }
  entry.apply.disabled = true;
  try {
    const r = await api(entry.kind, { ie: p.sel.ie, im: p.sel.im, [entry.kind]: par.name, type: par.type, value: text });
    entry.dirty = false;
    entry.current = r.value;
    showCurrent(entry);
    paramMessage(entry, "Set to " + formatValue(r.value) + (r.units ? " " + r.units : ""), "ok");
  } catch (e) {
    entry.input.classList.add("invalid");
    paramMessage(entry, "Refused by the Instrument Element: " + e.message + (e.code ? " (" + e.code + ")" : ""), "error");
  } finally {
    entry.apply.disabled = !par.settable;
  }
}

async function runCommand(p, name) {
  const c = p.commands[name];
  c.button.disabled = true;
  p.commandMessage.hidden = true;
  try {
    const args = c.args.map((a) => ({ name: a.info.name, type: a.info.type, value: a.input.value }));
    const r = await api("command", { ie: p.sel.ie, im: p.sel.im, command: name, arguments: args });
    p.commandMessage.className = "message ok";
    p.commandMessage.textContent = r.run
      ? name + ": started, now " + r.state + " (progress below)"
      : name + ": done, now " + r.state + (r.result !== null && r.result !== undefined ? " (" + formatValue(r.result) + ")" : "");
  } catch (e) {
    p.commandMessage.className = "message error";
    p.commandMessage.textContent = "Refused: " + name + " — " + e.message + (e.code ? " (" + e.code + ")" : "");
  }
  p.commandMessage.hidden = false;
  clearTimeout(p.timer);
  refreshPanel();
  refreshTree();
}

// One row per run of a long-running command: the newest first, a progress bar while it runs.
// Each poll updates the rows in place, so a run's Cancel button stays the one under the
// operator's pointer while its progress moves (p.runRows: command id -> the row's parts).
function renderRuns(p, runs) {
  const rows = (runs || []).map((r) => {
    let row = p.runRows.get(r.commandId);
    if (!row) {
      row = {
        name: el("span", { class: "run-name", text: r.command }),
        progress: el("progress", { class: "run-progress", max: "1" }),
        percent: el("span", { class: "run-percent" }),
        text: el("span", { class: "run-text" }),
        times: el("span", { class: "run-times" }),
        cancel: el("button", { class: "command-cancel", type: "button", "data-command-id": r.commandId,
                               onclick: (e) => cancelRun(p, r, e.target) }, "Cancel"),
      };
      row.div = el("div", { class: "command-run", "data-command-id": r.commandId, "data-command": r.command },
        row.name, row.progress, row.percent, row.text, row.times, row.cancel);
      p.runRows.set(r.commandId, row);
    }
    const running = r.state === "RUNNING";
    const times = formatSeconds(r.elapsedSeconds) + " elapsed"
      + (running && r.remainingSeconds !== undefined ? ", about " + formatSeconds(r.remainingSeconds) + " left" : "");
    const outcome = running ? r.text
      : r.state === "SUCCEEDED" ? "succeeded"
      : r.state === "CANCELLED" ? "cancelled" + (r.cancelledBy ? " by " + r.cancelledBy : "")
      : "failed: " + (r.error || r.faultCode);
    row.div.className = "command-run state-" + r.state;
    row.div.dataset.state = r.state;
    row.progress.value = r.progress || 0;
    row.percent.textContent = Math.round((r.progress || 0) * 100) + " %";
    row.text.textContent = outcome;
    row.times.textContent = times + " · " + r.intermediateCount + " results";
    if (!running) row.cancel.remove();
    return row.div;
  });
  const shown = new Set(rows);
  for (const [id, row] of p.runRows) if (!shown.has(row.div)) p.runRows.delete(id);
  // Moved or replaced only when the list itself changed.
  const current = [...p.runs.children];
  if (current.length !== rows.length || current.some((c, i) => c !== rows[i])) p.runs.replaceChildren(...rows);
}

function formatSeconds(s) {
  if (s === undefined || s === null) return "—";
  return s < 60 ? s.toFixed(1) + " s" : Math.floor(s / 60) + " min " + Math.round(s % 60) + " s";
}

async function cancelRun(p, run, button) {
  button.disabled = true;
  try {
    await api("cancel", { ie: p.sel.ie, im: p.sel.im, commandId: run.commandId });
    p.commandMessage.className = "message ok";
    p.commandMessage.textContent = run.command + ": cancel asked; it stops at its next step";
  } catch (e) {
    p.commandMessage.className = "message error";
    p.commandMessage.textContent = "Refused: cancel " + run.command + " — " + e.message + (e.code ? " (" + e.code + ")" : "");
    button.disabled = false;
  }
  p.commandMessage.hidden = false;
  clearTimeout(p.timer);
  refreshPanel();
}

function showBanner(p, text, isError) {
  p.banner.textContent = text || "";
  p.banner.hidden = !text;
  p.banner.className = "banner" + (isError ? " error" : "");
}

function setControlsEnabled(p, on) {
  for (const c of Object.values(p.commands)) {
    c.button.disabled = !on || !c.info.allowed;
    for (const a of c.args) a.input.disabled = c.button.disabled;
  }
  const editors = [...Object.values(p.params), ...Object.values(p.attrs).filter((a) => a.editor).map((a) => a.editor)];
  for (const e of editors) {
    e.input.disabled = !on || !e.info.settable;
    e.apply.disabled = !on || !e.info.settable;
  }
}

function updatePanel(p, d) {
  renderRuns(p, d.runs);
  const stateEl = document.getElementById("im-state");
  stateEl.replaceChildren(badge(d.state));
  stateEl.dataset.state = d.state;
  const problems = [];
  if (d.lastError) problems.push("Last error: " + d.lastError);
  if (d.valuesError) problems.push("Reading attributes failed: " + d.valuesError);
  showBanner(p, problems.join(" · "), problems.length > 0);
  for (const c of d.commands) {
    const entry = p.commands[c.name];
    if (!entry) continue;
    entry.info = c;
    entry.button.disabled = !c.allowed;
    for (const a of entry.args) a.input.disabled = !c.allowed;
    entry.button.title = (c.description || c.name) + (c.allowed ? "" : " — not allowed in " + d.state +
      "; allowed in " + c.allowedIn.join(", "));
  }
  for (const par of d.parameters) {
    const entry = p.params[par.name];
    if (!entry) continue;
    entry.info = par;
    entry.input.disabled = !par.settable;
    entry.apply.disabled = !par.settable;
    entry.row.classList.toggle("locked", !par.settable);
    entry.input.title = par.settable ? "" : "Settable in " + par.settableIn.join(", ");
    entry.current = par.value;
    if (!entry.dirty && document.activeElement !== entry.input) showCurrent(entry);
  }
  for (const a of d.attributes) {
    const entry = p.attrs[a.name];
    if (!entry) continue;
    const alarmed = a.quality === "WARNING" || a.quality === "ALARM";
    // Beyond a limit the row's colour says it; a sign keeps the column narrow.
    entry.quality.textContent = alarmed ? "⚠" : a.quality && a.quality !== "GOOD" ? a.quality : "";
    entry.quality.title = alarmed ? a.quality : "";
    const row = entry.quality.closest("tr");
    if (row) {
      // A value beyond a warning or alarm limit is coloured as its alarm.
      row.classList.toggle("q-WARNING", a.quality === "WARNING");
      row.classList.toggle("q-ALARM", a.quality === "ALARM");
    }
    if (entry.editor) {
      const ed = entry.editor;
      ed.info = a;
      ed.input.disabled = !a.settable;
      ed.apply.disabled = !a.settable;
      ed.input.title = a.settable ? "" : "Writable in " + a.writableIn.join(", ");
      ed.current = a.readable ? a.value : undefined;
      if (!ed.dirty && document.activeElement !== ed.input) showCurrent(ed);
      continue;
    }
    // A vector without a trace is not read every second: the panel says what it is.
    entry.value.textContent = !a.readable ? "not readable in " + d.state
      : a.vector ? "vector, not published: no live trace" : formatValue(a.value);
    entry.value.classList.toggle("muted", !a.readable || a.vector);
  }
}

// ---------------------------------------------------------------- live traces

// Whether attribute `a` gets a trace card: a vector the IE publishes (subscribable), since a card
// shows only what its topic brings. Another vector (the Keysight scope's `time`, read on demand)
// is listed among the attributes.
function traced(a) {
  return a.vector && a.subscribable;
}

function buildTrace(p, a) {
  const box = el("div", { class: "chart" });
  const meta = {
    seq: el("span", { class: "trace-seq", title: "Sequence number of the value shown" }),
    rate: el("span", { class: "trace-rate", title: "Values per second arriving from the IE" }),
    gaps: el("span", { class: "trace-gaps", title: "Values published but not received (sequence gaps)" }),
    points: el("span", { class: "trace-points" }),
    span: el("span", { class: "trace-span" }),
    clip: el("span", { class: "trace-clip",
                       title: "Samples the instrument clipped at the bottom or top of its screen (red marks)" }),
  };
  const status = el("div", { class: "trace-status", text: "subscribing…" });
  const card = el("section", { class: "card trace", "data-attribute": a.name, "data-seq": "0" },
    el("div", { class: "trace-head" },
      el("h2", {}, a.name, el("span", { class: "units", text: a.units ? " (" + a.units + ")" : "" })),
      el("div", { class: "trace-meta" }, meta.seq, meta.rate, meta.gaps, meta.points, meta.span, meta.clip)),
    trends.statisticButtons(p, a), box, status);
  const chart = new uPlot({
    width: 800, height: 300,
    scales: { x: { time: false } },
    legend: { show: false },
    cursor: { drag: { x: true, y: false } },
    series: [{}, { label: a.name, stroke: "#0a7d5a", width: 1.25, points: { show: false }, spanGaps: false },
      clipMarks("clipped high"), clipMarks("clipped low")],
    axes: [
      { label: "sample", stroke: "#44506a", grid: { stroke: "#e6e9ef" } },
      { label: a.units || "", stroke: "#44506a", grid: { stroke: "#e6e9ef" }, size: 60 },
    ],
  }, [[], [], [], []], box);
  const t = { attribute: a.name, card, box, chart, meta, status, xLabel: "sample" };
  p.traces[a.name] = t;
  new ResizeObserver(() => {
    const w = Math.max(300, box.clientWidth);
    if (Math.abs(w - chart.width) > 2) chart.setSize({ width: w, height: 300 });
  }).observe(box);
  return card;
}

// A series of marks without a line: the points the instrument clipped, at the screen's edge.
const CLIP_COLOUR = "#d62728";
function clipMarks(label) {
  return { label, stroke: CLIP_COLOUR, paths: () => null,
           points: { show: true, space: 0, size: 7, width: 1, stroke: CLIP_COLOUR, fill: CLIP_COLOUR } };
}

// Marks at points pts of y (null elsewhere); a shared array of nulls when there are none.
let noMarks = [];
function marksAt(pts, y) {
  if (pts.length === 0) {
    if (noMarks.length !== y.length) noMarks = new Array(y.length).fill(null);
    return noMarks;
  }
  const m = new Array(y.length).fill(null);
  for (const k of pts) m[k] = y[k];
  return m;
}

// Picks a readable unit for a span in seconds.
function timeScale(spanSeconds) {
  if (spanSeconds >= 1) return { factor: 1, unit: "s" };
  if (spanSeconds >= 1e-3) return { factor: 1e3, unit: "ms" };
  if (spanSeconds >= 1e-6) return { factor: 1e6, unit: "µs" };
  return { factor: 1e9, unit: "ns" };
}

// Draws a frame (JSON or decoded binary) on its trace; returns whether it drew a vector.
function onFrame(f) {
  const p = state.panel;
  if (!p || f.ie !== p.sel.ie || f.im !== p.sel.im) return false;
  const t = p.traces[f.attribute];
  if (!t) return false;
  t.status.textContent = f.status === "live" ? "" : f.status;
  t.status.classList.toggle("warn", f.status !== "live");
  if (!f.y) return false;
  t.card.dataset.seq = String(f.seq);
  t.meta.seq.textContent = "#" + f.seq;
  t.meta.rate.textContent = f.rate.toFixed(1) + " updates/s";
  t.meta.gaps.textContent = (f.gaps === 0 ? "no gaps" : f.gaps + " gaps, " + f.missed + " missed") +
    (f.restarts > 0 ? ", IE restarted" : "");
  t.meta.gaps.classList.toggle("warn", f.gaps > 0 || f.restarts > 0);
  t.meta.points.textContent = f.length + " samples" + (f.decimated ? ", " + f.y.length + " points (min/max)" : "") +
    (f.codes ? ", " + 8 * f.codes.BYTES_PER_ELEMENT + "-bit codes" : "");
  const n = f.y.length;
  const xs = new Float64Array(n);
  let scale = { factor: 1, unit: "" };
  let label = "sample";
  const span = f.dx * f.length;
  if (f.xUnits === "s") {
    scale = timeScale(span);
    label = "time (" + scale.unit + ")";
    t.meta.span.textContent = "span " + formatValue(span * scale.factor) + " " + scale.unit;
    t.card.dataset.span = String(span);
  } else {
    t.meta.span.textContent = "";
  }
  const idx = f.i;
  for (let k = 0; k < n; k++) {
    xs[k] = (f.x0 + (idx ? idx[k] : k) * f.dx) * scale.factor;
  }
  if (label !== t.xLabel) {
    t.xLabel = label;
    t.chart.axes[0].label = label;
    t.chart.redraw(false, true);
  }
  // Clipped samples (a trace whose instrument names clip codes): the whole trace's counts, and
  // marks at the points shown that are clipped; decimation keeps one in each bucket that has one.
  const lowPts = f.clippedLowPoints || [];
  const highPts = f.clippedHighPoints || [];
  const low = f.clippedLow ?? lowPts.length;
  const high = f.clippedHigh ?? highPts.length;
  t.meta.clip.textContent = low + high === 0 ? "" :
    (low + high) + (low + high === 1 ? " sample" : " samples") + " clipped (" + low + " low, " + high + " high)";
  t.card.dataset.clippedLow = String(low);
  t.card.dataset.clippedHigh = String(high);
  t.card.dataset.clipMarks = String(lowPts.length + highPts.length);
  // batch: uPlot draws now rather than in a microtask, so the time taken is the drawing's
  t.chart.batch(() => t.chart.setData([xs, f.y, marksAt(highPts, f.y), marksAt(lowPts, f.y)]));
  return true;
}

// The binary frame (the portal's BinaryFrameEncoder; docs/portal.md, "Binary frames"): a header,
// then the values and the sample indices, taken as typed arrays over the received bytes without
// parsing text. Version 1 carries the values as 32-bit floats; version 2, a trace kept as the
// instrument's codes, carries the codes with their scale and offset, and the values are
// code * scale + offset in double precision (JavaScript's numbers: the IE's doubles to the bit).
const frameText = new TextDecoder();
function decodeFrame(buffer) {
  const v = new DataView(buffer);
  const version = v.getUint8(0);
  if (version !== 1 && version !== 2) throw new Error("unknown frame version " + version);
  const flags = v.getUint8(1);
  const valuesAt = v.getUint16(2, true);
  const n = v.getUint32(4, true);
  const f = {
    type: "trace", length: v.getUint32(8, true), restarts: v.getUint32(12, true),
    seq: v.getFloat64(16, true), gaps: v.getFloat64(24, true), missed: v.getFloat64(32, true),
    acquiredMillis: v.getFloat64(40, true), x0: v.getFloat64(48, true), dx: v.getFloat64(56, true),
    rate: v.getFloat64(64, true), decimated: (flags & 1) !== 0,
  };
  let at = 72;
  let valueBytes = 4 * n;
  let y;
  if (version === 2) {
    const scale = v.getFloat64(72, true);
    const offset = v.getFloat64(80, true);
    const nanCode = flags & 16 ? v.getInt32(88, true) : null;
    const codes = flags & 8 ? new Int16Array(buffer, valuesAt, n) : new Int8Array(buffer, valuesAt, n);
    y = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const c = codes[k];
      y[k] = c === nanCode ? NaN : c * scale + offset;
    }
    Object.assign(f, {
      codes, scale, offset, nanCode,
      clipLowCode: flags & 32 ? v.getInt32(92, true) : null,
      clipHighCode: flags & 64 ? v.getInt32(96, true) : null,
    });
    at = 100;
    valueBytes = (n * codes.BYTES_PER_ELEMENT + 3) & ~3;
  } else {
    y = new Float32Array(buffer, valuesAt, n);
  }
  for (const name of ["ie", "im", "attribute", "status", "units", "quality", "xUnits"]) {
    const len = v.getUint16(at, true);
    f[name] = frameText.decode(new Uint8Array(buffer, at + 2, len));
    at += 2 + len;
  }
  if (flags & 4) y = Array.from(y, (x) => (Number.isNaN(x) ? null : x)); // NaN: a gap in the line
  f.y = y;
  const at2 = valuesAt + valueBytes;
  if (f.decimated) {
    f.i = flags & 2 ? new Uint32Array(buffer, at2, n) : new Uint16Array(buffer, at2, n);
  }
  if (version === 2 && (f.clipLowCode !== null || f.clipHighCode !== null)) {
    // The points at a clip code, and (flag 128) the samples of the whole trace clipped.
    const low = [];
    const high = [];
    for (let k = 0; k < n; k++) {
      const c = f.codes[k];
      if (c === f.clipLowCode) low.push(k);
      else if (c === f.clipHighCode) high.push(k);
    }
    f.clippedLowPoints = low;
    f.clippedHighPoints = high;
    if (flags & 128) {
      const at3 = at2 + (f.decimated ? n * f.i.BYTES_PER_ELEMENT : 0);
      f.clippedLow = v.getUint32(at3, true);
      f.clippedHigh = v.getUint32(at3 + 4, true);
    }
  }
  return f;
}

// Timings of the frames drawn (the last 1,000), for operators and the browser test: bytes, the
// time from arrival to decoded and to drawn, and the age of the value when it arrived and when it
// was drawn (from its acquisition by the IE; same clock when the browser runs beside the IE).
const frameStats = (() => {
  const max = 1000;
  const rows = [];
  return {
    add(row) { rows.push(row); if (rows.length > max) rows.shift(); },
    rows() { return rows.slice(); },
    clear() { rows.length = 0; },
  };
})();

// Frames come as JSON or binary, as the page asks: binary unless the address says ?frames=json.
// The page acknowledges every message once it has drawn it, and the portal sends at most WINDOW
// unacknowledged, so a slow browser gets fewer, newer frames and never a backlog.
const FRAME_FORMAT = new URLSearchParams(location.search).get("frames") === "json" ? "json" : "binary";
const WINDOW = 2;
const ACK = '{"op":"ack"}';
// A trace refused because the IE was busy or away is asked for again after this long; one the
// portal holds (its right could not be confirmed again) it serves again by itself.
const RETRY_MS = 5000;

const live = (() => {
  const wanted = new Map();
  const retrying = new Set();
  let socket = null;
  let retry = 500;
  let last = null;
  let lastMessage = null;
  const statusEl = () => document.getElementById("live-status");

  function key(ie, im, attribute) { return ie + "|" + im + "|" + attribute; }

  function send(msg) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
  }

  function decode(data) {
    return typeof data === "string" ? JSON.parse(data) : decodeFrame(data);
  }

  // A refusal the portal says may pass (the IE busy or away): the watch is sent again later.
  function retryLater(f) {
    const k = key(f.ie, f.im, f.attribute);
    if (!f.retry || retrying.has(k)) return;
    retrying.add(k);
    setTimeout(() => {
      retrying.delete(k);
      const w = wanted.get(k);
      if (w) send(Object.assign({ op: "watch" }, w));
    }, RETRY_MS);
  }

  function handle(data) {
    const arrived = performance.now();
    const binary = typeof data !== "string";
    const f = decode(data);
    if (f.refused) retryLater(f);
    trends.frame(f); // a value of the attribute whose trend is open: its live tail
    const decoded = performance.now();
    if (!onFrame(f)) return;
    const drawn = performance.now();
    last = f;
    lastMessage = data;
    const origin = performance.timeOrigin;
    frameStats.add({
      seq: f.seq, format: binary ? "binary" : "json", codes: !!f.codes, points: f.y.length,
      bytes: binary ? data.byteLength : data.length, // JSON: ASCII but for names
      decodeMs: decoded - arrived, renderMs: drawn - decoded,
      arrivalAgeMs: origin + arrived - f.acquiredMillis, drawnAgeMs: origin + drawn - f.acquiredMillis,
    });
  }

  function connect() {
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host +
      location.pathname.replace(/[^/]*$/, "") + "live";
    socket = new WebSocket(url);
    socket.binaryType = "arraybuffer";
    socket.onopen = () => {
      retry = 500;
      statusEl().textContent = "live";
      statusEl().className = "live-status ok";
      for (const w of wanted.values()) send(Object.assign({ op: "watch" }, w));
    };
    socket.onmessage = (event) => {
      try {
        handle(event.data);
      } finally {
        if (socket.readyState === WebSocket.OPEN) socket.send(ACK);
      }
    };
    socket.onclose = () => {
      statusEl().textContent = "live traces disconnected, retrying…";
      statusEl().className = "live-status down";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }

  return {
    connect,
    watch(ie, im, attribute, width) {
      const w = { ie, im, attribute, width: Math.round(width || 1000), format: FRAME_FORMAT, window: WINDOW };
      wanted.set(key(ie, im, attribute), w);
      send(Object.assign({ op: "watch" }, w));
    },
    unwatch(ie, im, attribute) {
      wanted.delete(key(ie, im, attribute));
      send({ op: "unwatch", ie, im, attribute });
    },
    // For the browser test and curious operators (in the console): the last frame drawn and the
    // timings of the frames drawn.
    lastFrame() { return last; },
    // The data of an open trace's chart: x, the values, the clipped-high and clipped-low marks.
    chartData(attribute) {
      const t = state.panel && state.panel.traces[attribute];
      return t ? t.chart.data : null;
    },
    lastMessage() { return lastMessage; },
    decode,
    watching() { return [...wanted.values()]; },
    stats() { return frameStats.rows(); },
    clearStats() { frameStats.clear(); },
    format: FRAME_FORMAT,
  };
})();
window.vcrLive = live;

// ---------------------------------------------------------------- start

async function start() {
  const session = await api("session");
  document.getElementById("user").textContent = session.user;
  document.getElementById("signout").addEventListener("click", async () => {
    await api("signout", {}).catch(() => {});
    location.replace("signin.html");
  });
  live.connect();
  window.addEventListener("hashchange", openSelection);
  await refreshTree();
  setInterval(refreshTree, TREE_PERIOD_MS);
  openSelection();
}

start();
