// The element behind one of capture.js's handles in this world, or undefined: a handle from
// another world (another document) or of an element since collected finds nothing.
(nonce, id) => {
  const reg = globalThis.__subterminator;
  return reg && reg.nonce === nonce ? reg.els.get(id)?.deref() : undefined;
}
