// get_html: the HTML of each root (a root inside an earlier one is in it already), secrets
// withheld. A field's live value is not HTML (as in outerHTML), so what is typed never shows;
// a script's code is left out (it may carry a session's data), its length said instead.
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const quoted = (s) => esc(s).replace(/"/g, '&quot;');
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta',
  'source', 'track', 'wbr']);
const squeeze = (s) => s.replace(/\s+/g, (w) => (w.includes('\n') ? '\n' : ' '));
const opening = (el) => {
  let s = '<' + el.localName;
  for (const a of el.attributes) {
    const v = attrOf(el, a.name);
    s += ' ' + a.name + (v ? '="' + quoted(v) + '"' : '');
  }
  return s + '>';
};
const out = [];
const inner = (el, depth, pre) => {
  let left = 0;
  const flush = () => {
    if (left) out.push(`<!-- ${left} element${left > 1 ? 's' : ''} deeper left out -->`);
    left = 0;
  };
  for (const c of el.childNodes) {
    if (c.nodeType === 1 && o.maxDepth != null && depth + 1 > o.maxDepth) { left++; continue; }
    flush();
    node(c, depth + 1, pre);
  }
  flush();
};
const node = (n, depth, pre) => {
  if (n.nodeType === 3) { out.push(esc(cut(pre ? n.data : squeeze(n.data), o.ellipsize))); return; }
  if (n.nodeType === 8) { out.push('<!--' + esc(cut(n.data, o.ellipsize)) + '-->'); return; }
  if (n.nodeType !== 1) return;
  const tag = n.localName;
  out.push(opening(n));
  if (VOID.has(tag)) return;
  if (tag === 'script') {
    const code = n.textContent.length;
    if (code) out.push(`(script: ${code} characters left out)`);
  } else if (tag === 'textarea' && secretField(n)) {
    if (n.textContent) out.push(esc(o.withheld));
  } else if (o.collapse != null && depth >= o.collapse && n.childElementCount) {
    out.push(`(${n.childElementCount} children)`);
  } else {
    inner(n, depth, pre || tag === 'pre' || tag === 'textarea');
  }
  out.push('</' + tag + '>');
};
let last = null;
for (const r of roots) {
  if (last && last.contains(r)) continue;
  if (last) out.push('\n');
  last = r;
  node(r, 0, !!r.closest('pre'));
}
return {matches: roots.length, text: out.join('')};
