// browser_select: match an option by value, then visible text, then text ignoring case.
function(wanted) {
  if (this.tagName !== 'SELECT') return {detail: 'element is not a <select>; click it to open the list, then click an option'};
  const opts = [...this.options];
  const norm = (s) => s.replace(/\s+/g, ' ').trim();
  let i = opts.findIndex(o => o.value === wanted);
  if (i < 0) i = opts.findIndex(o => norm(o.label || o.text) === norm(wanted));
  if (i < 0) i = opts.findIndex(o => norm(o.label || o.text).toLowerCase() === norm(wanted).toLowerCase());
  if (i < 0) return {detail: 'no option matches ' + JSON.stringify(wanted) + '; options: ' + opts.map(o => JSON.stringify(norm(o.text))).slice(0, 20).join(', ')};
  if (opts[i].disabled) return {detail: 'option ' + JSON.stringify(wanted) + ' is disabled'};
  return {index: i};
}
