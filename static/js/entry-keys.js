/* Score entry with the keyboard: Enter saves a line (htmx) and readies the next one, from
   the score or any field of the deal's details, lists included; a refused line keeps the
   focus and shows why; arrows move between lines; D opens the deal's details, Escape
   closes them; Page Up / Page Down open the previous / next étui. A link to a line
   (#line-…, from the mismatches or the missing lines) puts the cursor on it. */
(() => {
  const traveller = document.getElementById("traveller");
  const scoreInputs = () => [...traveller.querySelectorAll(".score-input:not(:disabled)")];
  const scoreInput = (id) => document.querySelector(`#line-${id} .score-input`);
  const ready = (input, select = true) => {
    if (!input) return;
    input.focus();
    if (select) input.select();
  };
  const step = (input, delta) => {
    const inputs = scoreInputs();
    return inputs[inputs.indexOf(input) + delta];
  };
  const details = (id, open) => {
    const row = document.getElementById(`deal-${id}`);
    row.hidden = !open;
    if (open) row.querySelector("[name]").focus();
    else ready(scoreInput(id));
  };
  const lineOf = (element) => element.closest("tbody.entry-line")?.dataset.line;

  document.body.addEventListener("line-saved", (event) => {
    const next = step(scoreInput(event.detail.line), 1);
    if (next) ready(next);
    else document.querySelector("[data-next-etui]")?.focus();
  });
  document.body.addEventListener("line-refused", (event) => {
    const id = event.detail.line;
    const deal = document.querySelector(`#deal-${id}:not([hidden]) [name]`);
    const input = scoreInput(id);
    ready(input.value || !deal ? input : deal, false);
  });
  traveller.addEventListener("click", (event) => {
    const toggle = event.target.closest(".deal-toggle");
    if (toggle) details(lineOf(toggle), document.getElementById(toggle.getAttribute("aria-controls")).hidden);
  });
  traveller.addEventListener("keydown", (event) => {
    const input = event.target.closest(".score-input");
    if (input && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      ready(step(input, event.key === "ArrowDown" ? 1 : -1));
    } else if (input && event.key.toLowerCase() === "d" && !event.ctrlKey && !event.altKey) {
      event.preventDefault();
      details(lineOf(input), true);
    } else if (event.key === "Escape" && event.target.closest(".deal-row")) {
      details(lineOf(event.target), false);
    } else if (event.key === "Enter" && event.target.matches(".deal-row select")) {
      event.preventDefault();
      event.target.form.requestSubmit();
    }
  });
  const toLinkedLine = () => {
    const linked = /^#line-(.+)$/.exec(window.location.hash);
    if (linked) ready(scoreInput(linked[1]));
  };
  if (window.location.hash.startsWith("#line-")) {
    // The linked line, not the first empty one, gets the cursor.
    document.querySelectorAll("#traveller [autofocus]").forEach((input) => input.removeAttribute("autofocus"));
  }
  toLinkedLine();
  window.addEventListener("load", toLinkedLine);
  window.addEventListener("hashchange", toLinkedLine);
  document.addEventListener("keydown", (event) => {
    if (event.key !== "PageDown" && event.key !== "PageUp") return;
    const link = document.querySelector(event.key === "PageDown" ? "[data-next-etui]" : "[data-previous-etui]");
    if (link) {
      event.preventDefault();
      link.click();
    }
  });
})();
