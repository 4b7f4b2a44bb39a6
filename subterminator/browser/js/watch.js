// What an action changed around `this` (its target, or a document's root element), read in
// our isolated world before it ('begin') and after it ('read'; 'wait' waits up to `ms` for a
// change that comes late). Seen: mutations of the target's document and of this world's own
// document (our marks on the target left out), focus moved elsewhere (or into a field
// clicked), the target's own state, and the form fields' states (a script can tick a box or
// clear a field without any mutation). A field's value never leaves the page: it is kept
// here at 'begin' and compared here at 'read', and only the verdict is returned.
function(mode, target, wanted, append, ms) {
  const el = this;
  const docs = [...new Set([el.ownerDocument || document, document])];
  const ours = (r) => r.type === 'attributes' && (r.attributeName || '').startsWith('data-subterminator');
  const counted = (records) => records.filter((r) => !ours(r)).length;
  const active = () => {
    let a = docs[0].activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a;
  };
  const isField = (n) => n.tagName === 'TEXTAREA' || n.tagName === 'SELECT' || n.isContentEditable ||
    (n.tagName === 'INPUT' && !/^(button|submit|reset|image|checkbox|radio|file|range|color|hidden)$/i.test(n.type));
  const valueOf = (n) => {
    if (n.tagName === 'INPUT' || n.tagName === 'TEXTAREA') return String(n.value).replace(/\r\n?/g, '\n');
    return n.isContentEditable ? String(n.innerText).replace(/\r\n?/g, '\n').replace(/\n+$/, '') : '';
  };
  const attrs = ['aria-expanded', 'aria-pressed', 'aria-checked', 'aria-selected', 'open'];
  const stateOf = (n) => [n.checked, n.indeterminate, n.selectedIndex, n.open,
    ...attrs.map((a) => n.getAttribute(a))].join('|');
  const fields = () => {
    const out = [];
    for (const d of docs) {
      const all = d.querySelectorAll('input, select, textarea');
      for (let i = 0; i < all.length && i < 3000; i++) {
        const f = all[i];
        out.push(f.type === 'checkbox' || f.type === 'radio' ? String(f.checked) + f.indeterminate
          : f.tagName === 'SELECT' ? String(f.selectedIndex) : f.value);
      }
    }
    return out;
  };
  const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
  if (mode === 'begin') {
    const old = globalThis.__subterminatorWatch;
    if (old) old.observer.disconnect();
    const w = {count: 0, wake: null, focus: active(), fields: fields(), el: target && el.isConnected ? el : null};
    if (w.el) { w.state = stateOf(el); w.value = valueOf(el); }
    w.observer = new MutationObserver((records) => {
      w.count += counted(records);
      if (w.count && w.wake) w.wake();
    });
    for (const d of docs) w.observer.observe(d, {subtree: true, childList: true, attributes: true, characterData: true});
    globalThis.__subterminatorWatch = w;
    return true;
  }
  const w = globalThis.__subterminatorWatch;
  if (!w) return {gone: true};  // another document: our world went with the old one
  w.count += counted(w.observer.takeRecords());
  if (mode === 'wait') {
    if (w.count) return true;
    return new Promise((resolve) => {
      w.wake = () => resolve(true);
      setTimeout(() => resolve(false), ms);
    });
  }
  const now = active();
  const t = w.el;
  const seen = [];
  if (w.count) seen.push('page');
  if (now !== w.focus && now && now !== docs[0].body && (!t || (now !== t && !t.contains(now)) || isField(t))) seen.push('focus');
  if (t && stateOf(t) !== w.state) seen.push('state');
  if (!same(fields(), w.fields)) seen.push('fields');
  const out = {seen, known: !!t && t.isConnected};
  if (t && wanted !== null) {
    if (t.tagName === 'SELECT') {
      const found = FIND_OPTION.call(t, wanted);
      const chosen = t.selectedOptions[0];
      out.option = found && 'index' in found && t.options[found.index] && t.options[found.index].selected ? 'selected' : 'other';
      out.showing = chosen ? String(chosen.label || chosen.text).replace(/\s+/g, ' ').trim().slice(0, 80) : '';
    } else {
      const expected = (append ? w.value : '') + String(wanted).replace(/\r\n?/g, '\n');
      const v = valueOf(t);
      out.field = v === expected ? 'holds'
        : v === '' && expected !== '' ? 'empty'
        : v === w.value && expected !== w.value ? 'unchanged'
        : expected.startsWith(v) && v.length < expected.length && v !== w.value ? 'start'
        : 'changed';
    }
  }
  return out;
}
