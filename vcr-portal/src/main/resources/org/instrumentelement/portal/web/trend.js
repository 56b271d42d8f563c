"use strict";
// The trend view (docs/portal.md, "Trends"): what an archived scalar attribute, or a statistic of
// a vector kept as a series of its own (`waveform.max`), did over a range, from api/trend, which
// asks the IE's getHistory as the signed-in user. A long range comes as buckets (about one per
// pixel column: the mean as a line, the minimum to maximum as a band), a short one as its raw
// samples. Gaps are breaks in the line, shaded and labelled with their reason; alarm limits are
// horizontal lines. While the range ends now, the values the portal's WebSocket brings
// (live.watch, as for a trace) are appended as they come, and the range is asked for again every
// minute, which replaces that tail with what the archive kept; without a tail (none yet, refused,
// or a vector's statistic, which has no feed of its own), each time a pixel column's worth of time
// has passed (not more often than every 2 s). Uses el, api, formatValue and live from portal.js.

const TREND_RANGES = [
  { label: "10 min", seconds: 600 },
  { label: "1 h", seconds: 3600 },
  { label: "1 day", seconds: 86400 },
  { label: "1 week", seconds: 604800 },
];
const TREND_HEIGHT = 320;
const TREND_MIN_REFRESH_MS = 2000;
const TREND_MAX_REFRESH_MS = 60000;
// A live value this much later than the usual spacing of the ones before (and at least 2 s) means
// something in between was not sampled or not sent: the line breaks and the archive is asked; a
// silence as long asks the archive whether a gap began.
const TAIL_BREAK_FACTOR = 3;
// Why nothing was archived (docs/history.md, "Gaps"), in an operator's words.
const GAP_WORDS = {
  IE_DOWN: "the Instrument Element was not running",
  NOT_LINKED: "the IM was not linked to its instrument",
  SAMPLING_OFF: "sampling was switched off",
  ARCHIVE_STOPPED: "archiving stopped (disk full)",
  DATA_LOST: "what was archived could not be read back",
};
const LIMIT_NAMES = ["highAlarm", "highWarning", "lowWarning", "lowAlarm"];
const LIMIT_COLOURS = { highAlarm: "#b42318", lowAlarm: "#b42318", highWarning: "#9a6700", lowWarning: "#9a6700" };
const MEAN_COLOUR = "#1f6feb";
// The statistics of a vector the archive keeps as series of their own (docs/history.md).
const VECTOR_STATISTICS = ["min", "max", "mean", "rms", "peakToPeak"];

const trends = (() => {
  let view = null;

  function timeText(ms, spanMs) {
    const d = new Date(ms);
    return spanMs >= 43200000 ? d.toLocaleString() : d.toLocaleTimeString(); // a day: its date too
  }

  function durationText(ms) {
    const s = ms / 1000;
    if (s < 1) return Math.round(ms) + " ms";
    if (s < 120) return +s.toPrecision(3) + " s";
    if (s < 7200) return Math.round(s / 60) + " min";
    if (s < 172800) return +(s / 3600).toPrecision(3) + " h";
    return +(s / 86400).toPrecision(3) + " days";
  }

  // The range shown: the last `seconds` up to now (live), or from..to (zoomed).
  function rangeOf(v) {
    return v.live ? { seconds: v.seconds } : { from: v.from, to: v.to };
  }

  // A number the IE samples is archived (docs/history.md), so it has a trend; the IE says when it
  // does not keep one (NOT_ARCHIVED), in the view.
  function trendable(a) {
    return !a.vector && a.subscribable && (a.type === "DOUBLE" || a.type === "INTEGER");
  }

  // The button that opens the trend of attribute `a` of the panel `p`, or null when it has none:
  // a small line chart, narrow enough for the attributes' table.
  function button(p, a) {
    if (!trendable(a)) return null;
    return el("button", { type: "button", class: "trend-open", "data-trend": a.name, "aria-label": "Trend of " + a.name,
                          title: "Trend: what " + a.name + " did (its archived history)",
                          onclick: () => open(p, a) }, icon());
  }

  // The buttons that open the trends of the statistics of a sampled vector `a` (docs/history.md,
  // "Statistics of vectors": `waveform.max`, kept by default), for its trace's head; null for
  // anything else. As for scalars, the IE says in the view when it does not keep one.
  function statisticButtons(p, a) {
    if (!(a.vector && a.subscribable)) return null;
    return el("div", { class: "trace-trends", role: "group", "aria-label": "Trends of the statistics of " + a.name },
      ...VECTOR_STATISTICS.map((s) => {
        const name = a.name + "." + s;
        return el("button", { type: "button", class: "trend-open trend-statistic", "data-trend": name,
                              "aria-label": "Trend of " + name,
                              title: "Trend: what the " + s + " of " + a.name + " did (its archived history)",
                              onclick: () => open(p, { name, units: a.units, statisticOf: a.name }) }, icon(), s);
      }));
  }

  // A small line chart.
  function icon() {
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    for (const [k, x] of Object.entries({ viewBox: "0 0 16 16", width: "16", height: "16", "aria-hidden": "true" })) {
      svg.setAttribute(k, x);
    }
    const line = (points, attrs) => {
      const l = document.createElementNS(ns, "polyline");
      l.setAttribute("points", points);
      l.setAttribute("fill", "none");
      l.setAttribute("stroke", "currentColor");
      for (const [k, x] of Object.entries(attrs)) l.setAttribute(k, x);
      return l;
    };
    svg.append(line("1,1 1,15 15,15", { "stroke-opacity": "0.45" }),
      line("1,13 5,8 8,10 11,4 15,6", { "stroke-width": "1.8", "stroke-linejoin": "round" }));
    return svg;
  }

  function open(p, attribute) {
    close();
    const v = {
      p, sel: p.sel, attribute: attribute.name, units: attribute.units || "", statistic: !!attribute.statisticOf,
      live: true, seconds: TREND_RANGES[0].seconds, from: null, to: null, raw: false,
      zooms: [], seq: 0, timer: null, answer: null, gaps: [], limits: {}, xMin: 0, xMax: 1,
      data: [[], [], [], []], watching: false, tail: 0, tailState: "off", tailLast: null, tailStep: null,
    };
    view = v;
    build(v);
    p.trendSlot.replaceChildren(v.card);
    fitWidth(v); // now, so that the first request asks for as many buckets as the chart has columns
    v.title.focus();
    v.card.scrollIntoView({ block: "nearest" });
    query(v);
  }

  function close() {
    const v = view;
    if (!v) return;
    view = null;
    clearTimeout(v.timer);
    unfollow(v);
    v.resize.disconnect();
    v.chart.destroy();
    v.card.remove();
  }

  function build(v) {
    v.title = el("h2", { id: "trend-title", tabindex: "-1" }, "Trend · " + v.attribute,
      el("span", { class: "units", text: v.units ? " (" + v.units + ")" : "" }));
    v.rangeButtons = TREND_RANGES.map((r) => el("button", {
      type: "button", class: "trend-range", "data-seconds": String(r.seconds),
      onclick: () => showLast(v, r.seconds),
    }, r.label));
    v.zoomIn = el("button", { type: "button", class: "trend-zoom", "data-zoom": "in", title: "Zoom in on the middle half",
                              onclick: () => zoomMiddle(v) }, "Zoom in");
    v.zoomOut = el("button", { type: "button", class: "trend-zoom", "data-zoom": "out", title: "Back to the range before the last zoom",
                               onclick: () => zoomBack(v) }, "Zoom out");
    v.rawBox = el("input", { type: "checkbox", id: "trend-raw", onchange: () => { v.raw = v.rawBox.checked; query(v); } });
    v.liveBadge = el("span", { class: "trend-live", role: "status" });
    v.meta = el("span", { class: "trend-meta" });
    v.box = el("div", { class: "chart trend-chart" });
    v.hover = el("div", { class: "trend-hover" });
    v.error = el("div", { class: "message error trend-error", role: "alert", hidden: true });
    v.limitList = el("ul", { class: "trend-limits", "aria-label": "Alarm limits" });
    v.gapList = el("ul", { class: "trend-gaps", "aria-label": "Gaps in the range" });
    v.card = el("section", { class: "card trend", id: "trend", "data-attribute": v.attribute,
                             "aria-labelledby": "trend-title", "data-state": "loading" },
      el("div", { class: "trend-head" }, v.title,
        el("button", { type: "button", class: "trend-close", "aria-label": "Close the trend",
                       title: "Close", onclick: close }, "×")),
      el("div", { class: "trend-controls" },
        el("div", { class: "trend-ranges", role: "group", "aria-label": "Range up to now" }, ...v.rangeButtons),
        el("div", { class: "trend-ranges", role: "group", "aria-label": "Zoom" }, v.zoomIn, v.zoomOut),
        el("label", { class: "trend-raw", for: "trend-raw", title: "Every sample rather than buckets (at most 10,000)" },
          v.rawBox, " raw samples"),
        v.liveBadge),
      el("div", { class: "trend-sub" }, v.meta, el("span", { class: "trend-tip", text: "drag across the chart to zoom" })),
      v.error, v.box, v.hover,
      el("div", { class: "trend-legends" }, v.limitList, v.gapList));
    v.chart = new uPlot({
      width: 800, height: TREND_HEIGHT,
      scales: {
        x: { time: true, range: () => [v.xMin, v.xMax] },
        y: { range: (u, lo, hi) => yRange(v, lo, hi) },
      },
      legend: { show: true, live: true },
      cursor: { drag: { x: true, y: false, setScale: false } },
      series: [
        { label: "time", value: (u, t) => (t === null || t === undefined ? "—" : timeText(t * 1000, (v.xMax - v.xMin) * 1000)) },
        { label: "mean", stroke: MEAN_COLOUR, width: 2, spanGaps: false, value: (u, y) => formatValue(y) },
        { label: "min", stroke: "rgba(31,111,235,0.35)", width: 1, spanGaps: false, points: { show: false }, value: (u, y) => formatValue(y) },
        { label: "max", stroke: "rgba(31,111,235,0.35)", width: 1, spanGaps: false, points: { show: false }, value: (u, y) => formatValue(y) },
      ],
      bands: [{ series: [3, 2], fill: "rgba(31,111,235,0.14)" }],
      axes: [
        { stroke: "#44506a", grid: { stroke: "#e6e9ef" } },
        { label: v.units, stroke: "#44506a", grid: { stroke: "#e6e9ef" }, size: 70 },
      ],
      hooks: {
        drawClear: [(u) => shadeGaps(v, u)],
        draw: [(u) => drawLimits(v, u)],
        setSelect: [(u) => zoomToSelection(v, u)],
        setCursor: [(u) => hoverGap(v, u)],
      },
    }, [[], [], [], []], v.box);
    // The canvas says in words what it shows; the legend beside it stays readable as text.
    v.chart.ctx.canvas.setAttribute("role", "img");
    describe(v, "loading");
    v.resize = new ResizeObserver(() => fitWidth(v));
    v.resize.observe(v.box);
    showControls(v);
  }

  function fitWidth(v) {
    const w = Math.max(300, v.box.clientWidth);
    if (Math.abs(w - v.chart.width) > 2) v.chart.setSize({ width: w, height: TREND_HEIGHT });
  }

  function showControls(v) {
    for (const b of v.rangeButtons) {
      b.setAttribute("aria-pressed", String(v.live && Number(b.dataset.seconds) === v.seconds));
    }
    v.zoomOut.disabled = v.zooms.length === 0;
    v.card.dataset.live = String(v.live);
    v.card.dataset.tail = v.tailState;
    const t = v.tailState;
    v.liveBadge.className = "trend-live" + (v.live && (t === "live" || t === "archive") ? " on"
      : v.live && t !== "waiting" ? " warn" : "");
    v.liveBadge.textContent = !v.live ? "not live: zoomed"
      : t === "live" ? "live" : t === "archive" ? "live: from the archive"
      : t === "waiting" ? "live: waiting for values" : "live values: " + v.tailText;
    v.liveBadge.title = !v.live ? ""
      : t === "archive" ? "A statistic of a vector: the archive is asked again every few seconds"
      : "Values from the live feed are appended as they come; the archive is asked again every minute";
  }

  function showLast(v, seconds) {
    v.live = true;
    v.seconds = seconds;
    v.zooms = [];
    query(v);
  }

  function zoomTo(v, fromMs, toMs) {
    if (!(toMs - fromMs >= 1)) return; // less than a millisecond: nothing to show
    v.zooms.push(rangeOf(v));
    v.live = false;
    v.from = fromMs;
    v.to = toMs;
    query(v);
  }

  function zoomMiddle(v) {
    const a = v.xMin * 1000;
    const b = v.xMax * 1000;
    zoomTo(v, a + (b - a) / 4, b - (b - a) / 4);
  }

  function zoomBack(v) {
    const r = v.zooms.pop();
    if (!r) return;
    v.live = r.seconds !== undefined;
    if (v.live) v.seconds = r.seconds;
    else { v.from = r.from; v.to = r.to; }
    query(v);
  }

  // Dragging across the chart selects a range: asked again at full resolution.
  function zoomToSelection(v, u) {
    const s = u.select;
    if (s.width >= 3) {
      zoomTo(v, u.posToVal(s.left, "x") * 1000, u.posToVal(s.left + s.width, "x") * 1000);
    }
    u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
  }

  async function query(v) {
    const seq = ++v.seq;
    clearTimeout(v.timer);
    v.askedAt = performance.now();
    if (v.live) follow(v);
    else unfollow(v);
    showControls(v);
    const points = Math.max(50, Math.min(2000, Math.round(v.chart.bbox.width / uPlot.pxRatio) || 600));
    const q = new URLSearchParams({ ie: v.sel.ie, im: v.sel.im, attribute: v.attribute, points: String(points) });
    if (v.live) q.set("span", "PT" + v.seconds + "S");
    else { q.set("from", new Date(v.from).toISOString()); q.set("to", new Date(v.to).toISOString()); }
    if (v.raw) q.set("raw", "true");
    v.card.setAttribute("aria-busy", "true");
    let answer = null;
    try {
      answer = await api("trend?" + q);
    } catch (e) {
      if (view !== v || seq !== v.seq) return;
      showError(v, e);
    }
    if (view !== v || seq !== v.seq) return;
    v.card.removeAttribute("aria-busy");
    if (answer) render(v, answer);
    if (v.live) {
      const bucketMs = (v.seconds * 1000) / points;
      // A gap the archive still calls lasting though live values came after it began: its end is
      // on the way to the archive, and is asked for as soon as the live tail would be.
      const ending = v.tailLast !== null && v.gaps.some((g) => g.lasting && v.tailLast * 1000 - g.from > 1);
      const delay = v.tailState === "live" && !ending ? TREND_MAX_REFRESH_MS
        : Math.min(TREND_MAX_REFRESH_MS, Math.max(TREND_MIN_REFRESH_MS, bucketMs));
      v.timer = setTimeout(() => query(v), delay);
    }
  }

  // ------------------------------------------------------------ the live tail

  function follow(v) {
    // A vector's statistic has no feed of its own: its new values come from the archive, asked
    // again every pixel column's worth of time (at least every 2 s, at most every minute).
    if (v.statistic) {
      setTail(v, "archive", "");
      return;
    }
    if (v.watching) return;
    v.watching = true;
    v.tailLast = null;
    v.tailStep = null;
    setTail(v, "waiting", "");
    live.watch(v.sel.ie, v.sel.im, v.attribute, v.box.clientWidth);
  }

  function unfollow(v) {
    clearTimeout(v.silence);
    if (!v.watching) return;
    v.watching = false;
    setTail(v, "off", "");
    live.unwatch(v.sel.ie, v.sel.im, v.attribute);
  }

  function setTail(v, state, text) {
    if (v.tailState === state && v.tailText === text) return;
    v.tailState = state;
    v.tailText = text;
    showControls(v);
  }

  // A message of the portal's WebSocket (portal.js hands every one over): a value of the attribute
  // shown is appended to the chart while the range ends now and the chart shows the archive's
  // answer (never after a refusal, which shows no chart).
  function frame(f) {
    const v = view;
    if (!v || !v.watching || f.ie !== v.sel.ie || f.im !== v.sel.im || f.attribute !== v.attribute) return;
    if (f.refused) {
      setTail(v, "refused", f.refused + (f.retry ? " (asking again)" : ""));
      return;
    }
    if (f.status && f.status !== "live") {
      setTail(v, "status", f.status);
      return;
    }
    if (v.card.dataset.state !== "ok" || typeof f.value !== "number" || !(f.acquiredMillis > 0)) return;
    const t = f.acquiredMillis / 1000;
    const d = v.data;
    const last = d[0].length ? d[0][d[0].length - 1] : -Infinity;
    setTail(v, "live", "");
    if (t <= last) return; // already drawn (the feed's last value when the watch began)
    let broken = false;
    if (v.tailLast !== null) {
      const dt = t - v.tailLast;
      broken = v.tailStep !== null && dt > Math.max(TAIL_BREAK_FACTOR * v.tailStep, 2);
      if (!broken) v.tailStep = v.tailStep === null ? dt : 0.8 * v.tailStep + 0.2 * dt;
    }
    v.tailLast = t;
    // No value for much longer than their usual spacing: the archive says whether it is a gap.
    clearTimeout(v.silence);
    if (v.tailStep !== null) {
      v.silence = setTimeout(() => { if (view === v && v.live) query(v); },
        Math.max(TAIL_BREAK_FACTOR * v.tailStep, 2) * 1000);
    }
    const samples = v.answer && v.answer.kind === "samples";
    if (broken) append(d, [(last + t) / 2, null, null, null]);
    append(d, [t, f.value, samples ? null : f.value, samples ? null : f.value]);
    v.tail++;
    v.xMax = Math.max(v.xMax, t);
    v.xMin = v.xMax - v.seconds;
    while (d[0].length > 0 && d[0][0] < v.xMin) for (const c of d) c.shift();
    v.chart.setData(d);
    v.card.dataset.tailPoints = String(v.tail);
    // The archive knows what is missing, and why (asked at most every 2 s: when it was asked less
    // than 2 s ago, it is asked again once they have passed, not left until the next refresh).
    if (broken) {
      const since = performance.now() - v.askedAt;
      if (since > TREND_MIN_REFRESH_MS) query(v);
      else {
        clearTimeout(v.timer);
        v.timer = setTimeout(() => { if (view === v && v.live) query(v); }, TREND_MIN_REFRESH_MS - since);
      }
    }
  }

  function append(d, row) {
    for (let k = 0; k < d.length; k++) d[k].push(row[k]);
  }

  // A refusal or a busy IE: the error, and nothing of what was shown before, which is no longer
  // known to be true (or to be the user's to see).
  function showError(v, e) {
    v.answer = null;
    v.gaps = [];
    v.limits = {};
    v.data = [[], [], [], []];
    v.card.dataset.state = "error";
    v.card.dataset.points = "0";
    v.error.textContent = "No trend: " + (e.code && e.code !== "UNREACHABLE" ? e.code + ": " : "") + e.message;
    v.error.hidden = false;
    v.meta.textContent = "";
    v.limitList.replaceChildren();
    v.gapList.replaceChildren();
    describe(v, "not available");
    v.chart.setData(v.data);
  }

  function render(v, r) {
    v.answer = r;
    v.error.hidden = true;
    const samples = r.kind === "samples";
    v.xMin = (r.from !== undefined ? r.from : v.from) / 1000;
    v.xMax = (r.to !== undefined ? r.to : v.to) / 1000;
    v.gaps = r.gaps.map((g) => ({ from: g.from, to: g.to === null ? r.to : g.to, lasting: g.to === null, reason: g.reason }));
    v.limits = r.limits || {};
    // An empty bucket is left out: no sample fell in it, which is not a gap (the line goes on
    // from the value before, as a sampler with a deadband sends none while nothing changes).
    const rows = samples
      ? r.samples.map((s) => [s.time / 1000, s.value, null, null])
      : r.buckets.filter((b) => b.count > 0).map((b) => [(b.from + b.to) / 2000, b.mean, b.min, b.max]);
    // What the archive says is a gap breaks the line: a null point inside each, even when the
    // buckets around it hold samples from before and after it.
    for (const g of v.gaps) {
      const a = Math.max(g.from / 1000, v.xMin);
      const b = Math.min(g.to / 1000, v.xMax);
      if (a <= b) rows.push([(a + b) / 2, null, null, null]);
    }
    rows.sort((x, y) => x[0] - y[0]);
    const data = [0, 1, 2, 3].map((k) => rows.map((row) => row[k]));
    v.data = data;
    v.tail = 0;
    v.card.dataset.tailPoints = "0";
    v.chart.setData(data);
    const label = v.chart.root.querySelector(".u-legend .u-series:nth-child(2) .u-label");
    if (label) label.textContent = samples ? "value" : "mean";
    const drawn = rows.filter((row) => row[1] !== null).length;
    const spanMs = (v.xMax - v.xMin) * 1000;
    v.card.dataset.state = "ok";
    v.card.dataset.kind = r.kind;
    v.card.dataset.points = String(drawn);
    v.card.dataset.count = String(r.count);
    v.card.dataset.spanMs = String(Math.round(spanMs));
    v.meta.textContent = timeText(v.xMin * 1000, spanMs) + " – " + timeText(v.xMax * 1000, spanMs) +
      " (" + durationText(spanMs) + ") · " + r.count + " samples" +
      (samples ? ", each drawn" + (r.continuation ? "; more follow: zoom in" : "")
               : " in " + r.buckets.length + " buckets (mean, min–max)");
    describe(v, "over " + durationText(spanMs) + ", " + r.count + " samples" + summary(data) +
      (v.gaps.length ? ", " + v.gaps.length + " gaps" : ""));
    renderLimits(v, r);
    renderGaps(v, spanMs);
  }

  function describe(v, text) {
    v.chart.ctx.canvas.setAttribute("aria-label", "Trend of " + v.attribute + ": " + text);
  }

  // The lowest and highest value drawn, for the chart's text alternative.
  function summary(data) {
    const drawn = (k) => data[k].filter((y) => y !== null);
    const lo = drawn(2).length ? drawn(2) : drawn(1);
    const hi = drawn(3).length ? drawn(3) : drawn(1);
    if (lo.length === 0) return "";
    const min = lo.reduce((a, b) => Math.min(a, b));
    const max = hi.reduce((a, b) => Math.max(a, b));
    return ", from " + formatValue(min) + " to " + formatValue(max);
  }

  function renderLimits(v, r) {
    if (r.limitsError) {
      v.limitList.replaceChildren(el("li", { class: "trend-limits-error", text: "Alarm limits unknown: " + r.limitsError }));
      return;
    }
    const items = LIMIT_NAMES.filter((n) => v.limits[n] !== undefined).map((n) =>
      el("li", { "data-limit": n },
        el("span", { class: "swatch limit " + (n.endsWith("Alarm") ? "alarm" : "warning") }),
        n + " " + formatValue(v.limits[n]) + (v.units ? " " + v.units : "")));
    v.limitList.replaceChildren(...items);
  }

  function renderGaps(v, spanMs) {
    if (v.gaps.length === 0) {
      v.gapList.replaceChildren(el("li", { class: "trend-no-gaps", text: "No gaps in this range" }));
      return;
    }
    v.gapList.replaceChildren(...v.gaps.map((g) =>
      el("li", { "data-reason": g.reason },
        el("span", { class: "swatch gap" }),
        el("strong", { text: g.reason }),
        " " + (GAP_WORDS[g.reason] || "nothing archived") + ": " + timeText(g.from, spanMs) + " – " +
          (g.lasting ? "now (lasting)" : timeText(g.to, spanMs)))));
  }

  // A range that covers the values and any alarm limit near them (one that is far away would
  // flatten the values; it is listed under the chart all the same).
  function yRange(v, lo, hi) {
    if (lo === null || hi === null || !Number.isFinite(lo) || !Number.isFinite(hi)) {
      const ls = LIMIT_NAMES.map((n) => v.limits[n]).filter((x) => x !== undefined);
      if (ls.length === 0) return [0, 1];
      lo = Math.min(...ls);
      hi = Math.max(...ls);
    }
    const span = hi - lo || Math.abs(hi) * 0.1 || 1;
    for (const n of LIMIT_NAMES) {
      const l = v.limits[n];
      if (l !== undefined && l >= lo - span && l <= hi + span) {
        lo = Math.min(lo, l);
        hi = Math.max(hi, l);
      }
    }
    const pad = (hi - lo || span) * 0.06;
    return [lo - pad, hi + pad];
  }

  function shadeGaps(v, u) {
    if (v.gaps.length === 0) return;
    const ctx = u.ctx;
    const { left, top, width, height } = u.bbox;
    ctx.save();
    ctx.beginPath();
    ctx.rect(left, top, width, height);
    ctx.clip();
    ctx.font = Math.round(11 * uPlot.pxRatio) + "px system-ui, sans-serif";
    for (const g of v.gaps) {
      const a = Math.max(left, u.valToPos(g.from / 1000, "x", true));
      const b = Math.min(left + width, u.valToPos(g.to / 1000, "x", true));
      if (b < left || a > left + width) continue;
      const w = Math.max(b - a, 2 * uPlot.pxRatio); // a short gap stays visible
      ctx.fillStyle = "rgba(154,103,0,0.12)";
      ctx.fillRect(a, top, w, height);
      ctx.fillStyle = "rgba(154,103,0,0.55)";
      ctx.fillRect(a, top, Math.max(uPlot.pxRatio, 1), height);
      if (w > ctx.measureText(g.reason).width + 8 * uPlot.pxRatio) {
        ctx.fillStyle = "#9a6700";
        ctx.fillText(g.reason, a + 4 * uPlot.pxRatio, top + 14 * uPlot.pxRatio);
      }
    }
    ctx.restore();
  }

  function drawLimits(v, u) {
    const ctx = u.ctx;
    const { left, top, width, height } = u.bbox;
    ctx.save();
    ctx.font = Math.round(11 * uPlot.pxRatio) + "px system-ui, sans-serif";
    ctx.lineWidth = uPlot.pxRatio;
    ctx.setLineDash([6 * uPlot.pxRatio, 4 * uPlot.pxRatio]);
    for (const n of LIMIT_NAMES) {
      const l = v.limits[n];
      if (l === undefined) continue;
      const y = u.valToPos(l, "y", true);
      if (y < top || y > top + height) continue;
      ctx.strokeStyle = LIMIT_COLOURS[n];
      ctx.beginPath();
      ctx.moveTo(left, y);
      ctx.lineTo(left + width, y);
      ctx.stroke();
      ctx.fillStyle = LIMIT_COLOURS[n];
      const text = n + " " + formatValue(l);
      ctx.fillText(text, left + width - ctx.measureText(text).width - 4 * uPlot.pxRatio, y - 3 * uPlot.pxRatio);
    }
    ctx.restore();
  }

  // Under the chart: the gap the cursor is in and why, since a shaded area says it only when wide.
  function hoverGap(v, u) {
    const left = u.cursor.left;
    if (left === undefined || left === null || left < 0) {
      v.hover.textContent = "";
      return;
    }
    const t = u.posToVal(left, "x") * 1000;
    const g = v.gaps.find((x) => t >= x.from && t <= x.to);
    v.hover.textContent = g ? "Gap: " + g.reason + " — " + (GAP_WORDS[g.reason] || "nothing archived") : "";
    v.hover.dataset.reason = g ? g.reason : "";
  }

  // The first and last time drawn (ms) and the lowest and highest value, of the points with a value.
  function drawn(v) {
    const d = v.data;
    let first = null;
    let last = null;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < d[0].length; i++) {
      if (d[1][i] === null) continue;
      if (first === null) first = d[0][i];
      last = d[0][i];
      lo = Math.min(lo, d[2][i] === null ? d[1][i] : d[2][i]);
      hi = Math.max(hi, d[3][i] === null ? d[1][i] : d[3][i]);
    }
    return first === null ? null : { from: first * 1000, to: last * 1000, min: lo, max: hi };
  }

  return {
    button,
    statisticButtons,
    open,
    close,
    frame,
    // For the browser test and curious operators (in the console): what the view shows now.
    view() {
      const v = view;
      if (!v) return null;
      return {
        attribute: v.attribute, live: v.live, seconds: v.seconds, state: v.card.dataset.state,
        kind: v.answer && v.answer.kind, count: v.answer && v.answer.count,
        points: Number(v.card.dataset.points || 0), gaps: v.gaps.map((g) => g.reason),
        limits: v.limits, from: v.xMin * 1000, to: v.xMax * 1000, drawn: drawn(v),
        answerTo: v.answer ? v.answer.to : null, tail: v.tail, tailState: v.tailState,
      };
    },
    // The share of the plot's pixel columns (from `fromMs` to `toMs` when given) that hold a pixel
    // drawn in `colour` (#rrggbb), opaque: for the browser test, how much of a range the mean's line
    // (MEAN_COLOUR) or a limit's covers.
    coverage(colour, fromMs, toMs) {
      const v = view;
      if (!v) return 0;
      const u = v.chart;
      const want = [1, 3, 5].map((i) => parseInt(colour.substring(i, i + 2), 16));
      const { left, top, width, height } = u.bbox;
      const a = Math.round(fromMs === undefined ? left : Math.max(left, u.valToPos(fromMs / 1000, "x", true)));
      const b = Math.round(toMs === undefined ? left + width : Math.min(left + width, u.valToPos(toMs / 1000, "x", true)));
      const w = b - a;
      if (w <= 0) return 0;
      const px = u.ctx.getImageData(a, Math.round(top), w, Math.round(height)).data;
      const hit = new Uint8Array(w);
      for (let i = 0; i < px.length; i += 4) {
        if (px[i + 3] > 200 && want.every((x, k) => Math.abs(px[i + k] - x) < 24)) hit[(i / 4) % w] = 1;
      }
      return hit.reduce((n, x) => n + x, 0) / w;
    },
  };
})();
window.vcrTrend = trends;
