// The tournament form, a plain form without a script (every game's rules and every
// tiebreak shown; the server counts and checks the chosen game's): with it, only the
// chosen game's rules and tiebreaks (each option says the games and table sizes it ranks,
// data-tables="subastao:3"; a rule that decides the size says each choice's size,
// data-table-sizes), the Swiss rounds only for a Swiss, and the tiebreak picker grows one select at a time, a metric
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

  // the chosen game's table size where one of its rules decides it (the server says which)
  function tableSize() {
    var sizer = document.querySelector("fieldset[data-game='" + game.value + "'] select[data-table-sizes]");
    return sizer ? JSON.parse(sizer.dataset.tableSizes)[sizer.value] : null;
  }

  function ranks(option, size) {
    var tables = (option.dataset.tables || "").split(" ");
    if (size) return tables.indexOf(game.value + ":" + size) !== -1;
    return tables.some(function (t) { return t.indexOf(game.value + ":") === 0; });
  }

  function showTiebreaks() {
    var chosen = [];
    var shownEmpty = false;
    var size = tableSize();
    slots.forEach(function (select) {
      Array.prototype.forEach.call(select.options, function (option) {
        if (!option.value) return;
        var offered = ranks(option, size) && chosen.indexOf(option.value) === -1;
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
  document.querySelectorAll("select[data-table-sizes]").forEach(function (select) {
    select.addEventListener("change", showTiebreaks);
  });
  showRules();
  showFormat();
  showTiebreaks();
})();
