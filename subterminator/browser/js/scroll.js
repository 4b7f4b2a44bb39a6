// browser_scroll by direction; resolves after a frame so the new scroll offset is settled.
function(direction, amount) {
  const max = document.documentElement.scrollHeight;
  const top = direction === 'top' ? 0 : direction === 'bottom' ? max
    : window.scrollY + (direction === 'up' ? -amount : amount);
  window.scrollTo({top, left: window.scrollX, behavior: 'instant'});
  return new Promise(r => requestAnimationFrame(() => r(window.scrollY)));
}
