// Fail fast where Playwright would only wait for its timeout: disabled, read-only,
// gone from the page, not rendered, hidden, or covered (naming what covers the element's centre).
function(action) {
  const el = this;
  const describe = (n) => {
    const id = n.id ? '#' + n.id : '';
    const cls = typeof n.className === 'string' && n.className ? '.' + n.className.trim().split(/\s+/).join('.') : '';
    const text = (n.innerText || '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return '<' + n.tagName.toLowerCase() + id + cls + '>' + (text ? ' "' + text + '"' : '');
  };
  // gone from the page (a re-render since it was resolved): not a visibility problem
  if (!el.isConnected) return {code: 'element_detached', detail: 'the element left the page'};
  if (el.matches(':disabled') || el.closest('[aria-disabled="true"]')) return {code: 'element_disabled', detail: 'element is disabled'};
  if (action === 'fill' && (el.readOnly || el.getAttribute('aria-readonly') === 'true')) return {code: 'element_disabled', detail: 'element is read-only'};
  if (!el.getClientRects().length) return {code: 'element_not_visible', detail: 'element is not rendered'};
  const style = getComputedStyle(el);
  if (style.visibility !== 'visible') return {code: 'element_not_visible', detail: 'element has visibility:' + style.visibility};
  el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
  const rects = [...el.getClientRects()].filter(q => q.width > 0 && q.height > 0);
  const r = rects.sort((a, b) => b.width * b.height - a.width * a.height)[0] || el.getBoundingClientRect();
  const cx = r.x + r.width / 2, cy = r.y + r.height / 2;  // Playwright's point: the largest box's centre
  let hit = el.ownerDocument.elementFromPoint(cx, cy);  // frames: the element's own document
  while (hit && hit.shadowRoot) { const inner = hit.shadowRoot.elementFromPoint(cx, cy); if (!inner || inner === hit) break; hit = inner; }
  if (hit && hit !== el && !el.contains(hit) && !(hit.control === el) && !(el.labels && [...el.labels].some(l => l.contains(hit)))) {
    let n = hit; let inside = false;
    while (n) { if (n === el) { inside = true; break; } n = n.parentNode || n.host; }
    if (!inside) return {code: 'element_obscured', detail: describe(hit)};
  }
  const link = el.closest('a[target], area[target]');
  const target = link ? link.getAttribute('target') : '';
  return {newTab: !!target && !/^_(self|parent|top)$/i.test(target)};
}
