// A control whose node a re-render replaced, found again in the live document by the
// structural print capture.js kept beside its handle (globalThis.__subterminatorPrint): never
// by position, so two identical controls are ambiguous. Runs in our isolated world.
// Answers {s: 'here'} while the handle's node is still in the page (hidden or covered is the
// action's own error, not a re-render); {s: 'unknown'} for a handle of another document or one
// never printed; {s: 'none' | 'many', count}; or {s: 'one', h, nth, of, scope, scopeName}: the
// new node's handle (registered like capture.js's) and where it sits among like controls.
(nonce, id) => {
  const reg = globalThis.__subterminator, print = globalThis.__subterminatorPrint;
  if (!reg || reg.nonce !== nonce || !print || !reg.prints) return {s: 'unknown'};
  const old = reg.els.get(id)?.deref();
  if (old && old.isConnected) return {s: 'here'};
  const want = reg.prints.get(id);
  if (!want) return {s: 'unknown'};
  const [role, name, tag] = want.split('\u241f');
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim().slice(0, 200);
  const roleOf = (el) => { const r = el.computedRole || ''; return r === 'presentation' ? 'none' : r; };
  const like = (el) => el.tagName === tag && roleOf(el) === role && norm(el.computedName) === name &&
    el.checkVisibility({visibilityProperty: true});
  const memo = new Map(), found = [], roots = [document];
  for (let i = 0; i < roots.length; i++) {
    for (const el of roots[i].querySelectorAll('*')) {
      if (el.shadowRoot) roots.push(el.shadowRoot);
      if (el.tagName === 'IFRAME' || el.tagName === 'FRAME') {  // same-origin: captured here too
        let inner = null;
        try { inner = el.contentDocument; } catch (e) { inner = null; }
        if (inner && inner.documentElement) roots.push(inner);
      }
      if (like(el) && print(el, roleOf(el), el.computedName, memo) === want) found.push(el);
    }
  }
  if (found.length !== 1) return {s: found.length ? 'many' : 'none', count: found.length};
  const el = found[0];
  // where it sits: among the controls like it (same role and name) in its nearest list,
  // table or landmark, for the reply to say
  const SCOPE = /^(list|listbox|menu|menubar|table|grid|treegrid|tablist|toolbar|tree|radiogroup|group|form|region|navigation|main|complementary|dialog|alertdialog|search)$/;
  let scope = null;
  for (let a = el.parentElement || el.getRootNode().host; a; a = a.parentElement || a.getRootNode().host) {
    if (SCOPE.test(a.computedRole || '')) { scope = a; break; }
  }
  const peers = [...(scope || document).querySelectorAll(tag)].filter(like);
  let nid = reg.ids.get(el);
  if (nid === undefined) {
    nid = ++reg.next; reg.ids.set(el, nid); reg.els.set(nid, new WeakRef(el));
  }
  reg.prints.set(nid, want);
  let scopeName = '';
  if (scope) {
    scopeName = norm(scope.computedName);
    const h = scopeName ? null : scope.querySelector('h1,h2,h3,h4,h5,h6,[role=heading]') ||
      [scope.previousElementSibling].find(s => s && s.matches('h1,h2,h3,h4,h5,h6,[role=heading]'));
    if (h) scopeName = norm(h.textContent);
  }
  return {s: 'one', h: 'j' + reg.nonce + '.' + nid, nth: peers.indexOf(el) + 1, of: peers.length,
    scope: scope ? scope.computedRole : '', scopeName};
}
