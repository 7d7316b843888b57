// Flipbook preview: the frame at the current time, a scrubbable timeline with the scene's
// event markers, playback, frame stepping, the animated values' curves with a playhead, and
// hot reload over Server-Sent Events. Plain JavaScript, no build step, no dependencies.
"use strict";

const $ = (id) => document.getElementById(id);
const canvas = $("frame");
const context = canvas.getContext("2d");

const state = {
  info: null, // /info of the scene on show
  time: 0, // the current time in seconds (kept across reloads, and in the URL's #t=)
  playing: false,
  speed: 1,
  wanted: null, // the time whose frame should be on show
  loading: null, // the time being fetched, or null
  shownTime: null, // the time of the frame on the canvas
  shownGeneration: -1,
  shownBytes: null, // the PNG bytes of the frame on the canvas (for tests)
  frameError: null,
  problem: null, // the scene file's current error, or null
};

// ---- time ----------------------------------------------------------------------------------

function lastTime() { return state.info ? state.info.lastTime : 0; }
function clampTime(t) { return Math.min(Math.max(t, 0), lastTime()); }
function frameOf(t) { return Math.floor(t * state.info.fps + 1e-6); }
// A frame's time exactly as the renderer computes it: index / fps.
function timeOfFrame(i) { return i / state.info.fps; }

function setTime(t, { snap = true } = {}) {
  if (!state.info) { state.time = t; return; }
  t = clampTime(t);
  if (snap) t = timeOfFrame(Math.min(frameOf(t), state.info.frameCount - 1));
  state.time = t;
  history.replaceState(null, "", "#t=" + t);
  showTime();
  requestFrame(t);
}

function step(frames) {
  if (!state.info) return;
  const current = Math.round(state.time * state.info.fps);
  const next = Math.min(Math.max(current + frames, 0), state.info.frameCount - 1);
  setTime(timeOfFrame(next), { snap: false });
}

function showTime() {
  const t = state.time;
  $("clock").textContent = t.toFixed(3) + " s";
  if (state.info) {
    const exact = Math.abs(t * state.info.fps - Math.round(t * state.info.fps)) < 1e-6;
    $("frame-number").textContent =
      "frame " + (exact ? Math.round(t * state.info.fps) : frameOf(t) + "+") + " / " + (state.info.frameCount - 1);
  }
  const x = lastTime() > 0 ? t / lastTime() : 0;
  $("thumb").style.left = x * 100 + "%";
  $("progress").style.width = x * 100 + "%";
  $("timeline").setAttribute("aria-valuenow", t.toFixed(3));
  drawPlayheads();
}

// ---- frames: the latest request wins, one fetch at a time ----------------------------------

function requestFrame(t) {
  state.wanted = t;
  if (state.loading === null) fetchFrame();
}

async function fetchFrame() {
  const t = state.wanted;
  state.loading = t;
  try {
    const response = await fetch("/frame.png?t=" + t, { cache: "no-store" });
    if (!response.ok) {
      state.frameError = (await response.text()).trim();
    } else {
      const bytes = await response.arrayBuffer();
      const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
      if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
        canvas.width = bitmap.width;
        canvas.height = bitmap.height;
      }
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0);
      bitmap.close();
      state.shownTime = t;
      state.shownGeneration = Number(response.headers.get("X-Generation"));
      state.shownBytes = new Uint8Array(bytes);
      state.frameError = null;
    }
  } catch (error) {
    state.frameError = String(error);
  }
  state.loading = null;
  showProblem();
  // A newer time was asked for meanwhile, or the scene reloaded while this frame was drawn.
  const stale = state.frameError === null && state.info && state.shownGeneration < state.info.generation;
  if (state.wanted !== t || stale) fetchFrame();
}

// ---- playback ------------------------------------------------------------------------------

let lastTick = null;
function tick(now) {
  if (!state.playing) { lastTick = null; return; }
  if (lastTick !== null && state.info) {
    let t = state.playhead + ((now - lastTick) / 1000) * state.speed;
    if (t > lastTime()) t = 0; // loop
    state.playhead = t;
    setTime(t);
  }
  lastTick = now;
  requestAnimationFrame(tick);
}

function setPlaying(playing) {
  state.playing = playing && !!state.info;
  $("play").textContent = state.playing ? "❚❚" : "▶";
  if (state.playing) {
    state.playhead = state.time >= lastTime() ? 0 : state.time;
    requestAnimationFrame(tick);
  }
}

$("play").addEventListener("click", () => setPlaying(!state.playing));
$("speed").addEventListener("change", (e) => { state.speed = Number(e.target.value); });

document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "SELECT") return;
  if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
    e.preventDefault();
    setPlaying(false);
    step((e.key === "ArrowRight" ? 1 : -1) * (e.shiftKey ? 10 : 1));
  } else if (e.key === " ") {
    e.preventDefault();
    setPlaying(!state.playing);
  }
});

// ---- the timeline: follows the pointer while it is held ------------------------------------

function scrubber(element) {
  const timeAt = (e) => {
    const box = element.getBoundingClientRect();
    return ((e.clientX - box.left) / box.width) * lastTime();
  };
  element.addEventListener("pointerdown", (e) => {
    if (!state.info) return;
    element.setPointerCapture(e.pointerId);
    setPlaying(false);
    setTime(timeAt(e));
  });
  element.addEventListener("pointermove", (e) => {
    if (element.hasPointerCapture(e.pointerId)) setTime(timeAt(e));
  });
}
scrubber($("timeline"));

function drawMarkers() {
  const markers = $("markers");
  markers.replaceChildren();
  const axis = $("axis");
  axis.replaceChildren();
  if (!state.info || lastTime() <= 0) return;
  for (const t of state.info.eventTimes) {
    if (t > lastTime()) continue;
    const m = document.createElement("div");
    m.className = "marker";
    m.style.left = (t / lastTime()) * 100 + "%";
    m.title = "event at " + t + " s";
    markers.append(m);
  }
  const steps = [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600];
  const stepSize = steps.find((s) => lastTime() / s <= 10) || 600;
  for (let t = 0; t <= lastTime() + 1e-9; t += stepSize) {
    const label = document.createElement("span");
    label.style.left = (t / lastTime()) * 100 + "%";
    label.textContent = +t.toFixed(3) + " s";
    axis.append(label);
  }
}

// ---- curves: render curves' values, one panel each, with a playhead ------------------------

const componentColors = { red: "#ff3b30", green: "#34c759", blue: "#007aff", opacity: "#8e8e93" };
const lineColors = ["#007aff", "#ff9500", "#34c759", "#ff2d55"];
let panels = [];

function buildCurves() {
  const section = $("curves");
  section.replaceChildren();
  panels = [];
  const curves = state.info && state.info.curves;
  if (!curves || curves.values.length === 0) {
    const p = document.createElement("p");
    p.className = "empty";
    p.textContent = "Nothing animates, so there are no curves to plot.";
    section.append(p);
    return;
  }
  for (const value of curves.values) {
    const panel = document.createElement("div");
    panel.className = "curve";
    const label = document.createElement("div");
    label.className = "curve-label";
    const name = document.createElement("strong");
    name.textContent = value.label;
    name.title = value.target;
    label.append(name);
    value.components.forEach((c, i) => {
      const legend = document.createElement("span");
      const swatch = document.createElement("span");
      swatch.className = "swatch";
      swatch.style.background = colorOf(c.name, i);
      legend.append(swatch, c.name);
      label.append(legend);
    });
    const plot = document.createElement("canvas");
    scrubber(plot);
    panel.append(label, plot);
    section.append(panel);
    panels.push({ value, plot });
  }
  drawCurves();
}

function colorOf(name, index) { return componentColors[name] || lineColors[index % lineColors.length]; }

function drawCurves() {
  const times = state.info.curves.times;
  for (const { value, plot } of panels) {
    const ratio = window.devicePixelRatio || 1;
    const width = plot.clientWidth, height = plot.clientHeight;
    plot.width = Math.round(width * ratio);
    plot.height = Math.round(height * ratio);
    const g = plot.getContext("2d");
    g.scale(ratio, ratio);
    const all = value.components.flatMap((c) => c.values).filter((v) => v !== null);
    let low = Math.min(...all), high = Math.max(...all);
    if (high <= low) { low -= 1; high += 1; }
    const x = (t) => (t / lastTime()) * width;
    const y = (v) => 6 + ((high - v) / (high - low)) * (height - 12);
    g.fillStyle = "#f7f7f9";
    g.fillRect(0, 0, width, height);
    g.fillStyle = "rgba(255, 149, 0, 0.75)";
    for (const t of state.info.eventTimes) if (t <= lastTime()) g.fillRect(Math.round(x(t)) - 0.5, 0, 1, height);
    value.components.forEach((c, i) => {
      g.strokeStyle = colorOf(c.name, i);
      g.lineWidth = 2;
      g.beginPath();
      let drawing = false;
      c.values.forEach((v, k) => {
        if (v === null) { drawing = false; return; }
        if (drawing) g.lineTo(x(times[k]), y(v)); else g.moveTo(x(times[k]), y(v));
        drawing = true;
      });
      g.stroke();
    });
    g.fillStyle = "#8e8e93";
    g.font = "11px sans-serif";
    g.fillText(compact(Math.max(...all)), 4, 12);
    g.fillText(compact(Math.min(...all)), 4, height - 4);
    plot.base = g.getImageData(0, 0, plot.width, plot.height);
  }
  drawPlayheads();
}

function drawPlayheads() {
  if (!state.info) return;
  for (const { plot } of panels) {
    if (!plot.base) continue;
    const g = plot.getContext("2d");
    g.putImageData(plot.base, 0, 0);
    const ratio = window.devicePixelRatio || 1;
    g.fillStyle = "#007aff";
    g.fillRect(Math.round((state.time / lastTime()) * plot.clientWidth * ratio) - ratio, 0, 2 * ratio, plot.height);
  }
}

function compact(v) { return String(+v.toFixed(3)); }

window.addEventListener("resize", () => { if (state.info) drawCurves(); });

// ---- the scene: /info, and reloads and errors over /events ---------------------------------

async function loadInfo() {
  const response = await fetch("/info", { cache: "no-store" });
  if (!response.ok) return false;
  state.info = await response.json();
  $("title").textContent = state.info.file + " — " + state.info.width + "×" + state.info.height + ", " +
    state.info.fps + " fps, " + state.info.duration + " s";
  document.title = state.info.file + " — Flipbook preview";
  drawMarkers();
  buildCurves();
  setTime(state.time, { snap: false });
  return true;
}

function showProblem() {
  const text = state.problem || (state.info ? null : state.frameError);
  $("error").hidden = !text;
  $("error-text").textContent = text || "";
  const status = $("status");
  status.classList.toggle("bad", !!text);
}

function connect() {
  const events = new EventSource("/events");
  events.addEventListener("reload", async () => {
    state.problem = null;
    $("status").textContent = "live: reloads when the file changes";
    await loadInfo();
    showProblem();
  });
  events.addEventListener("error", async (e) => {
    if (!e.data) { // the connection, not the scene
      $("status").textContent = "disconnected from render preview; retrying…";
      $("status").classList.add("bad");
      return;
    }
    state.problem = JSON.parse(e.data).message;
    $("status").textContent = "the file has errors";
    if (!state.info) await loadInfo(); // a page opened while the file is invalid: its last good version
    showProblem();
  });
  events.addEventListener("open", () => {
    $("status").textContent = "live: reloads when the file changes";
  });
}

// What tests read: the time, the frame on show and its bytes and pixels.
window.flipbookPreview = {
  state: () => ({
    time: state.time, shownTime: state.shownTime, shownGeneration: state.shownGeneration,
    generation: state.info ? state.info.generation : null, loading: state.loading !== null,
    problem: state.problem, frameError: state.frameError, width: canvas.width, height: canvas.height,
    playing: state.playing,
  }),
  frameBase64: () => base64(state.shownBytes || new Uint8Array()),
  pixelsBase64: () => base64(new Uint8Array(context.getImageData(0, 0, canvas.width, canvas.height).data.buffer)),
  timelineBox: () => { const b = $("timeline").getBoundingClientRect(); return { x: b.left, y: b.top, width: b.width, height: b.height }; },
  frameBox: () => { const b = canvas.getBoundingClientRect(); return { x: b.left, y: b.top, width: b.width, height: b.height }; },
};

function base64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

const fromURL = /#t=([0-9.e+-]+)/.exec(location.hash);
if (fromURL) state.time = Number(fromURL[1]) || 0;
connect();
