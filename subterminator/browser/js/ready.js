// Runs capture.js (`run`) on arguments `a` once the document is parsed: a page still loading is
// given up to 2 s, waited for here (asking Playwright's wait_for_load_state costs three messages
// to its driver on every capture). Returns [ms waited, what `run` returned].
(run, a) => {
  if (document.readyState !== 'loading') return [0, run(...a)];
  const t0 = performance.now();
  return new Promise((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      resolve([performance.now() - t0, run(...a)]);
    };
    document.addEventListener('DOMContentLoaded', go, {once: true});
    setTimeout(go, 2000);
  });
}
