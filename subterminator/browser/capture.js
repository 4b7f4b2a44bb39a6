// Runs in an isolated world (page scripts cannot tamper with it). Walks the flat tree,
// open shadow roots included, and returns the candidate elements in DFS document order with
// their layout boxes; Chrome's accessibility engine then names them (PlaywrightBrowser).
// The returned array carries the metadata as JSON in its `data` property.
(scope) => {
  const SEL = 'a[href],area[href],button,input,select,textarea,summary,details,[role],' +
    '[tabindex],h1,h2,h3,h4,h5,h6,[contenteditable]:not([contenteditable="false"]),dialog,' +
    'section,iframe,audio[controls],video[controls],[aria-expanded],[aria-checked]';
  const LIVE = /^(alert|alertdialog|status|dialog|log)$/;
  const NATIVE = /^(A|AREA|BUTTON|INPUT|SELECT|TEXTAREA|SUMMARY)$/;
  const SKIP = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'HEAD', 'NOSCRIPT', 'svg']);
  const vw = window.innerWidth, vh = window.innerHeight;
  let focused = document.activeElement;
  while (focused && focused.shadowRoot && focused.shadowRoot.activeElement) {
    focused = focused.shadowRoot.activeElement;
  }
  const els = [], meta = [];
  const stack = [];
  const pushChildren = (node, parent) => {
    const kids = [];
    if (node.shadowRoot) for (let c = node.shadowRoot.firstElementChild; c; c = c.nextElementSibling) kids.push(c);
    for (let c = node.firstElementChild; c; c = c.nextElementSibling) kids.push(c);
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], parent]);
  };
  pushChildren(document.documentElement, -1);
  while (stack.length) {
    const [el, parent] = stack.pop();
    if (SKIP.has(el.tagName)) continue;
    let here = parent;
    if (el.matches(SEL) && el.getClientRects().length) {
      const r = el.getBoundingClientRect();
      const sized = r.width > 0 || r.height > 0;
      const inView = r.right > 0 && r.bottom > 0 && r.left < vw && r.top < vh;
      if (sized && (scope === 'page' || inView)) {
        here = els.length;
        els.push(el);
        const m = { p: parent, t: el.tagName.toLowerCase(),
          b: [r.x, r.y, r.width, r.height].map(v => Math.round(v * 10) / 10) };
        if (el.type === 'password') m.pw = 1;
        if (el === focused) m.f = 1;
        const role = el.getAttribute('role') || '';
        const customControl = !role && el.hasAttribute('tabindex') && !NATIVE.test(el.tagName);
        if (customControl || LIVE.test(role) || el.tagName === 'DIALOG' || el.hasAttribute('aria-live')) {
          m.x = (el.innerText || '').replace(/\s+/g, ' ').trim().slice(0, 1000);
        }
        meta.push(m);
      }
    }
    pushChildren(el, here);
  }
  els.data = JSON.stringify({
    url: location.href, title: document.title, vw, vh,
    sx: Math.max(0, Math.round(window.scrollX)), sy: Math.max(0, Math.round(window.scrollY)),
    meta,
  });
  return els;
}
