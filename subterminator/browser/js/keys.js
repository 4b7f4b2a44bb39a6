// What an activating key pressed now would do (key: 'enter' or 'space'), read from the focused
// element in this isolated world: the control it clicks, a form's default button, the form's
// own submission, nothing of the sort, or a place we cannot read. Returns plain data; the
// element it acts on is left in globalThis.__subterminatorKeyed for the caller to fetch.
// The form's own accessors are read from the prototype: a field named "elements" or "action"
// shadows them on the element.
function(key) {
  const doc = this.ownerDocument || document;
  const clip = (s, n) => (s || '').replace(/\s+/g, ' ').trim().slice(0, n);
  const formProto = HTMLFormElement.prototype;
  const elementsOf = (f) => [...Object.getOwnPropertyDescriptor(formProto, 'elements').get.call(f)];
  let el = doc.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  globalThis.__subterminatorKeyed = null;
  const nameOf = (n) => !n ? '' : clip(n.getAttribute('aria-label') || [...(n.labels || [])].map(l => l.textContent).join(' ')
    || n.getAttribute('placeholder') || n.getAttribute('title') || n.innerText || n.getAttribute('name') || '', 300);
  const out = (how, target, extra) => {
    globalThis.__subterminatorKeyed = target || null;
    const reg = globalThis.__subterminator;
    const id = target && reg ? reg.ids.get(target) : undefined;
    return Object.assign({
      how, handle: id === undefined ? '' : `j${reg.nonce}.${id}`, name: nameOf(el),
      role: el ? (el.getAttribute('role') || el.localName) : '', method: '', action: '',
    }, extra || {});
  };
  if (!el || el === doc.body || el === doc.documentElement) return out('other', null);
  if (/^(IFRAME|FRAME|OBJECT|EMBED)$/.test(el.tagName)) return out('unknown', null);
  const tag = el.tagName;
  const type = tag === 'INPUT' || tag === 'BUTTON' ? String(el.type || '').toLowerCase() : '';
  const pressable = tag === 'BUTTON' || (tag === 'INPUT' && /^(submit|image|button|reset)$/.test(type));
  const toggle = tag === 'INPUT' && /^(checkbox|radio)$/.test(type);
  const link = (tag === 'A' || tag === 'AREA') && el.hasAttribute('href');
  const custom = !pressable && !toggle && !link && !/^(INPUT|TEXTAREA|SELECT|SUMMARY)$/.test(tag)
    && (el.isContentEditable ? false : /^(button|link|menuitem|menuitemcheckbox|menuitemradio|checkbox|radio|switch|tab|option|treeitem)$/.test(el.getAttribute('role') || ''));
  if (custom) return out('unknown', null);
  if (key === 'space') return pressable || toggle || tag === 'SUMMARY' ? out('element', el) : out('other', null);
  if (pressable || link || tag === 'SUMMARY') return out('element', el);
  if (tag !== 'INPUT' || !el.form) return out('other', null);
  const form = el.form;
  const fields = elementsOf(form);
  const submitter = fields.find(f => (f.tagName === 'BUTTON' && f.type === 'submit')
    || (f.tagName === 'INPUT' && /^(submit|image)$/.test(f.type)));
  if (submitter) return submitter.disabled ? out('other', null) : out('default', submitter);
  // no default button: the form is submitted only when no other field blocks it
  const blocking = fields.filter(f => f.tagName === 'INPUT'
    && /^(text|search|url|tel|email|password|date|month|week|time|datetime-local|number)$/.test(f.type));
  if (blocking.length > 1) return out('other', null);
  let action = form.getAttribute('action') || doc.location.href;
  try { action = new URL(action, doc.baseURI).href; } catch (e) { /* kept as written */ }
  return out('form', el, {method: (form.getAttribute('method') || 'get').toUpperCase(), action});
}
