// Scale Sense live dashboard: one location's taps, read from the HTTP API (cloud-sink/openapi.yaml)
// every 5 s. Plain browser JavaScript, no build step. Every value from the API reaches the page
// through textContent or an SVG attribute, never as HTML: beer names of custom beers are typed
// by people.
"use strict";

(function () {
  const REFRESH_MS = 5000;
  // Until the location's settings are read: seed 000 / seeds/locations.json defaults
  // (LocationSettings.DEFAULTS: offline after 900 s, low keg below 15 %).
  const DEFAULT_OFFLINE_SECS = 900;
  const DEFAULT_LOW_KEG_PCT = 15;
  const STORE_KEY = "scale-sense.dashboard.access";
  const KEY_PATTERN = /^[0-9a-fA-F]{64}$/;
  const LOC_PATTERN = /^[a-z0-9][a-z0-9-]{0,47}$/; // openapi.yaml LocId
  const SVG_NS = "http://www.w3.org/2000/svg";
  const ALERT_NAMES = {
    low_keg: "Low keg", low_battery: "Low battery", sensor_error: "Sensor error", offline: "Offline"
  };
  const KEG_STATES = {
    stable: "Steady", pouring: "Pouring", settling: "Settling", keg_absent: "No keg on the scale",
    keg_replaced: "New keg", invalid: "Sensor error", disturbed: "Disturbed", unknown: "Waiting for the scale"
  };
  const TARE_STATUS = {
    pending: "tare pending", full_set: "full tared", empty_set: "empty tared", empty_tared: "empty tared", complete: "tared", full_tared: "tared"
  };

  const apiBase = ((window.SCALE_SENSE && window.SCALE_SENSE.apiBase) || "").replace(/\/+$/, "");
  const el = (id) => document.getElementById(id);
  let access = null;
  let settings = { offline_after_secs: DEFAULT_OFFLINE_SECS, low_keg_pct: DEFAULT_LOW_KEG_PCT };
  let timer = null;
  let lastGood = null;

  class ApiError extends Error {
    constructor(status, code, message) {
      super(message);
      this.status = status;
      this.code = code;
    }
  }

  // ---- access: the URL fragment (#loc=loc-001&key=...) once, then localStorage ----

  function readAccess() {
    const hash = new URLSearchParams(window.location.hash.replace(/^#/, ""));
    if (hash.has("key") || hash.has("loc")) {
      const fromUrl = { loc: (hash.get("loc") || "").trim(), key: (hash.get("key") || "").trim().toLowerCase() };
      // The key leaves the address bar (and the history) as soon as it is stored.
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
      if (valid(fromUrl)) {
        save(fromUrl);
        return fromUrl;
      }
      showMessage("The link's location or key is not valid: a location looks like loc-001, a key is 64 hex characters.");
      return null;
    }
    try {
      const stored = JSON.parse(window.localStorage.getItem(STORE_KEY) || "null");
      return stored && valid(stored) ? stored : null;
    } catch (e) {
      return null;
    }
  }

  function valid(a) {
    return LOC_PATTERN.test(a.loc) && KEY_PATTERN.test(a.key);
  }

  function save(a) {
    try {
      window.localStorage.setItem(STORE_KEY, JSON.stringify(a));
    } catch (e) {
      // Private windows may refuse storage: the page still works until it is closed.
    }
  }

  function askForAccess(reason) {
    stopRefreshing();
    if (reason) {
      showMessage(reason);
    }
    el("access-loc").value = access ? access.loc : "";
    el("access-key").value = "";
    el("access").hidden = false;
    el("assign").hidden = true;
    el("change-access").hidden = true;
  }

  el("access").addEventListener("submit", (event) => {
    event.preventDefault();
    const candidate = { loc: el("access-loc").value.trim(), key: el("access-key").value.trim().toLowerCase() };
    if (!valid(candidate)) {
      showMessage("The location must look like loc-001 (lowercase letters, digits, dashes) and the API key must be 64 hex characters.");
      return;
    }
    access = candidate;
    save(access);
    el("access").hidden = true;
    start();
  });

  el("change-access").addEventListener("click", () => askForAccess(null));

  // ---- the API ----

  /** GET {@code path}, or {@code method} with {@code sent} as its JSON body. */
  async function api(path, method, sent) {
    let response;
    const headers = { "x-api-key": access.key, "accept": "application/json" };
    if (sent !== undefined) {
      headers["content-type"] = "application/json";
    }
    try {
      response = await fetch(apiBase + "/v1" + path, {
        method: method || "GET",
        headers: headers,
        body: sent === undefined ? undefined : JSON.stringify(sent),
        cache: "no-store"
      });
    } catch (e) {
      throw new ApiError(0, "network", "the Scale Sense API at " + (apiBase || window.location.origin)
          + " cannot be reached");
    }
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      const err = body && body.error ? body.error : {};
      throw new ApiError(response.status, err.code || "http_" + response.status,
          err.message || "the API answered HTTP " + response.status);
    }
    return body;
  }

  const locPath = () => "/locations/" + encodeURIComponent(access.loc);

  async function readSettings() {
    try {
      const s = await api(locPath() + "/settings");
      settings = {
        offline_after_secs: num(s.offline_after_secs, DEFAULT_OFFLINE_SECS),
        low_keg_pct: num(s.low_keg_pct, DEFAULT_LOW_KEG_PCT)
      };
    } catch (e) {
      // The dashboard call that follows reports access problems; the defaults serve meanwhile.
    }
  }

  async function refresh() {
    try {
      const dashboard = await api(locPath() + "/dashboard");
      lastGood = dashboard;
      hideMessage();
      render(dashboard);
      await drawCharts(dashboard);
      schedule();
    } catch (e) {
      handleError(e);
    }
  }

  function handleError(e) {
    if (e.status === 401) {
      askForAccess("The API key was refused (" + e.message + "). It may be mistyped or revoked: enter a valid key.");
    } else if (e.status === 403) {
      askForAccess("This API key may not read location " + access.loc + " (" + e.message + ").");
    } else if (e.status === 404) {
      askForAccess("Location " + access.loc + " was not found (" + e.message + ").");
    } else {
      const since = lastGood ? " The taps below are as of " + clock(lastGood.generated_at, lastGood.timezone) + "." : "";
      showMessage("No fresh data: " + e.message + ". Trying again every " + REFRESH_MS / 1000 + " s." + since);
      schedule();
    }
  }

  function schedule() {
    stopRefreshing();
    timer = window.setTimeout(refresh, REFRESH_MS);
  }

  function stopRefreshing() {
    if (timer !== null) {
      window.clearTimeout(timer);
      timer = null;
    }
  }

  async function start() {
    el("change-access").hidden = false;
    el("location-sub").textContent = access.loc;
    await readSettings();
    await refresh();
    await readBeers();
  }

  // ---- a new keg on a tap (PUT /taps/{nn}/keg) ----

  async function readBeers() {
    try {
      const list = await api(locPath() + "/beers");
      const select = el("assign-beer");
      select.replaceChildren();
      (list.beers || []).forEach((b) => {
        const o = document.createElement("option");
        o.value = b.beer_id;
        o.textContent = b.name + (b.custom ? " (house)" : "");
        select.appendChild(o);
      });
      el("assign").hidden = false;
    } catch (e) {
      // Without the beer list there is nothing to choose from; the dashboard still shows the taps.
    }
  }

  function fillTapChoices(taps) {
    const select = el("assign-tap");
    const chosen = select.value;
    select.replaceChildren();
    taps.forEach((tap) => {
      const o = document.createElement("option");
      o.value = tap.tap_number;
      o.textContent = "Tap " + tap.tap_number + (tap.beer ? " · " + tap.beer.name : "");
      select.appendChild(o);
    });
    if (chosen) {
      select.value = chosen;
    }
  }

  el("assign").addEventListener("submit", async (event) => {
    event.preventDefault();
    const tap = el("assign-tap").value;
    const full = el("assign-full").checked;
    const result = el("assign-result");
    result.textContent = "Assigning…";
    try {
      const a = await api(locPath() + "/taps/" + encodeURIComponent(tap) + "/keg", "PUT",
          { beer_id: el("assign-beer").value, keg_type: el("assign-type").value, full: full });
      result.textContent = "Keg " + a.keg_id + " assigned to tap " + a.tap_number + " ("
          + (a.full ? "new and full" : "level an estimate until tared") + "); waiting for the scale to confirm.";
      await refresh();
    } catch (e) {
      result.textContent = "Not assigned: " + e.message;
    }
  });

  // ---- rendering ----

  function render(d) {
    el("location-name").textContent = d.name || d.loc_id;
    el("location-sub").textContent = d.loc_id + (d.timezone ? " · " + d.timezone : "");
    el("updated").textContent = "Updated " + clock(d.generated_at, d.timezone);
    const now = Date.parse(d.generated_at);
    const container = el("taps");
    const seen = new Set();
    (d.taps || []).forEach((tap) => {
      seen.add(tap.tap_number);
      let card = container.querySelector('[data-tap="' + tap.tap_number + '"]');
      if (!card) {
        card = newCard(tap.tap_number);
        container.appendChild(card);
      }
      fillCard(card, tap, now, d.timezone);
    });
    container.querySelectorAll("[data-tap]").forEach((card) => {
      if (!seen.has(card.dataset.tap)) {
        card.remove();
      }
    });
    fillTapChoices(d.taps || []);
    if (!d.taps || d.taps.length === 0) {
      showMessage("Location " + d.loc_id + " has no taps yet.");
    }
  }

  function newCard(tapNumber) {
    const card = document.createElement("article");
    card.className = "tap";
    card.dataset.tap = tapNumber;
    card.innerHTML = // static markup only; the values are filled in with textContent below
        '<div class="tap-head"><span class="tap-number"></span><span class="badges"></span></div>'
        + '<h2 class="beer"></h2><div class="beer-detail"></div>'
        + '<div class="level-row"><div class="bar" role="progressbar" aria-valuemin="0" aria-valuemax="100">'
        + '<div class="bar-fill"></div></div><span class="level"></span></div>'
        + '<dl class="figures">'
        + '<div><dt>Pints left</dt><dd class="pints"></dd></div>'
        + '<div><dt>Oz / min</dt><dd class="rate"></dd></div>'
        + '<div><dt>Hours left</dt><dd class="hours"></dd></div>'
        + '<div><dt>Gallons</dt><dd class="gallons"></dd></div></dl>'
        + '<div class="chart"><div class="chart-empty">No level history yet</div></div>'
        + '<div class="tap-foot"><span class="keg"></span><span class="last-update"></span></div>';
    return card;
  }

  function fillCard(card, tap, now, zone) {
    const q = (sel) => card.querySelector(sel);
    q(".tap-number").textContent = "Tap " + tap.tap_number;
    q(".beer").textContent = tap.beer ? tap.beer.name : "No beer assigned";
    q(".beer-detail").textContent = tap.beer
        ? [tap.beer.style, tap.beer.abv != null ? fixed(tap.beer.abv, 1) + " % ABV" : null].filter(Boolean).join(" · ")
        : "";
    const hasLevel = tap.level_pct != null;
    const low = hasLevel && tap.level_pct < settings.low_keg_pct;
    const fill = q(".bar-fill");
    fill.style.width = (hasLevel ? Math.max(0, Math.min(100, tap.level_pct)) : 0) + "%";
    fill.classList.toggle("low", low);
    q(".bar").setAttribute("aria-valuenow", hasLevel ? String(tap.level_pct) : "");
    q(".level").textContent = hasLevel ? fixed(tap.level_pct, 1) + " %" : "—";
    q(".pints").textContent = tap.pints_left != null ? fixed(tap.pints_left, 1) : "—";
    q(".rate").textContent = tap.pour_rate_oz_per_min != null ? fixed(tap.pour_rate_oz_per_min, 1) : "—";
    q(".hours").textContent = tap.hours_left != null ? fixed(tap.hours_left, 1) : "—";
    q(".gallons").textContent = tap.gallons != null ? fixed(tap.gallons, 2) : "—";
    fillBadges(q(".badges"), tap);
    q(".keg").textContent = kegText(tap);
    const last = q(".last-update");
    if (tap.last_reading_at) {
      const ageSecs = (now - Date.parse(tap.last_reading_at)) / 1000;
      const stale = ageSecs > settings.offline_after_secs;
      last.textContent = "Updated " + clock(tap.last_reading_at, zone) + " (" + age(ageSecs) + ")" + (stale ? " · stale" : "");
      card.classList.toggle("stale", stale);
    } else {
      last.textContent = "No reading yet";
      card.classList.remove("stale");
    }
    card.dataset.keg = tap.keg ? tap.keg.keg_id : "";
  }

  function fillBadges(box, tap) {
    box.replaceChildren();
    (tap.alerts || []).forEach((a) => {
      const b = badge("badge alert " + (a.severity || ""), ALERT_NAMES[a.alert_type] || a.alert_type,
          (a.severity ? a.severity + " since " : "since ") + a.since);
      b.dataset.alert = a.alert_type;
      box.appendChild(b);
    });
    if (tap.assignment && tap.assignment.status === "pending") {
      box.appendChild(badge("badge pending", "Keg change pending", "Assigned " + tap.assignment.keg_id
          + " at " + tap.assignment.requested_at + "; waiting for the scale to confirm"));
    }
    if (tap.keg_state && tap.keg_state !== "stable") {
      box.appendChild(badge("badge state " + tap.keg_state, KEG_STATES[tap.keg_state] || tap.keg_state, null));
    }
  }

  function badge(cls, text, title) {
    const b = document.createElement("span");
    b.className = cls;
    b.textContent = text;
    if (title) {
      b.title = title;
    }
    return b;
  }

  function kegText(tap) {
    if (!tap.keg) {
      return "No keg assigned";
    }
    const tare = TARE_STATUS[tap.keg.tare_status];
    return [tap.keg.keg_id, (tap.keg.keg_type || "").replace(/_/g, " "), tare].filter(Boolean).join(" · ");
  }

  // ---- level chart per keg (inline SVG) ----

  // A keg's level series is read again only when the tap has a newer reading than the series
  // was read at: scales send batches minutes apart, so most refreshes cost one request, not 1 + taps.
  // Safe because the sink writes a batch's readings before the tap state (IngestionService, A then B).
  const series = new Map(); // keg_id -> { asOf: last_reading_at, points }

  async function drawCharts(d) {
    const taps = (d.taps || []).filter((t) => t.keg && t.keg.keg_id);
    await Promise.all(taps.map(async (tap) => {
      const card = el("taps").querySelector('[data-tap="' + tap.tap_number + '"]');
      try {
        let known = series.get(tap.keg.keg_id);
        if (!known || known.asOf !== tap.last_reading_at) {
          const levels = await api(locPath() + "/kegs/" + encodeURIComponent(tap.keg.keg_id) + "/levels");
          known = { asOf: tap.last_reading_at, points: levels.points || [] };
          series.set(tap.keg.keg_id, known);
        }
        drawChart(card.querySelector(".chart"), known.points, Date.parse(d.generated_at), d.timezone);
      } catch (e) {
        if (e.status === 401 || e.status === 403) {
          throw e;
        }
        card.querySelector(".chart").textContent = "Level history unavailable: " + e.message;
      }
    }));
  }

  function drawChart(box, points, now, zone) {
    const pts = points.filter((p) => p.level_pct != null).map((p) => [Date.parse(p.at), p.level_pct]);
    box.replaceChildren();
    if (pts.length === 0) {
      box.appendChild(div("chart-empty", "No level history yet"));
      return;
    }
    const w = 300;
    const h = 90;
    const t0 = pts[0][0];
    const t1 = Math.max(pts[pts.length - 1][0], Math.min(now, pts[pts.length - 1][0] + 3600e3), t0 + 60e3);
    const x = (t) => ((t - t0) / (t1 - t0)) * w;
    const y = (v) => h - (Math.max(0, Math.min(100, v)) / 100) * h;
    const svg = svgEl("svg", { viewBox: "0 0 " + w + " " + h, preserveAspectRatio: "none", role: "img",
      "aria-label": "Level of this keg from " + clock(new Date(t0).toISOString(), zone) + " to "
          + clock(new Date(t1).toISOString(), zone) });
    [25, 50, 75].forEach((v) => svg.appendChild(svgEl("line", { x1: 0, x2: w, y1: y(v), y2: y(v), class: "grid" })));
    svg.appendChild(svgEl("line", { x1: 0, x2: w, y1: y(settings.low_keg_pct), y2: y(settings.low_keg_pct), class: "low-line" }));
    const line = pts.map((p) => x(p[0]).toFixed(1) + "," + y(p[1]).toFixed(1)).join(" ");
    svg.appendChild(svgEl("polygon", { points: "0," + h + " " + line + " " + x(pts[pts.length - 1][0]).toFixed(1) + "," + h,
      class: "area" }));
    svg.appendChild(svgEl("polyline", { points: line, class: "line" }));
    box.appendChild(svg);
    const axis = div("chart-axis", "");
    axis.appendChild(div("", clock(new Date(t0).toISOString(), zone)));
    axis.appendChild(div("", "- - low keg " + fixed(settings.low_keg_pct, 0) + " %"));
    axis.appendChild(div("", clock(new Date(t1).toISOString(), zone)));
    box.appendChild(axis);
  }

  function svgEl(name, attrs) {
    const node = document.createElementNS(SVG_NS, name);
    Object.keys(attrs).forEach((k) => node.setAttribute(k, String(attrs[k])));
    return node;
  }

  function div(cls, text) {
    const d = document.createElement("div");
    if (cls) {
      d.className = cls;
    }
    d.textContent = text;
    return d;
  }

  // ---- formats ----

  function fixed(v, digits) {
    return Number(v).toFixed(digits);
  }

  function num(v, fallback) {
    return typeof v === "number" && isFinite(v) ? v : fallback;
  }

  /** hh:mm in the bar's zone (the browser's when the location has none). */
  function clock(iso, zone) {
    const date = new Date(iso);
    try {
      return date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: zone || undefined });
    } catch (e) {
      return date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
    }
  }

  function age(secs) {
    if (secs < 90) {
      return "just now";
    }
    if (secs < 5400) {
      return Math.round(secs / 60) + " min ago";
    }
    return fixed(secs / 3600, 1) + " h ago";
  }

  function showMessage(text) {
    const m = el("message");
    m.textContent = text;
    m.hidden = false;
  }

  function hideMessage() {
    el("message").hidden = true;
  }

  access = readAccess();
  if (access) {
    start();
  } else {
    askForAccess(null);
  }
})();
