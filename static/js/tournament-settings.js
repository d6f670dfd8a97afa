// Shows only the chosen game's rule options (without JS every game's are shown and the
// server counts the chosen game's only).
(function () {
  var game = document.getElementById("id_game");
  if (!game) return;
  function show() {
    document.querySelectorAll("fieldset[data-game]").forEach(function (set) {
      set.hidden = set.dataset.game !== game.value;
    });
  }
  game.addEventListener("change", show);
  show();
})();
