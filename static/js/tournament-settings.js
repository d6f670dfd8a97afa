// The tournament form, a plain form without a script (every game's rules and every
// tiebreak shown; the server counts and checks the chosen game's): with it, only the
// chosen game's rules and tiebreaks (each option says its games: data-games), the Swiss
// rounds only for a Swiss, and the tiebreak picker grows one select at a time, a metric
// chosen once not offered again below it.
(function () {
  var game = document.getElementById("id_game");
  if (!game) return;
  var format = document.getElementById("id_format");
  var slots = Array.prototype.slice.call(document.querySelectorAll("select.tiebreak"));

  function showRules() {
    document.querySelectorAll("fieldset[data-game]").forEach(function (set) {
      set.hidden = set.dataset.game !== game.value;
    });
  }

  function showFormat() {
    document.querySelectorAll("#tournament-settings [data-format]").forEach(function (p) {
      p.hidden = !format || p.dataset.format !== format.value;
    });
  }

  function showTiebreaks() {
    var chosen = [];
    var shownEmpty = false;
    slots.forEach(function (select) {
      Array.prototype.forEach.call(select.options, function (option) {
        if (!option.value) return;
        var games = (option.dataset.games || "").split(" ");
        var offered = games.indexOf(game.value) !== -1 && chosen.indexOf(option.value) === -1;
        option.hidden = !offered;
        option.disabled = !offered;
      });
      if (select.selectedOptions.length && select.selectedOptions[0].disabled) select.value = "";
      var slot = select.closest(".tiebreak-slot");
      if (select.value) {
        chosen.push(select.value);
        slot.hidden = false;
      } else {
        // the first empty select is offered; the ones after it wait for it
        slot.hidden = shownEmpty;
        shownEmpty = true;
      }
    });
  }

  game.addEventListener("change", function () { showRules(); showTiebreaks(); });
  if (format) format.addEventListener("change", showFormat);
  slots.forEach(function (select) { select.addEventListener("change", showTiebreaks); });
  showRules();
  showFormat();
  showTiebreaks();
})();
