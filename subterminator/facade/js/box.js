// element_screenshot: the one element's box in the top document's page coordinates, brought
// into view first; through same-origin frames, never into a cross-origin one.
if (roots.length !== 1) return {matches: roots.length};
const el = roots[0];
el.scrollIntoView({block: 'nearest', inline: 'nearest', behavior: 'instant'});
const r = el.getBoundingClientRect();
let x = r.x, y = r.y;
let win = el.ownerDocument.defaultView;
while (win && win !== win.top) {
  const frame = win.frameElement;
  if (!frame) return {matches: 1, crossOrigin: true};
  const fr = frame.getBoundingClientRect();
  const cs = frame.ownerDocument.defaultView.getComputedStyle(frame);
  x += fr.x + frame.clientLeft + parseFloat(cs.paddingLeft || '0');
  y += fr.y + frame.clientTop + parseFloat(cs.paddingTop || '0');
  win = frame.ownerDocument.defaultView;
}
return {matches: 1, x: x + (win ? win.scrollX : 0), y: y + (win ? win.scrollY : 0),
  width: r.width, height: r.height};
