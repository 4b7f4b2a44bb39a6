// What an action on `this` will really do, read just before it runs: the element the event
// reaches (hit-tested at the point Playwright clicks, through open shadow roots and same-origin
// frames), what that element does (link, form submission and its method/action, disclosure),
// and the page's visible text. Called in an isolated world; returns plain data.
// `point` (in this document's viewport) is where a click from a parent document lands here;
// a click that lands in a cross-origin frame returns `frame_point` for the caller to follow.
// `secretAc` and `credentialWords` are snapshot/secrecy.py's definition of a secret field.
function(action, maxText, point, secretAc, credentialWords) {
  const clip = (s, n) => (s || '').replace(/\s+/g, ' ').trim().slice(0, n);
  const absolute = (u, base) => { try { return new URL(u, base).href; } catch (e) { return u || ''; } };
  let el = this;
  // a handle whose element the page has since removed (or replaced): nothing to inspect
  if (!point && !el.isConnected) return {connected: false};
  let opaque = '';
  let doc = el.ownerDocument;
  let hit = el;
  let lands = false;
  let framePoint = null;
  globalThis.__subterminatorFrame = null;
  if (action === 'click') {
    let x, y;
    if (point) {
      [x, y] = point;
    } else {
      el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
      // where Playwright clicks: the centre of the element's largest box (a wrapped link has
      // several; the bounding box's centre may be empty space)
      const rects = [...el.getClientRects()].filter(q => q.width > 0 && q.height > 0);
      const r = rects.sort((a, b) => b.width * b.height - a.width * a.height)[0] || el.getBoundingClientRect();
      x = r.x + r.width / 2; y = r.y + r.height / 2;
    }
    hit = doc.elementFromPoint(x, y);
    for (let depth = 0; hit && depth < 8; depth++) {
      if (hit.shadowRoot) {
        const inner = hit.shadowRoot.elementFromPoint(x, y);
        if (inner && inner !== hit) { hit = inner; continue; }
      }
      if (hit.tagName === 'IFRAME' || hit.tagName === 'FRAME' || hit.tagName === 'OBJECT' || hit.tagName === 'EMBED') {
        let inner = null;
        try { inner = hit.contentDocument; } catch (e) { inner = null; }
        // into the frame's viewport: past its border and padding
        const fr = hit.getBoundingClientRect(), cs = getComputedStyle(hit);
        x -= fr.x + hit.clientLeft + parseFloat(cs.paddingLeft || '0');
        y -= fr.y + hit.clientTop + parseFloat(cs.paddingTop || '0');
        if (!inner) {
          opaque = 'cross-origin frame';
          framePoint = [x, y];
          globalThis.__subterminatorFrame = hit;
          break;
        }
        const next = inner.elementFromPoint(x, y);
        if (!next) { opaque = 'empty frame'; break; }
        hit = next; doc = inner; continue;
      }
      break;
    }
    if (!hit) hit = el;
    lands = hit !== el && !el.contains(hit);
    if (!lands && hit !== el) {
      // a click on a container lands on whatever is at its centre; judge that, if it does something
      const active = hit.closest('a[href],button,input,select,textarea,summary,label,[role=button],[role=link],[role=switch],[role=checkbox],[role=menuitem],[onclick],[tabindex]');
      if (active && active !== el && el.contains(active)) { hit = active; lands = true; }
    }
  }
  let t = hit;
  if (t.tagName === 'LABEL' && t.control) t = t.control;
  const control = t.closest('a[href],button,input,select,textarea,summary,[role]') || t;
  const tag = control.tagName.toLowerCase();
  const type = (control.getAttribute('type') || '').toLowerCase();
  // a secret field (snapshot/secrecy.py, as capture.js reads it): a password field now or at
  // any capture before, autocomplete for a password, a one-time code or a card; or, words only
  // widening, a field whose label, name or id asks for a credential. Its value never leaves.
  const everPw = globalThis.__subterminatorPw || (globalThis.__subterminatorPw = new WeakSet());
  const acRe = new RegExp(secretAc || '(?!)', 'i'), wordsRe = new RegExp(credentialWords || '(?!)', 'iu');
  const fieldWords = (f) => [f.getAttribute('aria-label'), ...[...(f.labels || [])].map(l => l.textContent),
    f.getAttribute('placeholder'), f.getAttribute('name'), f.id].filter(Boolean).join(' ');
  const secretKind = (f) => {
    if (!/^(INPUT|TEXTAREA|SELECT)$/.test(f.tagName)) return '';
    if (f.tagName === 'INPUT' && f.type === 'password') everPw.add(f);
    const ac = (f.getAttribute('autocomplete') || '').match(acRe);
    if (ac) return ac[2].toLowerCase();
    if (everPw.has(f)) return 'password';
    return wordsRe.test(clip(fieldWords(f), 300)) ? 'named' : '';
  };
  const secret = secretKind(control);
  const valueOf = (n) => (secretKind(n) ? '' : n.value) || '';
  const link = control.closest('a[href],area[href]');
  let form = control.form || control.closest('form');
  let submits = false;
  if (action === 'click') {
    // the type the browser gives it (an invalid or missing type submits; a button with
    // `commandfor` and no type is a plain button), never the attribute's spelling
    const kind = typeof control.type === 'string' ? control.type.toLowerCase() : type;
    if (tag === 'button') submits = !!form && kind === 'submit';
    if (tag === 'input') submits = !!form && (kind === 'submit' || kind === 'image');
  }
  // what it opens or closes (popovertarget, commandfor, a dialog form's dialog): the events
  // that element then hears (toggle, command, close) run its listeners, whoever clicked
  let invoked = null;
  if (action === 'click') {
    invoked = control.popoverTargetElement || control.commandForElement || null;
    if (!invoked && submits && form && (control.getAttribute('formmethod') || form.getAttribute('method') || '').toLowerCase() === 'dialog') {
      invoked = control.closest('dialog');
    }
  }
  const invokedChain = [];
  for (let n = invoked; n && invokedChain.length < 40; n = n.parentNode || n.host) invokedChain.push(n);
  if (invoked) invokedChain.push(invoked.ownerDocument.defaultView);
  globalThis.__subterminatorInvoked = invokedChain;
  // a click that lands on an element hosting no open shadow root, where one may be closed
  const sealable = action === 'click' && hit !== control && !hit.shadowRoot &&
    (hit.localName.includes('-') || /^(article|aside|blockquote|body|div|footer|h[1-6]|header|main|nav|p|section|span)$/.test(hit.localName));
  globalThis.__subterminatorLanded = sealable ? hit : null;
  // a search form (role=search, <search>, a search field) that carries nothing hidden
  const search = !!form && !form.querySelector('input[type=hidden]') && !!(
    form.closest('[role=search],search') || form.querySelector('input[type=search]'));
  // what a submission would carry: any named field (a GET form's query), the submitter's own
  const values = !!form && ([...form.elements].some(f => f !== control && f.name && !f.disabled
    && !((f.type === 'checkbox' || f.type === 'radio') && !f.checked)
    && !['submit', 'button', 'image', 'reset'].includes(f.type)) || !!(control.name && submits));
  // a press that sends its form (or its dialog, a form without the tag) while a secret field
  // of it is still empty: the person's step (stack/persons.py). A new password left empty
  // and not required is a settings form's "keep it as it is".
  const needs = [];
  const pressable = tag === 'button' || (tag === 'input' && /^(submit|button|image)$/.test(type))
    || control.getAttribute('role') === 'button';
  const scope = action === 'click' && pressable
    ? (form || control.closest('dialog,[role=dialog],[role=alertdialog]')) : null;
  const fields = !scope ? [] : form ? [...form.elements] : [...scope.querySelectorAll('input,textarea,select')];
  for (const f of fields) {
    if (f === control || f.disabled || f.readOnly || f.value || needs.length >= 12) continue;
    if (f.tagName === 'INPUT' && /^(checkbox|radio|submit|button|image|reset|hidden|file|range|color)$/.test(f.type)) continue;
    if (!f.getClientRects().length || getComputedStyle(f).visibility !== 'visible') continue;
    const kind = secretKind(f);
    if (!kind || (kind === 'new-password' && !f.required && f.getAttribute('aria-required') !== 'true')) continue;
    needs.push(kind);
  }
  const method = form ? (control.getAttribute('formmethod') || form.getAttribute('method') || 'get').toUpperCase() : '';
  const opens = link ? link.getAttribute('target') || '' : (submits ? control.getAttribute('formtarget') || form.getAttribute('target') || '' : '');
  const actionUrl = form ? absolute(control.getAttribute('formaction') || form.getAttribute('action') || doc.location.href, doc.baseURI) : '';
  const handlers = [];
  for (const n of [control, form].filter(Boolean)) {
    for (const h of ['onclick', 'onchange', 'oninput', 'onsubmit', 'onpointerup', 'onmouseup', 'onkeyup']) {
      if (n.getAttribute && n.getAttribute(h)) handlers.push(h.slice(2));
    }
  }
  let expanded = null;
  const ex = control.getAttribute('aria-expanded');
  if (ex === 'true' || ex === 'false') expanded = ex === 'true';
  if (tag === 'summary') expanded = !!(control.parentElement && control.parentElement.open);
  const containers = [];
  for (let n = control.parentElement; n; n = n.parentElement) {
    const role = n.getAttribute('role') || '';
    if (n.tagName === 'DIALOG' || n.tagName === 'SECTION' || n.tagName === 'ASIDE' || n.tagName === 'FORM' || /dialog|region|banner|alert/.test(role)) {
      const label = n.getAttribute('aria-label') || '';
      const head = n.querySelector('h1,h2,h3,h4,legend,[role=heading]');
      containers.push(clip(label || (head ? head.textContent : '') || n.id || n.className || '', 80));
    }
  }
  const visible = (root) => {
    const parts = [];
    const walker = root.createTreeWalker(root.body || root, NodeFilter.SHOW_TEXT);
    let total = 0;
    // each parent asked once: its boxes cost time in proportion to its lines, and a span of
    // thousands of links has a text node between each two
    const shows = new Map();
    for (let n = walker.nextNode(); n && total < maxText; n = walker.nextNode()) {
      const p = n.parentElement;
      if (!p) continue;
      let shown = shows.get(p);
      if (shown === undefined) {
        shown = !p.closest('script,style,noscript,template,[aria-hidden=true]') &&
          !p.closest('input[type=password]') &&
          p.getClientRects().length > 0 && getComputedStyle(p).visibility === 'visible';
        shows.set(p, shown);
      }
      if (!shown) continue;
      const s = clip(n.nodeValue, maxText);
      if (s) { parts.push(s); total += s.length + 1; }
    }
    for (const v of root.querySelectorAll('input[type=submit],input[type=button]')) parts.push(clip(v.value, 80));
    return parts.join(' ').slice(0, maxText);
  };
  const nameOf = (n) => clip(n.getAttribute('aria-label') || (n.getAttribute('aria-labelledby') || '').split(/\s+/).map(id => { const r = n.ownerDocument.getElementById(id); return r ? r.textContent : ''; }).join(' ') || n.innerText || valueOf(n) || n.getAttribute('title') || n.getAttribute('alt') || '', 300);
  // this isolated world only (the page cannot see it): the control, then where a delegated
  // listener could hear its events (its ancestors, the document, the window)
  const chain = [control];
  for (let n = control.parentNode || control.host; n && chain.length < 40; n = n.parentNode || n.host) chain.push(n);
  chain.push(control.ownerDocument.defaultView);
  globalThis.__subterminatorHit = chain;
  return {
    tag, role: control.getAttribute('role') || '', name: nameOf(control), text: clip(control.innerText || valueOf(control), 300),
    secret, needs_secret: needs,
    input_type: type, expanded, href: link ? absolute(link.getAttribute('href'), doc.baseURI) : '',
    form_action: form ? actionUrl : '', form_method: form ? method : '', submits, search, form_values: values, handlers,
    link_target: opens,
    container: containers.filter(Boolean).join(' / ').slice(0, 200),
    lands_elsewhere: lands, opaque, frame_point: framePoint, invokes: invokedChain.length > 0, sealable,
    page_url: document.location.href, page_title: document.title, page_text: visible(document),
    page_lang: (document.documentElement.lang || '').trim().slice(0, 35),
  };
}
