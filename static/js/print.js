// A "Print" button (data-print) prints the page: a script file of its own, since the
// Content-Security-Policy runs no inline handler.
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) window.print();
});
