/* Table entry on a phone: what a player sends is first kept on the phone (localStorage),
   then posted; on a dropped connection it stays there and is sent again every few
   seconds and when the network comes back, until the server has it. The server treats a
   second sending of the same étui as the first (idempotent by table, position, étui).
   The étui's block comes back from the server and replaces the one on the page. */
(() => {
  const KEY = "donne-table-entry";
  const RETRY_MS = 4000;
  const note = document.getElementById("queue-note");
  const read = () => {
    try {
      return JSON.parse(localStorage.getItem(KEY) || "[]");
    } catch {
      return [];
    }
  };
  const write = (items) => {
    localStorage.setItem(KEY, JSON.stringify(items));
    if (note) note.hidden = items.length === 0;
  };
  const say = (item, text) => {
    const state = document.querySelector(`#${item.block} [data-test=send-state]`);
    if (!state) return;
    state.textContent = text;
    state.hidden = false;
  };
  const texts = {
    sending: "Envoi…",
    kept: "Pas de réseau : la saisie est gardée sur ce téléphone et sera renvoyée dès que possible.",
    refused: "Le serveur a refusé cet envoi : prévenez l'arbitre.",
    reload: "Envoi refusé : rechargez la page, la saisie gardée sur ce téléphone partira ensuite.",
  };

  // The page's own form token: an entry kept from an earlier page is sent with it.
  const token = () => document.querySelector("[name=csrfmiddlewaretoken]")?.value;

  // When the server last answered a sending, per block: a poll asked before that answer
  // shows the block as it was before the sending and must not put it back.
  const answeredAt = new Map();

  // Sends one entry: true once the server has answered it, false with no network
  // (kept, sent again), null when the page must be reloaded first (kept).
  const post = async (item) => {
    const body = new URLSearchParams(item.body);
    if (token()) body.set("csrfmiddlewaretoken", token());
    let response;
    try {
      response = await fetch(item.url, {
        method: "POST",
        body,
        headers: { "HX-Request": "true" },
        credentials: "same-origin",
      });
    } catch {
      return false; // no network: keep it
    }
    if (response.status >= 502 && response.status <= 504) return false;
    if (response.status === 403) {
      // the form token is stale, or the phone lost its device token: kept until the page
      // is reloaded
      say(item, texts.reload);
      return null;
    }
    if (response.status === 429) {
      say(item, await response.text()); // too many wrong codes from here: kept, sent later
      return null;
    }
    const block = document.getElementById(item.block);
    if (!response.ok) {
      say(item, texts.refused);
      return true;
    }
    const html = await response.text();
    if (block) block.outerHTML = html;
    answeredAt.set(item.block, performance.now());
    return true;
  };

  let busy = false;
  const flush = async () => {
    if (busy) return;
    busy = true;
    try {
      for (const item of read()) {
        const done = await post(item);
        if (done) {
          write(read().filter((other) => other.key !== item.key));
        } else if (done === false) {
          say(item, texts.kept);
        }
      }
    } finally {
      busy = false;
    }
  };

  document.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-table-entry]");
    if (!form) return;
    event.preventDefault();
    const body = [...new FormData(form, event.submitter)];
    const action = body.find(([name]) => name === "action")?.[1] ?? "";
    const url = form.getAttribute("action"); // form.action is the field named "action"
    const item = { key: `${url}|${action}`, url, body, block: form.dataset.block };
    write([...read().filter((other) => other.key !== item.key), item]);
    form.querySelectorAll("button").forEach((button) => { button.disabled = true; });
    say(item, texts.sending);
    flush();
  });

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-sign]");
    if (!button) return;
    const input = document.getElementById(button.dataset.sign);
    const value = input.value.trim();
    input.value = value.startsWith("-") ? value.slice(1) : `-${value}`;
    input.focus();
  });

  // While the room plays, the page asks for its étuis every few seconds (its own address,
  // which answers htmx with the étuis alone): what another phone of the table sent,
  // confirmed or disputed shows here. A block being used (a field focused or typed in, a
  // part opened, a sending kept on this phone) is left as it is until it is sent. When
  // the referee puts the next position in play, the page follows, unless something typed
  // or kept on the phone is still to be sent.
  const page = document.querySelector("[data-poll-url]");
  const typed = (root) =>
    [...root.querySelectorAll("form[data-table-entry] input:not([type=hidden])")].some(
      (input) => input.value.trim() !== "",
    );
  const inUse = (block) =>
    block.contains(document.activeElement) ||
    block.querySelector("details[open]") !== null ||
    typed(block) ||
    read().some((item) => item.block === block.id);
  const poll = async () => {
    const asked = performance.now();
    let response;
    let html;
    try {
      response = await fetch(page.dataset.pollUrl, {
        headers: { "HX-Request": "true" },
        credentials: "same-origin",
      });
      if (!response.ok) return;
      html = await response.text();
    } catch {
      return; // no network: the next poll will tell
    }
    const fresh = document.createElement("template");
    fresh.innerHTML = html;
    const etuis = fresh.content.querySelector("[data-position]");
    if (!etuis) return;
    if (etuis.dataset.position !== page.dataset.position) {
      if (!read().length && !typed(document)) window.location.reload();
      return;
    }
    // Why the table may no longer enter scores (the session over, table entry closed).
    const refusal = etuis.querySelector("#table-refusal");
    const shownRefusal = document.getElementById("table-refusal");
    if (refusal && shownRefusal) shownRefusal.replaceWith(refusal);
    for (const block of etuis.querySelectorAll("article[id]")) {
      const shown = document.getElementById(block.id);
      const stale = (answeredAt.get(block.id) ?? -1) > asked;
      if (shown && !stale && shown.dataset.version !== block.dataset.version && !inUse(shown)) {
        shown.replaceWith(block);
      }
    }
  };
  // One poll at a time: on a slow server the next one waits for this one's answer
  // instead of piling up behind it (and ahead of the phone's own sendings).
  const pollLater = () => {
    setTimeout(async () => {
      try {
        await poll();
      } finally {
        pollLater();
      }
    }, Number(page.dataset.pollMs) || 15000);
  };
  if (page) pollLater();

  window.addEventListener("online", flush);
  setInterval(() => { if (read().length) flush(); }, RETRY_MS);
  write(read());
  flush();
})();
