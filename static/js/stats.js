// The statistics job's progress bar: polls the small JSON endpoint until the job is done,
// then reloads the page to show the new figures.
(function () {
  const box = document.getElementById("stats-job");
  if (!box) return;
  const bar = box.querySelector("progress");
  const count = box.querySelector(".job-count");
  async function poll() {
    const response = await fetch(box.dataset.url, { headers: { Accept: "application/json" } });
    if (!response.ok) return setTimeout(poll, 5000);
    const job = await response.json();
    bar.max = job.chunks;
    bar.value = job.chunks_done;
    count.textContent = `${job.chunks_done}/${job.chunks}`;
    if (job.status === "done") window.location.reload();
    else setTimeout(poll, 1000);
  }
  setTimeout(poll, 1000);
})();
