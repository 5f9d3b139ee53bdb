/* A round's clock on a game's sheet: the minutes left, counted again every 15 seconds
   from the end the page was given (apps/games/templates/games/_round_clock.html). */
(() => {
  const left = document.querySelector("[data-clock-left]");
  if (!left) return;
  const ends = new Date(left.dataset.ends);
  const tick = () => {
    const minutes = Math.ceil((ends - new Date()) / 60000);
    left.textContent = minutes > 0 ? `${minutes} ${left.dataset.unit}` : left.dataset.over;
  };
  tick();
  setInterval(tick, 15000);
})();
