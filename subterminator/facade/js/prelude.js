// The start of every facade read, run in our isolated world (page scripts cannot redefine the
// DOM API here: a page's own getAttribute or outerHTML is not ours). `sel` is a CSS selector
// matched in this document; null reads `this` (the element an @eN ref names) or, with no
// element, the `fallback` root ('html', 'body'; 'none': an element that is gone). `o` carries
// the read's options and what is secret (browser/secret_fields.py, passed in by Python).
let roots;
if (sel == null) {
  const own = this && this.nodeType === 1 ? this : null;
  const root = own ? (own.isConnected ? own : null)
    : fallback === 'body' ? document.body : fallback === 'html' ? document.documentElement : null;
  roots = root ? [root] : [];
} else {
  try { roots = [...document.querySelectorAll(sel)]; } catch (e) { return {invalid: String(e.message)}; }
}
// A secret by what a field is: a password field now or at any capture of this document before
// (a show-password toggle makes it text), a hidden input (a form's token), a field whose
// autocomplete asks for a password, a one-time code or a card; words in its label, name or id
// only widen. Attributes whose names say token, csrf or nonce, and such a meta's content, too.
const everPw = globalThis.__subterminatorPw || (globalThis.__subterminatorPw = new WeakSet());
for (const pw of document.querySelectorAll('input[type=password]')) everPw.add(pw);
const acRe = new RegExp(o.secretAc, 'i'), wordsRe = new RegExp(o.words, 'iu');
const tokenRe = new RegExp(o.tokens, 'i');
const FIELDS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
const fieldWords = (f) => [f.getAttribute('aria-label'), ...[...(f.labels || [])].map((l) => l.textContent),
  f.getAttribute('placeholder'), f.getAttribute('name'), f.id].filter(Boolean).join(' ').slice(0, 300);
const secretField = (el) => {
  if (!FIELDS.has(el.tagName)) return false;
  if (el.tagName === 'INPUT') {
    const type = String(el.type || '').toLowerCase();
    if (type === 'password') everPw.add(el);
    if (type === 'hidden') return true;
  }
  return everPw.has(el) || acRe.test(el.getAttribute('autocomplete') || '') || wordsRe.test(fieldWords(el));
};
const metaNames = (el) => ['name', 'property', 'http-equiv', 'itemprop', 'id']
  .map((a) => el.getAttribute(a) || '').join(' ');
const secretAttr = (el, name) => {
  const n = String(name).toLowerCase();
  if (tokenRe.test(n)) return true;
  if (n === 'value') return secretField(el);
  if (n === 'content') return el.tagName === 'META' && tokenRe.test(metaNames(el));
  return false;
};
const attrOf = (el, name) => {
  const v = el.getAttribute(name);
  return v && secretAttr(el, name) ? o.withheld : v;
};
// Text cut after `n` characters (whole characters: an emoji is one), marked with an ellipsis.
const cut = (s, n) => {
  if (s.length <= n) return s;
  const chars = Array.from(s);
  return chars.length <= n ? s : chars.slice(0, n).join('') + '…';
};
// Shown as Playwright means it: a box of some size, and not hidden by CSS.
const visible = (el) => {
  if (!el.checkVisibility({visibilityProperty: true})) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
};
