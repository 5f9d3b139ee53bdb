/* Registering players from the search box: Enter registers the one player the search
   found (for the words typed, not an earlier search); after each registration the box
   has the cursor again, its words selected, ready for the next name. */
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
      button.click();
    }
  });
  document.body.addEventListener("registrations-changed", () => {
    box.focus();
    box.select();
  });
})();
