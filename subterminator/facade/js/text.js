// get_text: one line per element that has text of its own, in document order, "tag#id.class:
// text" (or the text alone). Code, styles and fields' contents are not text: a field's value
// (what a person typed) is never read here.
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'textarea', 'input', 'select',
  'head', 'iframe', 'object']);
const label = (el) => el.localName + (el.id ? '#' + el.id : '') +
  [...el.classList].map((c) => '.' + c).join('');
const lines = [];
const walk = (el, depth) => {
  if (SKIP.has(el.localName)) return;
  if (o.skipHidden && getComputedStyle(el).display === 'none') return;
  const own = [...el.childNodes].filter((c) => c.nodeType === 3).map((c) => c.data).join(' ')
    .replace(/\s+/g, ' ').trim();
  if (own && (!o.skipHidden || visible(el))) {
    const text = cut(own, o.ellipsize);
    lines.push(o.tags ? label(el) + ': ' + text : text);
  }
  if (o.maxDepth != null && depth >= o.maxDepth) return;
  for (const c of el.children) walk(c, depth + 1);
};
let last = null;
for (const r of roots) {
  if (last && last.contains(r)) continue;
  last = r;
  walk(r, 0);
}
return {matches: roots.length, text: lines.join('\n')};
