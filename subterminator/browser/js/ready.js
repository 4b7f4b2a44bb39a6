// Runs capture.js (`run`) on arguments `a` once the page is as a person first sees it: parsed
// (a page still loading is given up to 2 s) and, for the top document, rendered once, since
// autofocus and the first layout land with the first frame (a page not painted yet is given
// up to 100 ms). Waited for here: asking Playwright's wait_for_load_state cost three messages
// to its driver on every capture. Returns [ms waited, what `run` returned].
(run, a) => {
  const top = a[2] === null;  // `origin`: null for the top document
  const painted = () => !top || document.visibilityState === 'hidden' ||
    performance.getEntriesByType('paint').length > 0;
  if (document.readyState !== 'loading' && painted()) return [0, run(...a)];
  const t0 = performance.now();
  return new Promise((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      resolve([performance.now() - t0, run(...a)]);
    };
    const rendered = () => {
      if (painted()) return go();
      requestAnimationFrame(() => setTimeout(go, 0));  // after the frame's autofocus
      setTimeout(go, 100);
    };
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', rendered, {once: true});
      setTimeout(go, 2000);
    } else {
      rendered();
    }
  });
}
