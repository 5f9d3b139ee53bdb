/* Registering players from the search box: Enter registers the one player the search
   found (for the words typed, not an earlier search); after each registration the box
   has the cursor again, its words selected, ready for the next name. A search replaces the
   one still under way (hx-sync), so an older answer never lands after a newer one. */
(() => {
  const box = document.getElementById("registration-q");
  if (!box) return;
  const onlyMatch = () => {
    const results = document.getElementById("search-results");
    const buttons = results ? [...results.querySelectorAll("[data-test=register]")] : [];
    const searched = results?.querySelector("input[name=q]")?.value ?? null;
    const found = results ? results.querySelectorAll(".results li").length : 0;
    return found === 1 && buttons.length === 1 && searched === box.value ? buttons[0] : null;
  };
  box.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    const button = onlyMatch();
    if (button) {
      event.preventDefault();
      // The results may have just been swapped in: htmx takes their form in hand first
      // (it does so when they settle), so that the registration does not reload the page.
      htmx.process(button.form);
      button.click();
    }
  });
  // After a registration the box takes the cursor: when the list of registrations has
  // been swapped by a registration (a stable element: the registration's own form may
  // have been replaced by a newer search meanwhile).
  document.body.addEventListener("htmx:afterSettle", (event) => {
    const swapped = event.detail.target?.id ?? event.target.id;
    if (swapped === "registrations" && event.detail.requestConfig?.verb === "post"
        && event.detail.pathInfo?.requestPath === box.dataset.addUrl) {
      box.focus();
      box.select();
    }
  });
})();
