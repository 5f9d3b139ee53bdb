/* The room display's long lists (the rankings, « où je joue »): each one scrolls down by
   itself at the pace its data-scroll-speed gives (pixels per second), rests at the bottom,
   then starts again from the top. The board is swapped whole at every refresh (htmx): each
   list's position lives here, under the list's name (data-scroll), and is put back on the
   new list before it is painted, so a refresh never restarts the scroll. When the reader
   asks for reduced motion nothing moves by itself, and the position they scrolled to is
   kept across refreshes in the same way. */
(() => {
  const REST_MS = 4000; // the pause at the top and at the bottom of a list
  const still = window.matchMedia("(prefers-reduced-motion: reduce)");
  const positions = new Map(); // list name → { offset, restUntil }
  const lists = () => document.querySelectorAll("[data-scroll]");

  const stateOf = (list, now) => {
    let state = positions.get(list.dataset.scroll);
    if (!state) {
      state = { offset: 0, restUntil: now + REST_MS };
      positions.set(list.dataset.scroll, state);
    }
    return state;
  };

  const advance = (list, state, now, seconds) => {
    const end = list.scrollHeight - list.clientHeight;
    if (end <= 0 || now < state.restUntil) return;
    if (state.offset >= end) {
      state.offset = 0; // rested at the bottom: back to the top
      state.restUntil = now + REST_MS;
      return;
    }
    const speed = Number(list.dataset.scrollSpeed) || 0;
    state.offset = Math.min(end, state.offset + speed * seconds);
    if (state.offset >= end) state.restUntil = now + REST_MS;
  };

  let last = performance.now();
  const frame = (now) => {
    const seconds = Math.min(now - last, 1000) / 1000;
    last = now;
    if (!still.matches) {
      for (const list of lists()) {
        const state = stateOf(list, now);
        advance(list, state, now, seconds);
        list.scrollTop = state.offset;
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  // The board about to be replaced: note where a reader scrolled each list by hand.
  document.addEventListener("htmx:beforeSwap", () => {
    if (!still.matches) return;
    for (const list of lists()) stateOf(list, performance.now()).offset = list.scrollTop;
  });
  // The new board in place: each list where the old one was, before it is painted.
  document.addEventListener("htmx:afterSwap", () => {
    for (const list of lists()) {
      const state = positions.get(list.dataset.scroll);
      if (state) list.scrollTop = state.offset;
    }
  });
})();
