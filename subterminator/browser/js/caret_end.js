// Put the caret at the end so typed text is appended (browser_fill with clear_first=false).
function() {
  if (typeof this.setSelectionRange === 'function' && typeof this.value === 'string') {
    try { this.setSelectionRange(this.value.length, this.value.length); } catch (e) {}
  } else if (this.isContentEditable) {
    const range = document.createRange(); range.selectNodeContents(this); range.collapse(false);
    const sel = getSelection(); sel.removeAllRanges(); sel.addRange(range);
  }
}
