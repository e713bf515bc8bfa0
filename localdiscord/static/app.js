// Parlor playground: renders what one user of the local Discord sees and sends what they do.
// Everything goes through the JSON API in localdiscord/page.py.
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);
const params = new URLSearchParams(location.search);
const S = {
  me: null,            // {id, name, manage_guild}
  channel: params.get("channel") || "",
  state: null,
  revision: null,
  commands: [],
  poll: null,          // AbortController of the running long poll
  openSelect: null,    // {messageId, customId, values} of an open menu
  failed: {},          // messageId -> text of the last failed interaction
  busy: new Set(),     // "messageId|customId" being sent
  cmd: null,           // the slash command being filled in: {path, spec}
  menuIndex: 0,
  sending: 0,          // requests for what the user did, sent and not answered yet
};

// ---------------------------------------------------------------- API

async function api(path, body, signal) {
  if (body === undefined) return request(path, { signal });
  // what the user did (a click, a command...) and is not answered yet: the page says how many, as it says its
  // revision, so that whoever drives it knows when what it did has reached the playground
  setSending(S.sending + 1);
  try {
    return await request(path, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal,
    });
  } finally {
    setSending(S.sending - 1);
  }
}

async function request(path, opts) {
  const resp = await fetch("/playground/api/" + path, opts);
  let data = {};
  try { data = await resp.json(); } catch (e) { data = { error: "The playground answered with something unreadable." }; }
  if (!resp.ok && !data.error) data.error = `Request failed (${resp.status}).`;
  return data;
}

function setSending(n) {
  S.sending = n;
  document.body.dataset.sending = String(n);
}

function query(extra) {
  const q = new URLSearchParams({ as: S.me ? S.me.id : (params.get("as") || "") });
  if (S.channel) q.set("channel", S.channel);
  for (const [k, v] of Object.entries(extra || {})) q.set(k, v);
  return q.toString();
}

// ---------------------------------------------------------------- start

async function start() {
  setSending(0);
  const me = await api("me?" + new URLSearchParams({ as: params.get("as") || "" }));
  if (me.error) { $("#messages").innerHTML = `<div class="empty">${esc(me.error)}</div>`; return; }
  S.me = me.user;
  syncUrl();
  bindComposer();
  bindSidebar();
  await loadCommands();
  restartPoll();
  setInterval(refreshTimestamps, 1000);
}

function syncUrl() {
  const q = new URLSearchParams();
  if (S.me) q.set("as", S.me.name);
  if (S.channel) q.set("channel", S.channel);
  history.replaceState(null, "", "?" + q.toString());
}

function restartPoll() {
  if (S.poll) S.poll.abort();
  S.revision = null;
  const ctrl = new AbortController();
  S.poll = ctrl;
  pollLoop(ctrl);
}

async function pollLoop(ctrl) {
  let failures = 0;
  while (!ctrl.signal.aborted) {
    try {
      const extra = S.revision === null ? {} : { since: S.revision, wait: 25 };
      const state = await api("state?" + query(extra), undefined, ctrl.signal);
      if (ctrl.signal.aborted) return;
      if (state.error) throw new Error(state.error);
      failures = 0;
      const commandsChanged = S.state && state.revision !== S.revision && S.state.bot.connected !== state.bot.connected;
      S.revision = state.revision;
      render(state);
      if (commandsChanged) loadCommands();
    } catch (e) {
      if (ctrl.signal.aborted) return;
      failures += 1;
      setStatus(false, "the playground is not reachable");
      await sleep(Math.min(5000, 500 * failures));
    }
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function loadCommands() {
  const data = await api("commands?" + query());
  S.commands = data.commands || [];
}

// ---------------------------------------------------------------- rendering the channel

function setStatus(online, text) {
  const el = $("#bot-status");
  el.className = online ? "online" : "offline";
  el.textContent = text;
}

function render(state) {
  const first = !S.state;
  S.state = state;
  S.channel = state.channel.id;
  S.me = state.me;
  $("#guild-name").textContent = state.guild.name;
  setStatus(state.bot.connected, state.bot.connected ? `${state.bot.name} is online` : `${state.bot.name} is offline`);
  renderSidebar(state);
  $("#channel-name").textContent = state.channel.dm ? "@" + state.channel.name : state.channel.name;
  $(".hash").textContent = state.channel.dm ? "" : "#";
  $("#composer-input").placeholder = state.channel.dm
    ? `Message @${state.channel.name}` : `Message #${state.channel.name} — type / for commands`;
  renderMessages(state, first);
  document.body.dataset.revision = state.revision;  // what the page shows is up to this revision
}

function renderSidebar(state) {
  const nav = $("#channels");
  const key = JSON.stringify([state.channels, state.channel.id]);
  if (nav.dataset.key !== key) {
    nav.dataset.key = key;
    nav.innerHTML = "";
    const section = (t) => { const d = el("div", "section", t); nav.append(d); };
    section("Text channels");
    for (const c of state.channels.filter((c) => !c.dm)) nav.append(channelLink(c, "# " + c.name));
    const dms = state.channels.filter((c) => c.dm);
    if (dms.length) { section("Direct messages"); for (const c of dms) nav.append(channelLink(c, "@ " + c.name)); }
  }
  const picker = $("#user-picker");
  const ukey = JSON.stringify([state.users, state.me.id]);
  if (picker.dataset.key !== ukey) {
    picker.dataset.key = ukey;
    picker.innerHTML = "";
    for (const u of state.users) {
      const o = el("option", null, u.name + (u.manage_guild ? " (manager)" : ""));
      o.value = u.id;
      o.selected = u.id === state.me.id;
      picker.append(o);
    }
  }
}

function channelLink(c, text) {
  const a = el("a", c.id === S.state.channel.id ? "active" : null, text);
  a.href = "#";
  a.dataset.channel = c.id;
  a.addEventListener("click", (ev) => { ev.preventDefault(); switchChannel(c.id); });
  return a;
}

function switchChannel(id) {
  S.channel = id;
  showAfresh();
}

// The channel drawn again from nothing, as the one chosen (channel, user) sees it: the URL says who and where.
function showAfresh() {
  S.state = null;
  $("#messages").innerHTML = "";
  syncUrl();
  closeCommand();
  restartPoll();
}

function renderMessages(state, first) {
  const box = $("#messages");
  const atBottom = first || box.scrollHeight - box.scrollTop - box.clientHeight < 120;
  const dismissed = dismissedSet();
  const wanted = state.messages.filter((m) => !dismissed.has(m.id));
  const existing = new Map([...box.querySelectorAll(":scope > .message")].map((n) => [n.dataset.messageId, n]));
  let prev = null;
  let cursor = box.firstChild;
  const older = $(".older", box);
  if (state.older && !older) box.prepend(el("div", "older", `${state.older} older message(s) not shown`));
  if (!state.older && older) older.remove();
  if (!wanted.length && !$(".empty", box)) box.append(el("div", "empty", "No messages yet. Type / to use a command, for example /play koikoi."));
  if (wanted.length) $(".empty", box)?.remove();
  cursor = box.querySelector(":scope > .message");
  const keep = new Set();
  for (const m of wanted) {
    const head = isHead(m, prev);
    const key = JSON.stringify([m, head, S.failed[m.id] || "", busyKey(m.id), openKey(m.id)]);
    let node = existing.get(m.id);
    if (!node || node.dataset.key !== key) {
      const fresh = renderMessage(m, head, state);
      fresh.dataset.key = key;
      if (node) node.replaceWith(fresh); else if (cursor) box.insertBefore(fresh, cursor); else box.append(fresh);
      node = fresh;
    } else if (node !== cursor) {
      if (cursor) box.insertBefore(node, cursor); else box.append(node);
    }
    keep.add(m.id);
    cursor = node.nextSibling;
    prev = m;
  }
  for (const [id, n] of existing) if (!keep.has(id)) n.remove();
  refreshTimestamps();
  if (atBottom) box.scrollTop = box.scrollHeight;
}

const busyKey = (id) => [...S.busy].filter((k) => k.startsWith(id + "|")).join(",");
const openKey = (id) => (S.openSelect && S.openSelect.messageId === id ? JSON.stringify(S.openSelect) : "");

function isHead(m, prev) {
  if (!prev || m.command || prev.author.id !== m.author.id) return true;
  if (m.ephemeral !== prev.ephemeral) return true;
  return Date.parse(m.timestamp) - Date.parse(prev.timestamp) > 5 * 60 * 1000;
}

function renderMessage(m, head, state) {
  const node = el("div", "message" + (head ? " head" : "") + (m.ephemeral ? " ephemeral" : ""));
  node.dataset.messageId = m.id;
  node.dataset.ephemeral = m.ephemeral ? "true" : "false";
  node.dataset.author = m.author.id;
  if (m.ephemeral && m.interaction_metadata) node.dataset.for = m.interaction_metadata.user.id;
  if (m.command) {
    const used = el("div", "used");
    used.append(el("b", null, m.command_user || "someone"), " used ", el("span", "cmd", m.command));
    node.append(used);
  }
  if (head) {
    const name = m.author.global_name || m.author.username;
    const av = el("div", "avatar", (name || "?").slice(0, 1).toUpperCase());
    av.style.background = colourFor(m.author.id, m.author.bot);
    node.append(av);
    const meta = el("div", "meta");
    const author = el("span", "author", name);
    meta.append(author);
    if (m.author.bot) meta.append(el("span", "tag", "APP"));
    meta.append(el("span", "time", formatTime(m.timestamp)));
    node.append(meta);
  }
  if (m.loading) {
    const c = el("div", "content loading");
    c.append(`${m.author.username} is thinking`, el("span", "dots"));
    node.append(c);
  } else {
    if (m.content) {
      const c = el("div", "content");
      c.innerHTML = markdown(m.content, state);
      if (m.edited_timestamp) c.append(el("span", "edited", "(edited)"));
      node.append(c);
    } else if (m.edited_timestamp && !m.embeds.length) {
      node.append(el("span", "edited", "(edited)"));
    }
    const hidden = new Set();
    for (const e of m.embeds || []) node.append(renderEmbed(e, m, state, hidden));
    for (const a of m.attachments || []) if (!hidden.has(a.filename)) node.append(renderAttachment(a));
    if (m.components && m.components.length) node.append(renderComponents(m.components, m, state));
  }
  if (S.failed[m.id]) node.append(el("div", "failed", S.failed[m.id]));
  if (m.ephemeral) {
    const f = el("div", "only-you");
    f.append("👁 Only you can see this • ");
    const d = el("a", null, "Dismiss message");
    d.addEventListener("click", () => dismiss(m.id));
    f.append(d);
    node.append(f);
  }
  return node;
}

function colourFor(id, bot) {
  if (bot) return "#5865f2";
  const palette = ["#3ba55c", "#faa61a", "#ed4245", "#eb459e", "#747f8d", "#1abc9c", "#e67e22", "#9b59b6"];
  let h = 0;
  for (const ch of String(id)) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return palette[h % palette.length];
}

function dismissedSet() {
  try { return new Set(JSON.parse(sessionStorage.getItem("dismissed:" + (S.me && S.me.id)) || "[]")); } catch (e) { return new Set(); }
}

function dismiss(id) {
  const s = dismissedSet();
  s.add(id);
  sessionStorage.setItem("dismissed:" + S.me.id, JSON.stringify([...s]));
  if (S.state) renderMessages(S.state, false);
}

// ---------------------------------------------------------------- embeds, attachments

function resolveUrl(url, m, hidden) {
  if (url && url.startsWith("attachment://")) {
    const name = url.slice("attachment://".length);
    const a = (m.attachments || []).find((x) => x.filename === name);
    if (a) { hidden.add(name); return a.url; }
    return "";
  }
  return url || "";
}

function renderEmbed(e, m, state, hidden) {
  const box = el("div", "embed");
  box.dataset.embed = "1";
  if (e.color !== undefined && e.color !== null) box.style.borderLeftColor = "#" + Number(e.color).toString(16).padStart(6, "0");
  if (e.author && e.author.name) box.append(el("div", "embed-author", e.author.name));
  if (e.title) {
    const t = el("div", "embed-title");
    if (e.url) { const a = el("a", null); a.href = e.url; a.target = "_blank"; a.innerHTML = inline(e.title, state); t.append(a); }
    else t.innerHTML = inline(e.title, state);
    box.append(t);
  }
  if (e.description) { const d = el("div", "embed-description"); d.innerHTML = markdown(e.description, state); box.append(d); }
  if (e.fields && e.fields.length) {
    const fs = el("div", "embed-fields");
    for (const f of e.fields) {
      const fd = el("div", "embed-field" + (f.inline ? " inline" : ""));
      const n = el("div", "embed-field-name"); n.innerHTML = inline(f.name || "", state);
      const v = el("div", "embed-field-value"); v.innerHTML = markdown(f.value || "", state);
      fd.append(n, v);
      fs.append(fd);
    }
    box.append(fs);
  }
  const img = e.image && resolveUrl(e.image.url, m, hidden);
  if (img) { const i = el("img", "embed-image"); i.src = img; i.alt = ""; box.append(i); }
  const thumb = e.thumbnail && resolveUrl(e.thumbnail.url, m, hidden);
  if (thumb) { const i = el("img", "embed-thumbnail"); i.src = thumb; i.alt = ""; box.append(i); box.classList.add("has-thumb"); }
  const foot = [];
  if (e.footer && e.footer.text) foot.push(e.footer.text);
  if (e.timestamp) foot.push(formatTime(e.timestamp));
  if (foot.length) { const f = el("div", "embed-footer"); f.innerHTML = foot.map((t) => inline(t, state)).join(" • "); box.append(f); }
  return box;
}

function renderAttachment(a) {
  if ((a.content_type || "").startsWith("image/")) {
    const link = el("a");
    link.href = a.url; link.target = "_blank";
    const i = el("img", "attachment-image"); i.src = a.url; i.alt = a.description || a.filename;
    link.append(i);
    return link;
  }
  const box = el("div", "attachment-file");
  const link = el("a", null, a.filename);
  link.href = a.url; link.download = a.filename;
  box.append("📄", link, el("span", "size", humanSize(a.size)));
  return box;
}

const humanSize = (n) => (n < 1024 ? `${n} bytes` : n < 1048576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1048576).toFixed(1)} MB`);

// ---------------------------------------------------------------- components

function renderComponents(list, m, state) {
  const box = el("div", "components");
  for (const c of list) box.append(renderComponent(c, m, state));
  return box;
}

function renderComponent(c, m, state) {
  switch (c.type) {
    case 1: { const row = el("div", "row"); for (const x of c.components || []) row.append(renderComponent(x, m, state)); return row; }
    case 2: return renderButton(c, m);
    case 3: case 5: case 6: case 7: case 8: return renderSelect(c, m, state);
    case 9: {
      const s = el("div", "section"); const texts = el("div");
      for (const x of c.components || []) texts.append(renderComponent(x, m, state));
      s.append(texts); if (c.accessory) s.append(renderComponent(c.accessory, m, state)); return s;
    }
    case 10: { const t = el("div", "content"); t.innerHTML = markdown(c.content || "", state); return t; }
    case 11: { const i = el("img", "embed-thumbnail"); i.style.position = "static"; i.src = resolveUrl(c.media && c.media.url, m, new Set()); return i; }
    case 12: { const g = el("div"); for (const it of c.items || []) { const i = el("img", "attachment-image"); i.src = resolveUrl(it.media && it.media.url, m, new Set()); g.append(i); } return g; }
    case 14: return el("hr", "separator");
    case 17: {
      const box = el("div", "container");
      if (c.accent_color !== undefined && c.accent_color !== null) box.style.borderLeftColor = "#" + Number(c.accent_color).toString(16).padStart(6, "0");
      for (const x of c.components || []) box.append(renderComponent(x, m, state));
      return box;
    }
    default: return el("span");
  }
}

// A custom emoji is its image, as Discord's CDN serves it (the fake serves /emojis/<id>.png); its name is the
// alt text, and shows if the image cannot be loaded.
function customEmoji(name, id, animated) {
  const img = el("img", "emoji custom");
  img.src = `/emojis/${id}.${animated ? "gif" : "png"}`;
  img.alt = img.title = `:${name}:`;
  img.draggable = false;
  return img;
}

function emojiNode(emoji) {
  if (!emoji) return null;
  return emoji.id ? customEmoji(emoji.name, emoji.id, emoji.animated) : el("span", "emoji", emoji.name);
}

function renderButton(c, m) {
  const style = c.style || 2;
  if (style === 5) {
    const a = el("a", "btn s5");
    a.href = c.url; a.target = "_blank";
    const e = emojiNode(c.emoji); if (e) a.append(e);
    a.append(c.label || "", " ↗");
    return a;
  }
  const b = el("button", `btn s${Math.min(style, 4)}`);
  b.type = "button";
  const e = emojiNode(c.emoji); if (e) b.append(e);
  if (c.label) b.append(el("span", "label", c.label));
  b.dataset.customId = c.custom_id || "";
  const key = m.id + "|" + c.custom_id;
  b.disabled = !!c.disabled || S.busy.has(key) || style === 6;
  if (S.busy.has(key)) b.classList.add("busy");
  b.addEventListener("click", () => interact("click", m.id, c.custom_id, { message_id: m.id, custom_id: c.custom_id }));
  return b;
}

function selectOptions(c, state) {
  if (c.type === 3) return (c.options || []).map((o) => ({ value: o.value, label: o.label, description: o.description, emoji: o.emoji, default: o.default }));
  if (c.type === 5 || c.type === 8) return state.users.map((u) => ({ value: u.id, label: u.name }));
  if (c.type === 7) return state.channels.filter((x) => !x.dm).map((x) => ({ value: x.id, label: "#" + x.name }));
  if (c.type === 6) return Object.entries(state.roles).map(([id, name]) => ({ value: id, label: "@" + name }));
  return [];
}

function renderSelect(c, m, state) {
  const wrap = el("div", "select");
  wrap.dataset.customId = c.custom_id;
  const options = selectOptions(c, state);
  const max = Math.max(1, Math.min(c.max_values || 1, options.length || 1));
  const min = c.min_values === undefined ? 1 : c.min_values;
  const open = S.openSelect && S.openSelect.messageId === m.id && S.openSelect.customId === c.custom_id;
  const chosen = open ? S.openSelect.values : options.filter((o) => o.default).map((o) => o.value);
  const head = el("button", "select-head");
  head.type = "button";
  head.disabled = !!c.disabled || S.busy.has(m.id + "|" + c.custom_id);
  const labels = options.filter((o) => chosen.includes(o.value)).map((o) => o.label);
  if (labels.length) head.append(labels.join(", ")); else head.append(el("span", "placeholder", c.placeholder || "Make a selection"));
  head.addEventListener("click", (ev) => {
    ev.stopPropagation();
    if (open) closeSelect(true); else { S.openSelect = { messageId: m.id, customId: c.custom_id, values: [], max, min }; rerender(); }
  });
  wrap.append(head);
  if (open) {
    const list = el("div", "select-list");
    list.setAttribute("role", "listbox");
    list.addEventListener("click", (ev) => ev.stopPropagation());
    for (const o of options) {
      const item = el("div", "select-option" + (chosen.includes(o.value) ? " chosen" : ""));
      item.setAttribute("role", "option");
      item.dataset.value = o.value;
      if (max > 1) item.append(el("span", "box"));
      const text = el("div");
      const e = emojiNode(o.emoji);
      if (e) text.append(e, " ");
      text.append(o.label);
      if (o.description) text.append(el("div", "desc", o.description));
      item.append(text);
      item.addEventListener("click", () => {
        const sel = S.openSelect;
        if (max === 1) { sel.values = [o.value]; closeSelect(true); return; }
        sel.values = sel.values.includes(o.value) ? sel.values.filter((v) => v !== o.value) : [...sel.values, o.value].slice(0, max);
        rerender();
      });
      list.append(item);
    }
    if (max > 1) {
      const done = el("div", "select-done");
      const b = el("button", null, `Done (${chosen.length} of ${min === max ? max : `${min}–${max}`})`);
      b.type = "button";
      b.disabled = chosen.length < min;
      b.addEventListener("click", () => closeSelect(true));
      done.append(b);
      list.append(done);
    }
    wrap.append(list);
  }
  return wrap;
}

function closeSelect(send) {
  const sel = S.openSelect;
  S.openSelect = null;
  if (send && sel && sel.values.length >= Math.max(1, sel.min)) {
    interact("select", sel.messageId, sel.customId, { message_id: sel.messageId, custom_id: sel.customId, values: sel.values });
  } else rerender();
}

document.addEventListener("click", () => { if (S.openSelect) closeSelect(true); });
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && S.openSelect) closeSelect(false); });

function rerender() { if (S.state) renderMessages(S.state, false); }

async function interact(kind, messageId, customId, body) {
  const key = messageId + "|" + customId;
  if (S.busy.has(key)) return;
  S.busy.add(key);
  delete S.failed[messageId];
  rerender();
  try {
    const res = await api(kind, { as: S.me.id, ...body });
    if (res.error) S.failed[messageId] = res.error === "The application did not respond." ? "This interaction failed" : res.error;
    else if (res.modal) openModal(res.modal, res.interaction_id);
  } catch (e) {
    S.failed[messageId] = "This interaction failed";
  } finally {
    S.busy.delete(key);
    rerender();
  }
}

// ---------------------------------------------------------------- modals

function modalInputs(modal) {
  const out = [];
  for (const row of modal.components || []) {
    if (row.type === 1) for (const c of row.components || []) out.push({ c, label: c.label });
    else if (row.type === 18 && row.component) out.push({ c: row.component, label: row.label, description: row.description });
    else if (row.type === 10) out.push({ text: row.content });
  }
  return out;
}

function openModal(modal, interactionId) {
  const form = $("#modal");
  form.innerHTML = "";
  form.append(el("h2", null, modal.title || ""));
  const fields = [];
  for (const item of modalInputs(modal)) {
    if (item.text) { const t = el("div", "content"); t.innerHTML = markdown(item.text, S.state); form.append(t); continue; }
    const c = item.c;
    const label = el("label", null, item.label || c.label || "");
    if (c.type === 4) {
      const input = el(c.style === 2 ? "textarea" : "input");
      if (c.placeholder) input.placeholder = c.placeholder;
      if (c.value) input.value = c.value;
      if (c.max_length) input.maxLength = c.max_length;
      if (c.min_length) input.minLength = c.min_length;
      input.required = c.required !== false;
      input.name = c.custom_id;
      label.append(input);
      fields.push(() => [c.custom_id, input.value]);
    } else if (c.type === 3) {
      const select = el("select");
      select.multiple = (c.max_values || 1) > 1;
      for (const o of c.options || []) { const opt = el("option", null, o.label); opt.value = o.value; select.append(opt); }
      label.append(select);
      fields.push(() => [c.custom_id, [...select.selectedOptions].map((o) => o.value)]);
    }
    form.append(label);
  }
  const err = el("div", "form-error");
  const buttons = el("div", "buttons");
  const cancel = el("button", "secondary", "Cancel");
  cancel.type = "button";
  cancel.addEventListener("click", closeModal);
  const submit = el("button", null, "Submit");
  submit.type = "submit";
  buttons.append(cancel, submit);
  form.append(err, buttons);
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    submit.disabled = true;
    const values = Object.fromEntries(fields.map((f) => f()));
    const res = await api("modal", { as: S.me.id, interaction_id: interactionId, values });
    submit.disabled = false;
    if (res.error) { err.textContent = res.error === "The application did not respond." ? "Something went wrong. Try again." : res.error; return; }
    closeModal();
    if (res.modal) openModal(res.modal, res.interaction_id);
  };
  $("#modal-backdrop").hidden = false;
  const firstInput = $("input, textarea, select", form);
  if (firstInput) firstInput.focus();
}

function closeModal() { $("#modal-backdrop").hidden = true; $("#modal").innerHTML = ""; }

// ---------------------------------------------------------------- composer: slash commands and messages

function commandEntries() {
  const out = [];
  for (const c of S.commands) {
    const subs = (c.options || []).filter((o) => o.type === 1 || o.type === 2);
    if (!subs.length) { out.push({ path: c.name, description: c.description, options: c.options || [] }); continue; }
    for (const s of subs) {
      if (s.type === 1) out.push({ path: `${c.name} ${s.name}`, description: s.description, options: s.options || [] });
      else for (const t of (s.options || []).filter((o) => o.type === 1)) out.push({ path: `${c.name} ${s.name} ${t.name}`, description: t.description, options: t.options || [] });
    }
  }
  return out;
}

function bindComposer() {
  const input = $("#composer-input");
  input.addEventListener("input", () => {
    $("#composer-error").textContent = "";
    if (input.value.startsWith("/")) {
      const opening = $("#cmd-menu").hidden;
      showMenu(input.value.slice(1));
      if (opening) loadCommands().then(() => { if (!$("#cmd-menu").hidden) showMenu(input.value.slice(1)); });
    } else hideMenu();
  });
  input.addEventListener("keydown", async (ev) => {
    const menuOpen = !$("#cmd-menu").hidden;
    if (menuOpen && (ev.key === "ArrowDown" || ev.key === "ArrowUp")) {
      ev.preventDefault();
      S.menuIndex += ev.key === "ArrowDown" ? 1 : -1;
      showMenu(input.value.slice(1));
      return;
    }
    if (ev.key === "Escape") { hideMenu(); closeCommand(); return; }
    if (ev.key !== "Enter") return;
    ev.preventDefault();
    if (menuOpen) {
      const items = matchingCommands(input.value.slice(1));
      const pick = items[Math.max(0, Math.min(S.menuIndex, items.length - 1))];
      if (pick) chooseCommand(pick);
      return;
    }
    const text = input.value.trim();
    if (!text) return;
    if (text.startsWith("/")) { $("#composer-error").textContent = "Choose a command from the list."; return; }
    const res = await api("say", { as: S.me.id, channel: S.channel, content: text });
    if (res.error) $("#composer-error").textContent = res.error; else input.value = "";
  });
}

function matchingCommands(typed) {
  const t = typed.trim().toLowerCase();
  return commandEntries().filter((c) => c.path.startsWith(t) || c.path.replace(/ /g, "").startsWith(t.replace(/ /g, "")));
}

function showMenu(typed) {
  const menu = $("#cmd-menu");
  const items = matchingCommands(typed);
  menu.innerHTML = "";
  if (!S.commands.length) {
    menu.append(el("div", "cmd-item", `${S.state ? S.state.bot.name : "The bot"} has not registered any commands yet.`));
  } else if (!items.length) {
    menu.append(el("div", "cmd-item", "No command matches."));
  }
  S.menuIndex = Math.max(0, Math.min(S.menuIndex, items.length - 1));
  items.forEach((c, i) => {
    const it = el("div", "cmd-item" + (i === S.menuIndex ? " active" : ""));
    it.dataset.command = c.path;
    it.append(el("span", "name", "/" + c.path), el("span", "desc", c.description || ""));
    it.addEventListener("mousedown", (ev) => { ev.preventDefault(); chooseCommand(c); });
    menu.append(it);
  });
  menu.hidden = false;
}

function hideMenu() { $("#cmd-menu").hidden = true; S.menuIndex = 0; }

function chooseCommand(c) {
  hideMenu();
  const input = $("#composer-input");
  input.value = "/" + c.path + " ";
  S.cmd = c;
  const form = $("#cmd-form");
  form.innerHTML = "";
  const title = el("div", "cmd-title", "/" + c.path);
  title.append(el("span", "desc", c.description || ""));
  form.append(title);
  const opts = [...c.options].sort((a, b) => (b.required ? 1 : 0) - (a.required ? 1 : 0));
  for (const o of opts) form.append(optionField(o));
  const send = el("button", null, "Send");
  send.type = "submit";
  const cancel = el("button", "secondary", "Cancel");
  cancel.type = "button";
  cancel.addEventListener("click", () => { closeCommand(); input.value = ""; });
  form.append(send, cancel);
  form.onsubmit = (ev) => { ev.preventDefault(); sendCommand(); };
  form.hidden = false;
  const first = $("input, select", form);
  if (first) first.focus(); else send.focus();
}

function optionField(o) {
  const wrap = el("label", "opt");
  wrap.title = o.description || "";
  const name = el("span", "name", o.name);
  if (o.required) name.append(el("span", "req", " *"));
  wrap.append(name);
  let input;
  const choices = o.choices || [];
  if (choices.length || o.type === 5 || o.type === 6 || o.type === 9 || o.type === 7 || o.type === 8) {
    input = el("select");
    if (!o.required || o.type === 5) input.append(optionEl("", o.required ? "choose…" : "—"));
    let list = choices.map((c) => [String(c.value), c.name]);
    if (o.type === 5) list = [["true", "True"], ["false", "False"]];
    if (o.type === 6 || o.type === 9) list = S.state.users.map((u) => [u.id, u.name]);
    if (o.type === 7) list = S.state.channels.filter((x) => !x.dm).map((x) => [x.id, "#" + x.name]);
    if (o.type === 8) list = Object.entries(S.state.roles).map(([id, n]) => [id, "@" + n]);
    for (const [v, l] of list) input.append(optionEl(v, l));
  } else if (o.type === 11) {
    input = el("input"); input.type = "file";
  } else {
    input = el("input");
    if (o.type === 4 || o.type === 10) {
      input.type = "number";
      input.step = o.type === 4 ? "1" : "any";
      if (o.min_value !== undefined && o.min_value !== null) input.min = o.min_value;
      if (o.max_value !== undefined && o.max_value !== null) input.max = o.max_value;
      const range = [o.min_value, o.max_value].every((x) => x !== undefined && x !== null) ? `${o.min_value}–${o.max_value}` : "";
      input.placeholder = range || (o.type === 4 ? "whole number" : "number");
    } else {
      if (o.max_length) input.maxLength = o.max_length;
      input.placeholder = o.description ? o.description.slice(0, 40) : "text";
    }
    if (o.autocomplete) {
      const list = el("datalist");
      list.id = "ac-" + o.name;
      input.setAttribute("list", list.id);
      input.addEventListener("input", () => autocomplete(o.name, list));
      input.addEventListener("focus", () => autocomplete(o.name, list));
      wrap.append(list);
    }
  }
  input.name = o.name;
  input.dataset.type = o.type;
  wrap.append(input);
  return wrap;
}

function optionEl(v, l) { const o = el("option", null, l); o.value = v; return o; }

function collectOptions() {
  const out = {};
  for (const input of $("#cmd-form").querySelectorAll("input, select")) {
    if (!input.name || input.type === "file") continue;
    if (input.value !== "") out[input.name] = input.value;
  }
  return out;
}

async function readFiles() {
  const out = {};
  for (const input of $("#cmd-form").querySelectorAll("input[type=file]")) {
    const f = input.files && input.files[0];
    if (!f) continue;
    const buf = new Uint8Array(await f.arrayBuffer());
    let bin = "";
    for (let i = 0; i < buf.length; i += 0x8000) bin += String.fromCharCode(...buf.subarray(i, i + 0x8000));
    out[input.name] = { filename: f.name, data: btoa(bin) };
  }
  return out;
}

async function autocomplete(focused, list) {
  if (!S.cmd) return;
  const asked = (list.asked = (list.asked || 0) + 1);  // answers can arrive out of order: only the latest counts
  const res = await api("autocomplete", { as: S.me.id, channel: S.channel, command: S.cmd.path, options: collectOptions(), focused });
  if (asked !== list.asked) return;
  list.innerHTML = "";
  for (const c of res.choices || []) { const o = el("option", null, c.name); o.value = c.value; list.append(o); }
}

async function sendCommand() {
  const err = $("#composer-error");
  err.textContent = "";
  const c = S.cmd;
  if (!c) return;
  const options = { ...collectOptions(), ...(await readFiles()) };
  const missing = c.options.filter((o) => o.required && !(o.name in options)).map((o) => o.name);
  if (missing.length) { err.textContent = `Fill in: ${missing.join(", ")}.`; return; }
  const send = $("#cmd-form button[type=submit]");
  send.disabled = true;
  const res = await api("slash", { as: S.me.id, channel: S.channel, command: c.path, options });
  send.disabled = false;
  if (res.error) { err.textContent = res.error; return; }
  closeCommand();
  $("#composer-input").value = "";
  if (res.modal) openModal(res.modal, res.interaction_id);
}

function closeCommand() { S.cmd = null; const f = $("#cmd-form"); f.hidden = true; f.innerHTML = ""; }

// ---------------------------------------------------------------- sidebar: who am I

function bindSidebar() {
  $("#user-picker").addEventListener("change", async (ev) => {
    const res = await api("me", { user: ev.target.value });
    if (res.error) return;
    S.me = res.user;
    S.openSelect = null;
    closeModal();
    showAfresh();
  });
  $("#add-user").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = $("#new-user-name").value.trim();
    const res = await api("users", { name, manage_guild: $("#new-user-manager").checked });
    $("#add-user-error").textContent = res.error || "";
    if (!res.error) { $("#new-user-name").value = ""; $("#new-user-manager").checked = false; }
  });
}

// ---------------------------------------------------------------- markdown

function esc(s) {
  return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function el(tag, cls, text) {
  const n = document.createElement(tag);
  if (cls) n.className = cls;
  if (text !== undefined && text !== null) n.textContent = text;
  return n;
}

// Block level: code blocks, quotes, headings, subtext, list items; inline for the rest.
function markdown(src, state) {
  const out = [];
  const parts = String(src).split(/```/);
  parts.forEach((part, i) => {
    if (i % 2 === 1 && i < parts.length - 1) {
      const body = part.replace(/^[a-zA-Z0-9_+-]*\n/, "");
      out.push(`<pre><code>${esc(body.replace(/\n$/, ""))}</code></pre>`);
      return;
    }
    if (i % 2 === 1) part = "```" + part;  // an unclosed fence is plain text
    else if (i > 0) part = part.replace(/^\n/, "");  // the line break that ends a code block
    const lines = part.split("\n");
    const html = [];
    let quote = [];
    const flush = () => { if (quote.length) { html.push(`<blockquote>${quote.join("<br>")}</blockquote>`); quote = []; } };
    lines.forEach((line) => {
      let m;
      if ((m = /^>>> ?(.*)$/.exec(line))) { quote.push(inline(m[1], state)); return; }
      if ((m = /^> ?(.*)$/.exec(line)) && line.startsWith(">")) { quote.push(inline(m[1], state)); return; }
      flush();
      if ((m = /^(#{1,3}) (.+)$/.exec(line))) html.push(`<div class="md-h${m[1].length}">${inline(m[2], state)}</div>`);
      else if ((m = /^-# (.+)$/.exec(line))) html.push(`<div class="md-sub">${inline(m[1], state)}</div>`);
      else if ((m = /^\s*[-*] (.+)$/.exec(line))) html.push(`<div class="md-li">${inline(m[1], state)}</div>`);
      else html.push(inline(line, state) + "\n");
    });
    flush();
    out.push(html.join("").replace(/\n$/, "").replace(/\n/g, "<br>"));
  });
  return out.join("");
}

const TS_FORMATS = {
  t: { hour: "numeric", minute: "2-digit" },
  T: { hour: "numeric", minute: "2-digit", second: "2-digit" },
  d: { year: "numeric", month: "2-digit", day: "2-digit" },
  D: { year: "numeric", month: "long", day: "numeric" },
  f: { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" },
  F: { weekday: "long", year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" },
};

function inline(src, state) {
  const slots = [];
  const keep = (html) => `\u0000${slots.push(html) - 1}\u0000`;
  let s = String(src);
  // inline code first: nothing inside is formatted
  s = s.replace(/``([^`]+?)``|`([^`\n]+?)`/g, (_, a, b) => keep(`<code>${esc(a || b)}</code>`));
  // Discord's angle-bracket tokens
  s = s.replace(/<t:(-?\d+)(?::([tTdDfFR]))?>/g, (_, t, f) => keep(`<span class="ts" data-ts="${Number(t)}" data-fmt="${f || "f"}" title="${esc(new Date(Number(t) * 1000).toLocaleString())}">${esc(formatStamp(Number(t), f || "f"))}</span>`));
  s = s.replace(/<@!?(\d+)>/g, (_, id) => keep(`<span class="mention" data-user="${id}">@${esc((state && state.members[id]) || "unknown-user")}</span>`));
  s = s.replace(/<@&(\d+)>/g, (_, id) => keep(`<span class="mention">@${esc((state && state.roles[id]) || "unknown-role")}</span>`));
  s = s.replace(/<#(\d+)>/g, (_, id) => keep(`<span class="mention" data-channel="${id}">#${esc((state && state.channel_names[id]) || "unknown")}</span>`));
  s = s.replace(/<(a?):(\w+):(\d+)>/g, (_, a, name, id) => keep(customEmoji(name, id, a === "a").outerHTML));
  s = s.replace(/@(everyone|here)\b/g, (_, w) => keep(`<span class="mention">@${w}</span>`));
  s = s.replace(/\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)/g, (_, t, u) => keep(`<a href="${esc(u)}" target="_blank" rel="noopener">${esc(t)}</a>`));
  s = s.replace(/<?(https?:\/\/[^\s<>]+[^\s<>.,;:!?)\]'"])>?/g, (_, u) => keep(`<a href="${esc(u)}" target="_blank" rel="noopener">${esc(u)}</a>`));
  s = s.replace(/\\([*_~|`\\>#-])/g, (_, c) => keep(esc(c)));
  s = esc(s);
  s = s.replace(/\*\*\*(.+?)\*\*\*/g, "<strong><em>$1</em></strong>");
  s = s.replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>");
  s = s.replace(/__(.+?)__/g, "<u>$1</u>");
  s = s.replace(/(^|[^*\w])\*(?!\s)(.+?)\*(?!\*)/g, "$1<em>$2</em>");
  s = s.replace(/(^|[^\w])_(?!\s)(.+?)_(?!\w)/g, "$1<em>$2</em>");
  s = s.replace(/~~(.+?)~~/g, "<s>$1</s>");
  s = s.replace(/\|\|(.+?)\|\|/g, '<span class="spoiler" onclick="this.classList.add(\'shown\')">$1</span>');
  for (let i = 0; i < 3 && s.includes("\u0000"); i++) s = s.replace(/\u0000(\d+)\u0000/g, (_, n) => slots[Number(n)]);
  return s;
}

function formatStamp(t, f) {
  const d = new Date(t * 1000);
  if (f === "R") return relative(t);
  return d.toLocaleString(undefined, TS_FORMATS[f] || TS_FORMATS.f);
}

function relative(t) {
  const diff = t - Date.now() / 1000;
  const a = Math.abs(diff);
  const units = [["year", 31536000], ["month", 2592000], ["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
  for (const [unit, size] of units) {
    if (a >= size || unit === "second") {
      const n = Math.max(a < 1 ? 0 : 1, Math.round(a / size));
      const word = `${n} ${unit}${n === 1 ? "" : "s"}`;
      return diff >= 0 ? `in ${word}` : `${word} ago`;
    }
  }
  return "now";
}

function refreshTimestamps() {
  for (const n of document.querySelectorAll('.ts[data-fmt="R"]')) {
    const text = relative(Number(n.dataset.ts));
    if (n.textContent !== text) n.textContent = text;
  }
}

function formatTime(iso) {
  const d = new Date(iso);
  const today = new Date();
  const time = d.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });
  if (d.toDateString() === today.toDateString()) return `Today at ${time}`;
  return `${d.toLocaleDateString()} ${time}`;
}

start();
