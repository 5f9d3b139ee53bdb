/* The room display's clock: hours and minutes, kept to the minute. */
(() => {
  const clock = document.querySelector("[data-clock]");
  if (!clock) return;
  const tick = () => {
    clock.textContent = new Date().toLocaleTimeString("fr-FR", { hour: "2-digit", minute: "2-digit" });
  };
  tick();
  setInterval(tick, 10000);
})();
