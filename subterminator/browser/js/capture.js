// Runs in an isolated world (page scripts cannot tamper with it). Walks the flat tree,
// open shadow roots and same-origin frames included, and returns the candidate elements in DFS
// document order with their layout boxes in the top viewport's coordinates; Chrome's
// accessibility engine then names them (PlaywrightBrowser).
// `origin` places this document in the top viewport ([x, y, clip left, top, right, bottom]) when
// it is a cross-origin frame walked on its own; such frames found here are listed in `xf`
// ([index of the frame's node or -1, index of the frame element, its origin...]) for the
// caller to walk (one out of view for its text only).
// It also reads the visible text, in document order, in three parts: in the viewport, in the main
// content, elsewhere (`tx`); each part bounded by `textLimit` characters. Text nodes only: form
// values (passwords) never; a line break between blocks.
// It returns the metadata as JSON; the elements themselves stay in `__subterminatorLast`.
(scope, limit, origin, textLimit, nameHere) => {
  // The elements that carry an implicit landmark role (HTML-AAM; the last line of SEL) are
  // candidates too, with or without a role attribute: Chrome says which they are (a header
  // inside an article is a section header, no banner), and the landmark a control sits in
  // ranks it when the token budget binds (pruning.py's places). Landmarks are places, not
  // controls: none is admitted to a snapshot unless focusable.
  const SEL = 'a[href],area[href],button,input,select,textarea,summary,details,[role],' +
    '[tabindex],h1,h2,h3,h4,h5,h6,[contenteditable]:not([contenteditable="false"]),dialog,' +
    'section,iframe,audio[controls],video[controls],[aria-expanded],[aria-checked],' +
    'header,footer,nav,main,aside,form,search';
  // what SEL matches in an element without attributes: its bare tag names (the rest of SEL
  // asks for an attribute), so most of a long table's or log's elements skip the selector
  const BARE = new Set(['button', 'input', 'select', 'textarea', 'summary', 'details', 'h1', 'h2',
    'h3', 'h4', 'h5', 'h6', 'dialog', 'section', 'iframe', 'header', 'footer', 'nav', 'main',
    'aside', 'form', 'search']);
  const LANDMARK_TAGS = /^(header|footer|nav|main|aside|form|search)$/;
  const LIVE = /^(alert|alertdialog|status|dialog|log)$/;
  const NATIVE = /^(A|AREA|BUTTON|INPUT|SELECT|TEXTAREA|SUMMARY)$/;
  const SKIP = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'HEAD', 'NOSCRIPT', 'svg']);
  const BLOCK = /^(P|DIV|LI|UL|OL|DL|DT|DD|H[1-6]|TD|TH|TR|TABLE|SECTION|ARTICLE|HEADER|FOOTER|MAIN|NAV|ASIDE|FORM|FIELDSET|LEGEND|BLOCKQUOTE|PRE|FIGURE|FIGCAPTION|SUMMARY|DETAILS|DIALOG|BUTTON|LABEL|BODY|HTML|BR|HR|CAPTION)$/;
  // rank_key's role priority (pruning.py), by the role the markup implies; Chrome's own
  // role, read after, decides what is kept
  const ROLE_RANK = {button: 0, link: 0, checkbox: 1, radio: 1, textbox: 1, searchbox: 1,
    combobox: 2, listbox: 2, heading: 3, region: 4, dialog: 4};
  const impliedRole = (el) => {
    const given = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
    if (given) return given;
    switch (el.tagName) {
      case 'A': case 'AREA': return 'link';
      case 'BUTTON': case 'SUMMARY': return 'button';
      case 'TEXTAREA': return 'textbox';
      case 'SELECT': return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
      case 'INPUT':
        if (el.type === 'checkbox' || el.type === 'radio') return el.type;
        return /^(button|submit|reset|image)$/.test(el.type) ? 'button' : 'textbox';
      case 'H1': case 'H2': case 'H3': return 'heading';
      case 'DIALOG': return 'dialog';
      case 'SECTION': return 'region';
    }
    return '';
  };
  // What Chrome's accessibility tree says of one element (the fields of RawNode), for names
  // taken in the page: role and name from the engine, states from the DOM as Chrome reads it.
  const CHECKS = /^(checkbox|radio|switch|menuitemcheckbox|menuitemradio|treeitem)$/;
  const TEXTY = /^(textbox|searchbox|combobox|spinbutton|slider|scrollbar|progressbar|meter)$/;
  const flatParent = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  const aria = (el, name) => {
    const v = el.getAttribute(name);
    return v === null ? null : v.trim().toLowerCase();
  };
  // up the flat tree, through the slot a light-DOM child is shown in (asked only of a shadow
  // host's children: assignedSlot costs several times a parent's step)
  const shownParent = (n) => {
    const p = n.parentElement;
    return p ? (p.shadowRoot && n.assignedSlot) || p : (n.parentNode && n.parentNode.host) || null;
  };
  // the modal dialog on top (showModal): Chrome leaves everything outside it out of its tree
  const modals = [];
  const topModal = () => {
    if (modals.length < 2) return modals[0] || null;
    // stacked: the one whose centre shows itself; else the last in document order
    for (let i = modals.length - 1; i >= 0; i--) {
      const m = modals[i], b = boxOf(m);
      const at = m.getRootNode().elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
      for (let n = at; n; n = shownParent(n)) if (n === m) return m;
    }
    return modals[modals.length - 1];
  };
  let blocker;
  const blocked = (el) => {
    if (blocker === undefined) blocker = topModal();
    if (!blocker) return false;
    for (let n = el; n; n = shownParent(n)) if (n === blocker) return false;
    return true;
  };
  // A button that shows or hides a popover (popovertarget, or commandfor with a popover
  // command) is expanded or collapsed with it, as Chrome says: not when disabled, when it
  // submits its form, or when it sits inside that popover.
  const POPOVER_COMMANDS = /^(toggle-popover|show-popover|hide-popover)$/;
  const popoverOf = (el) => {
    // (set through the IDL too, either leaves its attribute)
    if (!el.hasAttribute('popovertarget') && !el.hasAttribute('commandfor')) return null;
    if (!(el instanceof HTMLButtonElement || (el instanceof HTMLInputElement &&
        /^(button|submit|reset|image)$/.test(el.type)))) return null;
    let target = el.popoverTargetElement || null;
    if (!target && el.commandForElement && POPOVER_COMMANDS.test(el.command || '')) target = el.commandForElement;
    if (!target || target.popover === null || el.matches(':disabled')) return null;
    if (el.form && el.type === 'submit') return null;
    for (let n = el; n; n = shownParent(n)) if (n === target) return null;
    return target;
  };
  // Whether an element or one above it in the flat tree says so, known once per element in a
  // capture: asked up the whole tree for each control, a page nested 800 deep grew with the
  // square of its depth.
  const upward = (memo, test, parent = flatParent) => (el) => {
    const chain = [];
    let v = false;
    for (let n = el; n; n = parent(n)) {
      const known = memo.get(n);
      if (known !== undefined) { v = known; break; }
      chain.push(n);
      if (test(n)) { v = true; break; }
    }
    for (const n of chain) memo.set(n, v);
    return v;
  };
  // Chrome leaves out what an aria-hidden or inert element holds
  const hiddenUp = upward(new Map(), (n) => aria(n, 'aria-hidden') === 'true' || n.inert);
  const disabledUp = upward(new Map(), (n) => aria(n, 'aria-disabled') === 'true');
  const axFacts = (el) => {
    const out = {};
    // Chrome leaves a hidden node out of its tree: no role, name or state
    if (!showsAt(el) || hiddenUp(el)) return {hd: 1, r: 'none', n: ''};
    if (blocked(el)) return {r: 'none', n: ''};  // inert behind a modal dialog
    // a custom element's role, name and states may come from its ElementInternals, which
    // the DOM does not show: Chrome's tree says them
    if (customOnly.has(el)) return {ax: 1};
    let role = el.computedRole || '';
    const tag = el.tagName;
    // a role of Chrome's own (no ARIA name: a frame, a disclosure triangle, a media player)
    // or a control whose name Chrome composes apart (a file picker) is asked of DevTools
    if (!role && tag === 'SUMMARY') role = 'DisclosureTriangle';
    if (!role || (tag === 'INPUT' && /^(file|color|date|datetime-local|month|week|time)$/.test(el.type))) return {ax: 1};
    if (role === 'presentation') role = 'none';
    out.r = role;
    out.n = (el.computedName || '').replace(/\s+/g, ' ');
    const native = tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'BUTTON';
    // disabled: the element (or its fieldset), or aria-disabled on it or an ancestor, which
    // leaves it focusable
    const off = native && el.matches(':disabled');
    if (off || disabledUp(el)) out.di = 1;
    if (!off && (el.tabIndex >= 0 || el.hasAttribute('tabindex') || tag === 'DIALOG' ||
        (tag === 'A' && el.hasAttribute('href')) || el.isContentEditable)) out.fo = 1;
    if ((native && el.readOnly && tag !== 'BUTTON' && tag !== 'SELECT') || aria(el, 'aria-readonly') === 'true') out.ro = 1;
    if (aria(el, 'aria-busy') === 'true') out.bu = 1;
    // checked
    if (CHECKS.test(role)) {
      const given = aria(el, 'aria-checked');
      if (tag === 'INPUT' && (el.type === 'checkbox' || el.type === 'radio')) {
        out.ch = el.indeterminate && el.type === 'checkbox' ? 'mixed' : String(el.checked);
      } else if (given === 'true' || given === 'false' || given === 'mixed') out.ch = given;
      else if (role !== 'treeitem') out.ch = 'false';
    }
    // expanded
    const ex = aria(el, 'aria-expanded'), pop = popoverOf(el);
    if (pop) out.ex = pop.matches(':popover-open');
    else if (ex === 'true' || ex === 'false') out.ex = ex === 'true';
    else if (tag === 'SUMMARY' && el.parentElement && el.parentElement.tagName === 'DETAILS') out.ex = el.parentElement.open;
    else if (tag === 'SELECT' && role === 'combobox') out.ex = false;
    // level
    if (role === 'heading') {
      const lv = parseInt(el.getAttribute('aria-level') || '', 10);
      out.lv = lv > 0 ? lv : (/^H[1-6]$/.test(tag) ? Number(tag[1]) : 2);
    } else if (/^(treeitem|row|listitem|comment)$/.test(role) && el.hasAttribute('aria-level')) {
      const lv = parseInt(el.getAttribute('aria-level') || '', 10);
      if (lv > 0) out.lv = lv;
    }
    // value
    if (el.isContentEditable) {
      const text = (el.innerText || '').slice(0, 2000);
      if (text) out.va = text;
    } else if (TEXTY.test(role)) {
      if (tag === 'INPUT' || tag === 'TEXTAREA') {
        if (!/^(checkbox|radio|button|submit|reset|image|file|hidden|color)$/.test(el.type) && el.value) out.va = el.value;
      } else if (tag === 'SELECT') {
        const o = el.selectedOptions[0];
        out.va = o ? (o.label || o.textContent || '').replace(/\s+/g, ' ').trim() : '';
      } else if (el.hasAttribute('aria-valuenow') || el.hasAttribute('aria-valuetext')) {
        out.va = el.getAttribute('aria-valuenow') || el.getAttribute('aria-valuetext');
      }
    }
    return out;
  };
  // Secret by what a field is, never by what it is called (snapshot/secrecy.py): a password
  // field now or at any capture of this document before (a show-password toggle makes it
  // text), or one whose autocomplete asks for a password, a one-time code or a card. Its value
  // never leaves here. "Code-shaped": made for a short code (numeric keyboard, short maximum).
  const SECRET_AC = /(^|\s)(current-password|new-password|one-time-code|cc-[a-z-]+)(\s|$)/i;
  const everPw = globalThis.__subterminatorPw || (globalThis.__subterminatorPw = new WeakSet());
  for (const pw of document.querySelectorAll('input[type=password]')) everPw.add(pw);
  const secretField = (el) => {
    if (el.tagName === 'INPUT' && el.type === 'password') everPw.add(el);
    return everPw.has(el) || SECRET_AC.test(el.getAttribute('autocomplete') || '');
  };
  const codeShaped = (el) => el.tagName === 'INPUT' &&
    (/^(numeric|decimal)$/i.test(el.getAttribute('inputmode') || '') ||
     (el.maxLength >= 4 && el.maxLength <= 8));
  // A control's identity by structure, kept beside its handle for refind.js (a re-render
  // that replaces the node with an identical one): its role, name, tag and type, and its
  // context up the flat tree: each landmark, list, table, form, fieldset or dialog (its role
  // and name, or the heading that names it) and the item or row it sits in (that item's
  // text). Language-free: the page's words are compared with the page's words. Position is
  // not identity (a re-render may reorder), so identical controls stay ambiguous.
  const print = globalThis.__subterminatorPrint || (globalThis.__subterminatorPrint = (() => {
    const SCOPE = /^(banner|navigation|main|complementary|contentinfo|form|region|search|dialog|alertdialog|group|radiogroup|tabpanel|list|listbox|menu|menubar|table|grid|treegrid|tablist|toolbar|tree)$/;
    const ITEM = /^(listitem|row|option|menuitem|treeitem|article)$/;
    const STRUCT = new Set(['FORM', 'FIELDSET', 'NAV', 'MAIN', 'ASIDE', 'HEADER', 'FOOTER',
      'SECTION', 'ARTICLE', 'UL', 'OL', 'DL', 'TABLE', 'TR', 'LI', 'DIALOG', 'SEARCH']);
    const HEADING = 'h1,h2,h3,h4,h5,h6,[role=heading]';
    const norm = (s) => (s || '').replace(/\s+/g, ' ').trim().slice(0, 200);
    const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
    // what names an unnamed scope: a heading inside it, else one just before it
    const heading = (a) => {
      const inside = a.querySelector(HEADING);
      if (inside) return norm(inside.textContent);
      for (let s = a.previousElementSibling, k = 0; s && k < 3; s = s.previousElementSibling, k++) {
        const h = s.matches(HEADING) ? s : s.querySelector(HEADING);
        if (h) return norm(h.textContent);
      }
      return '';
    };
    const context = (a, memo) => {
      if (memo.has(a)) return memo.get(a);
      let out = '';
      if (STRUCT.has(a.tagName) || a.hasAttribute('role')) {
        const role = a.computedRole || (a.tagName === 'FORM' ? 'form' : '');
        if (ITEM.test(role)) out = role + '(' + norm(a.textContent) + ')';
        else if (SCOPE.test(role)) {
          out = role + '[' + (norm(a.computedName) || heading(a)) + ']';
          if (a.tagName === 'FORM') out += (a.getAttribute('action') || '') + ' ' + a.method;
        }
      }
      memo.set(a, out);
      return out;
    };
    // the contexts from an element up, joined; known once per element for one `memo`
    const SEP = '\u241f', chainsOf = new WeakMap();
    const chain = (start, memo) => {
      let chains = chainsOf.get(memo);
      if (!chains) chainsOf.set(memo, chains = new Map());
      const todo = [];
      let above = '';
      for (let a = start; a && a !== a.ownerDocument.documentElement; a = up(a)) {
        const known = chains.get(a);
        if (known !== undefined) { above = known; break; }
        todo.push(a);
      }
      for (let i = todo.length - 1; i >= 0; i--) {
        const c = context(todo[i], memo);
        if (c) above = above ? c + SEP + above : c;
        chains.set(todo[i], above);
      }
      return above;
    };
    return (el, role, name, memo) => {
      const parts = [role, norm(name), el.tagName, typeof el.type === 'string' ? el.type : ''];
      parts.push(el.form && !el.form.contains(el) ? 'form:' + context(el.form, memo) : '');
      const above = chain(up(el), memo);
      if (above) parts.push(above);
      return parts.join(SEP);
    };
  })());
  const vw = window.innerWidth, vh = window.innerHeight;
  let focused = document.activeElement;
  while (focused && focused.shadowRoot && focused.shadowRoot.activeElement) {
    focused = focused.shadowRoot.activeElement;
  }
  const els = [], meta = [], customOnly = new Set();
  const canName = nameHere && 'computedName' in Element.prototype;
  // frame: [offset x, offset y, clip left, top, right, bottom] of the document being walked
  const TOP = origin || [0, 0, 0, 0, vw, vh];
  const xf = [], frameEls = [];
  // three parallel stacks (node, parent index, frame): no array per visited node
  const stackNode = [], stackParent = [], stackFrame = [], stackOut = [];
  // what the next pushes are: out of view (culled, 1) or not (0), and the children a culled
  // container leaves out (``cull``: child -> FAR, or QUIET_MAIN/QUIET_ELSE by the part of
  // the text it would go to)
  let pushOut = 0, cut = null;
  const push = (c, parent, frame) => {
    const type = c.nodeType;
    if (type === 1 || (type === 3 && /\S/.test(c.nodeValue))) {
      stackNode.push(c); stackParent.push(parent); stackFrame.push(frame);
      stackOut.push(pushOut || (cut !== null && cut.get(c)) || 0);
    }
  };
  // What an element holds that is not rendered (``content-visibility: hidden``, as the
  // browser gives a closed <details>' content and `hidden="until-found"`, unless a page's
  // style shows it): Chrome's tree and the page's text leave it out
  const unshown = (el) => {
    if (el.tagName === 'DETAILS') {
      return !el.open && getComputedStyle(el, '::details-content').contentVisibility === 'hidden';
    }
    return el.nodeType === 1 && el.hasAttribute('hidden') && styleOf(el).contentVisibility === 'hidden';
  };
  // The flat tree, as it renders and as Chrome's tree reads: an open shadow root's content
  // in place of the host's children, which come in where its slots show them (a slot with
  // none shows its own). Pushed last to first, so that they pop in DFS order.
  const pushChildren = (node, parent, frame) => {
    if (unshown(node)) {
      // a closed <details> shows its summary alone; what else it holds is not laid out, and
      // each box asked of it would lay it out (a sidebar's 600 links, all closed). A modal
      // dialog in it, unseen, still leaves the rest of the page inert.
      const modal = node.querySelector('dialog:modal');
      if (modal) modals.push(modal);
      if (node.tagName === 'DETAILS') {
        for (let c = node.firstElementChild; c; c = c.nextElementSibling) {
          if (c.tagName === 'SUMMARY') { push(c, parent, frame); break; }
        }
      }
      return;
    }
    const from = node.shadowRoot || node;
    if (node.tagName === 'SLOT' && node.getRootNode() instanceof ShadowRoot) {
      const shown = node.assignedNodes();
      if (shown.length) {
        for (let i = shown.length - 1; i >= 0; i--) push(shown[i], parent, frame);
        return;
      }
    }
    for (let c = from.lastChild; c; c = c.previousSibling) push(c, parent, frame);
  };
  // Each box, style and visibility question is asked at most once per element in a capture:
  // an inline element's box costs time in proportion to its lines (a span of 3,700 links
  // wrapping over hundreds of them), so asking again at each of its text nodes grew with the
  // square of the page.
  const boxes = new Map(), styles = new Map(), visibleAt = new Map(), visibleText = new Map();
  const boxOf = (el) => {
    let b = boxes.get(el);
    if (b === undefined) { b = el.getBoundingClientRect(); boxes.set(el, b); }
    return b;
  };
  const styleOf = (el) => {
    let cs = styles.get(el);
    if (cs === undefined) { cs = getComputedStyle(el); styles.set(el, cs); }
    return cs;
  };
  const asked = (memo, el, opacity) => {
    let v = memo.get(el);
    if (v === undefined) {
      v = el.checkVisibility({visibilityProperty: true, opacityProperty: opacity});
      memo.set(el, v);
    }
    return v;
  };
  const showsAt = (el) => asked(visibleAt, el, false);  // as Chrome's tree reads it
  const showsText = (el) => asked(visibleText, el, true);  // and not faded out
  // Where an element's text shows, against the viewport: OUT of it, IN it, or crossing an
  // edge (EDGE, a box of its own; SPAN and up, an inline one, by its depth in such inlines).
  // Text is placed by the nearest box that is not inline (a block, a cell, an inline-block,
  // anything positioned), measured once: an inline element's lines lie within it. An inline
  // element is measured itself (once) when its box is known already (a candidate) or when the
  // box around it crosses an edge, so that the part of a long paragraph below the fold stays
  // out of the view's text. Below DEEP inlines that all cross, text counts as in view: each
  // such box costs the time of all it holds, so measuring every level of a deep nesting would
  // grow with the square of the page again; a few levels keep real pages exact.
  const OUT = 0, IN = 1, EDGE = 2, SPAN = 3, DEEP = 8;
  const INLINE = /^(inline|contents|ruby|ruby-base|ruby-text)$/;
  const placed = new Map();
  const against = (el, frame) => {
    const b = boxOf(el);
    const x = b.x + frame[0], y = b.y + frame[1], right = x + b.width, bottom = y + b.height;
    if (!(right > frame[2] && bottom > frame[3] && x < frame[4] && y < frame[5])) return OUT;
    if (x >= frame[2] && y >= frame[3] && right <= frame[4] && bottom <= frame[5]) return IN;
    return INLINE.test(styleOf(el).display) ? SPAN : EDGE;
  };
  // whether an element is known to have a box: measured already (a candidate) and not
  // empty, as a `display: contents` (or none) element's is; then its style need not be read
  const boxed = (el) => {
    const b = boxes.get(el);
    return b !== undefined && (b.width > 0 || b.height > 0);
  };
  // a box of its own, or one measured already (a candidate's; not a `display: contents`
  // element's, which is empty)
  const selfPlaced = (el) => {
    if (boxed(el)) return true;
    const display = styleOf(el).display;
    return !INLINE.test(display) || (display !== 'contents' && boxes.has(el));
  };
  // `up` is where the parent is
  const placeIn = (el, frame, up) => {
    const measure = up === undefined || up === EDGE || (up >= SPAN && up < SPAN + DEEP - 1);
    if (!measure && !selfPlaced(el)) return up >= SPAN ? IN : up;
    const at = against(el, frame);
    return at === SPAN && up >= SPAN ? up + 1 : at;
  };
  const placeOf = (el, frame) => {
    // up through inline elements not placed yet, then down again: linear in the elements
    const chain = [];
    let at, n = el;
    for (; n; n = shownParent(n)) {
      at = placed.get(n);
      if (at !== undefined) break;
      chain.push(n);
      if (selfPlaced(n)) break;
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      at = placeIn(chain[i], frame, at);
      placed.set(chain[i], at);
    }
    return at;
  };
  // the block an element's text shows in, up the flat tree, known once per element
  const blocks = new Map();
  const blockOf = (el) => {
    const chain = [];
    let block;
    for (let n = el; n; n = shownParent(n)) {
      block = blocks.get(n);
      if (block !== undefined) break;
      chain.push(n);
      if (BLOCK.test(n.tagName)) { block = n; break; }
    }
    if (block === undefined) block = chain[chain.length - 1];  // the top of the flat tree
    for (const n of chain) blocks.set(n, block);
    return block;
  };
  // whether text in an element shows; a `display: contents` element has no box, which
  // checkVisibility reads as hidden: its own visibility and the box around it say
  const textShows = (el) => {
    if (boxed(el) || styleOf(el).display !== 'contents') return showsText(el);
    const up = shownParent(el);
    return styleOf(el).visibility === 'visible' && (!up || textShows(up));
  };
  // an element's part of the text: 0 in view, 1 main content, 2 elsewhere; -1 none. Whether
  // it is in the main content, or in a field (whose text is a value, never read), is asked
  // up the tree once per element: a closest() for each of a long line's links walked the
  // same few elements above them again and again.
  const light = (n) => n.parentElement;  // as closest() goes
  const mainUp = upward(new Map(), (n) => n.matches(MAINS), light);
  const fieldUp = upward(new Map(), (n) => /^(select|textarea|datalist)$/.test(n.localName), light);
  const inMain = new Map(), usable = new Map();
  const partOf = (el, frame, out) => {
    let ok = usable.get(el);
    if (ok === false) return -1;
    let part = !out && placeOf(el, frame) !== OUT ? 0 : -1;
    if (part < 0) {
      if (sizes[1] >= textLimit && sizes[2] >= textLimit) return -1;
      let main = inMain.get(el);
      if (main === undefined) {  // a quiet element's part is known
        main = out > FAR ? out === QUIET_MAIN : mainUp(el);
        inMain.set(el, main);
      }
      part = main ? 1 : 2;
    }
    if (sizes[part] >= textLimit) return -1;
    if (ok === undefined) {
      ok = !fieldUp(el) && textShows(el);
      usable.set(el, ok);
    }
    return ok ? part : -1;
  };
  // visible text: [in view, main content, elsewhere], each a list of blocks of words
  const texts = [[], [], []], sizes = [0, 0, 0];
  let lastBlock = null;
  const addText = (node, frame, out) => {
    const el = node.parentElement;
    if (!el || (sizes[0] >= textLimit && sizes[1] >= textLimit && sizes[2] >= textLimit)) return;
    const at = partOf(el, frame, out);
    if (at < 0) return;
    const words = node.nodeValue.replace(/\s+/g, ' ');  // spaces at the ends kept: "a<b>b</b>." stays "ab."
    // slotted text sits in its slot's block
    const block = el.shadowRoot && node.assignedSlot ? blockOf(node.assignedSlot) : blockOf(el);
    const part = texts[at];
    if (block === lastBlock && part.length) part[part.length - 1] += words;
    else part.push(words);
    lastBlock = block;
    sizes[at] += words.length + 1;
  };
  // The first `max` characters of the text shown inside `el` (innerText would lay out and
  // serialise the whole subtree: seconds for a `<main tabindex=-1>` around a long story).
  const shownText = (el, max) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let out = '', owner = null, shown = false, block = null, lastBlock = null;
    for (let t = walker.nextNode(); t && out.length < max; t = walker.nextNode()) {
      const parent = t.parentElement;
      if (!parent || SKIP.has(parent.tagName)) continue;
      if (parent !== owner) {
        owner = parent;
        shown = showsText(parent);
        block = parent;
        while (block !== el && block.parentElement && !BLOCK.test(block.tagName)) block = block.parentElement;
      }
      if (!shown) continue;
      out += (block !== lastBlock ? ' ' : '') + t.nodeValue;  // "a<b>b</b>." stays "ab."
      lastBlock = block;
    }
    return out.replace(/\s+/g, ' ').trim().slice(0, max);
  };
  const place = (el, frame) => {
    // where a frame's viewport sits in ours, and the part of it that shows
    const r = boxOf(el), cs = styleOf(el);
    const x = frame[0] + r.x + el.clientLeft + parseFloat(cs.paddingLeft || '0');
    const y = frame[1] + r.y + el.clientTop + parseFloat(cs.paddingTop || '0');
    return [x, y, Math.max(frame[2], x), Math.max(frame[3], y),
      Math.min(frame[4], x + el.clientWidth), Math.min(frame[5], y + el.clientHeight)];
  };
  // Viewport culling: the children of a list, table, column or page in normal flow lie one
  // below the next, as do an inline element's line by line (a span of 3,700 links wrapped
  // over hundreds of lines), so a binary search finds those near the view, and the rest
  // (and all they hold) are out of it without a box each: a box costs microseconds, more deep in a
  // long line of inline blocks, and a 10,000-row table asked for 20,000 of them. A few
  // children are enough (a page's sections, an article's parts): a container within a
  // view's height of the view is not searched. What is positioned or floated, and so could
  // show away from its place, is never culled, and the rest are searched around it.
  const CULL_MIN = 4;
  const FLOW = /^(block|list-item|flow-root|table|table-row-group|inline-block|inline)$/;
  // one computed property each (a transform's costs a matrix): positioned (absolute, fixed,
  // sticky, relative) is what shows away from its parent's box; a transform moving a row
  // into view from far off is not seen
  const escapes = (el) => styleOf(el).position !== 'static';
  // The search assumes a flow that runs down the page, which it does not in columns (a
  // list set in two, or inside a box that is, runs down one and again down the next: the
  // first column's rows in view read as far) nor where a transform turns or flips it; asked
  // of the container and each box around it as it lays out, once per element.
  const turned = (t) => {
    if (t === 'none') return false;
    const m = /^matrix\(([^)]*)\)$/.exec(t);  // y' = b x + d y + f: down stays down
    if (!m) return true;
    const v = m[1].split(',').map(Number);
    return !(v[1] === 0 && v[3] > 0);
  };
  const unordered = upward(new Map(), (n) => {
    const cs = styleOf(n);
    if (cs.columnCount !== 'auto' || cs.columnWidth !== 'auto' || turned(cs.transform)) return true;
    // the transform's own parts, which `transform` does not show: any rotation, a scale
    // that flips (its y, or its one factor)
    const scale = cs.scale === 'none' ? [1] : cs.scale.split(' ').map(Number);
    return cs.rotate !== 'none' || !((scale[1] ?? scale[0]) > 0);
  }, shownParent);
  // a table's caption, header and footer show where their kind says, not where they stand
  const PLACED = /^(none|contents|table-caption|table-header-group|table-footer-group)$/;
  // the children of ``el`` far from the view (FAR, or quiet: ``quiet``), or null
  const cull = (el, frame) => {
    if (el.shadowRoot || el.tagName === 'SLOT') return null;
    const cs = styleOf(el);
    if (!FLOW.test(cs.display) || cs.writingMode !== 'horizontal-tb' || unordered(el)) return null;
    const slack = frame[5] - frame[3];  // a viewport's height either side: overlaps stay in
    // within that of the view, so is all in flow in it: the box, and what overflows it (a
    // scrolled log's rows lie far beyond its box)
    const box = boxOf(el), top = box.top - el.scrollTop;
    const bottom = Math.max(box.bottom, top + el.scrollHeight);
    if (Math.min(box.top, top) + frame[1] > frame[3] - slack && bottom + frame[1] < frame[5] + slack) return null;
    const kids = [];
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
      // what is out of the flow, or may show away from its place in it, is never culled
      // and does not order the rest (the flow runs on around it)
      if (PLACED.test(styleOf(c).display) || escapes(c) || styleOf(c).float !== 'none') continue;
      kids.push(c);
    }
    if (kids.length < 2) return null;
    const above = (c) => { const b = boxOf(c); return b.bottom + frame[1] <= frame[3] - slack; };
    const below = (c) => boxOf(c).top + frame[1] >= frame[5] + slack;
    let lo = 0, hi = kids.length;
    while (lo < hi) { const m = (lo + hi) >> 1; if (above(kids[m])) lo = m + 1; else hi = m; }
    const first = lo;
    hi = kids.length;
    while (lo < hi) { const m = (lo + hi) >> 1; if (below(kids[m])) hi = m; else lo = m + 1; }
    if (first === 0 && lo === kids.length) return null;
    const far = new Map();
    for (let i = 0; i < kids.length; i++) if (i < first || i >= lo) far.set(kids[i], FAR);
    quiet(el, far);
    return far;
  };
  // A far child whose subtree is skipped, not walked, once its text's part is full: nothing
  // in it can show in the view (nothing the document's sheets, inline styles or the browser
  // may position, no frame, no shadow tree, whose styles are not read here) and none of it
  // is main content unless all is. Asked once of the container, not of each child: each
  // far element walked costs a style, most of a 10,000-row table's capture.
  const FAR = 1, QUIET_MAIN = 2, QUIET_ELSE = 3;
  const MAINS = 'main,[role=main],article';
  const quiet = (el, far) => {
    const loud = loudOf(el.getRootNode());
    if (loud === null) return;
    const part = mainUp(el) ? QUIET_MAIN : QUIET_ELSE;
    for (const c of far.keys()) if (!loud.has(c)) far.set(c, part);
  };
  // Each element holding (or being) what could show away from its row, main content or a
  // shadow tree, found once per document: asked of each culled container again, a nesting
  // of them read the page once per level.
  const loudBy = new Map();
  const loudOf = (doc) => {
    if (loudBy.has(doc)) return loudBy.get(doc);
    const risky = doc.nodeType === Node.DOCUMENT_NODE ? riskyOf(doc) : null;
    let loud = null;
    if (risky !== null) {
      loud = new Set();
      const mark = (d) => { for (; d && !loud.has(d); d = d.parentElement) loud.add(d); };
      for (const d of doc.querySelectorAll(risky + ',' + MAINS)) mark(d);
      const all = doc.getElementsByTagName('*');
      for (let i = 0; i < all.length; i++) if (all[i].shadowRoot) mark(all[i]);
    }
    loudBy.set(doc, loud);
    return loud;
  };
  // What in a document could show away from its row, as one selector: what its rules
  // position (or may: `all`, a variable), inline styles naming either, the browser's own
  // (dialogs, popovers, the top layer) and frames (their text is read below the fold too).
  // Null when a sheet cannot be read whole (another origin's, nested rules, scoped ones):
  // every far element is walked then. `:is()` forgives what a query cannot take
  // (pseudo-elements). Past RISKY_RULES rules read or RISKY_SELECTORS that position, it is
  // null too: matching costs each element a few nanoseconds a selector, and walking a far
  // element costs it a microsecond or two (the scan, 8,000 rules: ~20 ms).
  const RISKY_RULES = 5000, RISKY_SELECTORS = 64;
  const riskyBy = new Map();
  const riskyOf = (doc) => {
    if (riskyBy.has(doc)) return riskyBy.get(doc);
    const sels = ['iframe', 'frame', 'object', 'embed', 'dialog', '[popover]', ':fullscreen',
      '[style*="position" i]', '[style*="all" i]'];
    const W = doc.defaultView || window;  // a frame's rules are of its own realm's classes
    let ok = true, read = 0;
    const scan = (rules) => {
      for (const r of rules) {
        if (!ok) return;
        if (++read > RISKY_RULES || sels.length > RISKY_SELECTORS) { ok = false; return; }
        if (r instanceof W.CSSStyleRule) {
          const sel = r.selectorText;
          if ((r.cssRules && r.cssRules.length) || sel.includes('&') || sel.includes(':scope')) { ok = false; return; }
          const p = r.style.getPropertyValue('position');
          if ((p && p !== 'static') || r.style.getPropertyValue('all')) sels.push(sel);
        } else if (r instanceof W.CSSImportRule) {
          let imported = null;
          try { imported = r.styleSheet ? r.styleSheet.cssRules : null; } catch (e) { ok = false; return; }
          if (imported) scan(imported);
        } else if (r instanceof W.CSSKeyframesRule) {
          for (const k of r.cssRules) if (k.style.getPropertyValue('position')) { ok = false; return; }
        } else if (r instanceof W.CSSGroupingRule) scan(r.cssRules);
      }
    };
    for (const sheet of [...doc.styleSheets, ...(doc.adoptedStyleSheets || [])]) {
      let rules = null;
      try { rules = sheet.cssRules; } catch (e) { ok = false; }
      if (!ok) break;
      scan(rules);
    }
    if (sels.length > RISKY_SELECTORS) ok = false;
    // what a script animates is not in a sheet
    if (ok) {
      for (const a of doc.getAnimations()) {
        const frames = a.effect && a.effect.getKeyframes ? a.effect.getKeyframes() : [];
        if (frames.some(f => 'position' in f)) { ok = false; break; }
      }
    }
    const risky = ok ? ':is(' + sels.join(',') + ')' : null;
    riskyBy.set(doc, risky);
    return risky;
  };
  const inner = (el) => {
    let doc = null;
    try { doc = el.contentDocument; } catch (e) { doc = null; }
    return doc && doc.documentElement ? doc : null;
  };
  pushChildren(document.documentElement, -1, TOP);
  while (stackNode.length) {
    const el = stackNode.pop(), parent = stackParent.pop(), frame = stackFrame.pop();
    const flagged = stackOut.pop();
    if (flagged > FAR && sizes[flagged - 1] >= textLimit) continue;
    if (el.nodeType === 3) { addText(el, frame, flagged); continue; }
    if (SKIP.has(el.tagName)) continue;
    let here = parent;
    if (el.tagName === 'DIALOG' && el.open && el.matches(':modal')) modals.push(el);
    // a quiet one holds nothing positioned: all in it is out of view
    const out = flagged > FAR || (flagged !== 0 && !escapes(el));
    let pick = !out && (el.hasAttributes() ? el.matches(SEL) : BARE.has(el.localName)), closed = false, custom = false;
    if (!out && el.localName.includes('-') && el.matches(':defined')) {
      // a defined custom element without an open shadow root may hide a closed one (DevTools
      // says, after); one that is none of the above may still be a control by its
      // ElementInternals role: Chrome's role says so, or, without naming here, Chrome's tree
      closed = !el.shadowRoot;
      if (!pick) custom = canName ? !/^(|generic|none|presentation)$/.test(el.computedRole || '') : true;
    }
    if (pick || closed || custom) {
      const b = boxOf(el);
      const r = {x: b.x + frame[0], y: b.y + frame[1], width: b.width, height: b.height};
      r.right = r.x + r.width; r.bottom = r.y + r.height;
      const sized = r.width > 0 || r.height > 0;
      const inView = r.right > frame[2] && r.bottom > frame[3] && r.x < frame[4] && r.y < frame[5];
      if (sized && (scope === 'page' || inView)) {
        here = els.length;
        els.push(el);
        const m = { p: parent, t: el.tagName.toLowerCase(), v: inView ? 1 : 0,
          b: [r.x, r.y, r.width, r.height].map(v => Math.round(v * 10) / 10) };
        if (!pick) m.ce = 1;
        if (closed) m.cs = 1;
        if (custom) customOnly.add(el);
        if (secretField(el)) m.sc = 1;
        if (codeShaped(el)) m.cd = 1;
        if (el === focused) m.f = 1;
        const role = el.getAttribute('role') || '';
        const customControl = !role && el.hasAttribute('tabindex') && !NATIVE.test(el.tagName);
        if (customControl || LIVE.test(role) || el.tagName === 'DIALOG' || el.hasAttribute('aria-live')) {
          m.x = shownText(el, 1000);
        }
        meta.push(m);
      }
    }
    if (el.tagName === 'IFRAME' || el.tagName === 'FRAME') {
      const doc = inner(el);
      if (doc) pushChildren(doc.documentElement, here, place(el, frame));
      else if (here !== parent) { xf.push([here, ...place(el, frame)]); frameEls.push(el); }
      else if (showsAt(el)) {
        // out of this capture's view: walked for its text all the same, as a same-origin
        // frame's is read (a billing frame's confirmation, below the fold)
        xf.push([-1, ...place(el, frame)]); frameEls.push(el);
      }
      continue;
    }
    if (!out && scope === 'viewport' && el.childElementCount >= CULL_MIN) cut = cull(el, frame);
    pushOut = flagged > FAR ? flagged : out ? FAR : 0;  // quiet all the way down
    pushChildren(el, here, frame);
    pushOut = 0; cut = null;
  }
  // Over the limit, keep what the pruning's ranking above the seam (snapshot/pruning.py) would keep first: in
  // view before partly in view before offscreen, then by the role the markup implies, then in
  // document order. Chrome's naming is the costly part, and a snapshot keeps at most 100.
  let dropped = 0;
  if (els.length > limit) {
    const order = meta.map((m, i) => i);
    const rank = meta.map((m, i) => {
      // a landmark in view at all (a <main> runs past the fold) is the place of what is
      // kept in it: it goes with the wholly visible, after their controls
      if (m.v && LANDMARK_TAGS.test(els[i].localName)) return 4;
      const [x, y, w, h] = m.b;
      const seen = !m.v ? 2 : (x >= 0 && y >= 0 && x + w <= TOP[4] && y + h <= TOP[5] ? 0 : 1);
      return seen * 10 + (ROLE_RANK[impliedRole(els[i])] ?? 5);
    });
    order.sort((a, b) => rank[a] - rank[b] || a - b);
    const keep = new Array(meta.length).fill(false);
    for (let i = 0; i < limit; i++) keep[order[i]] = true;
    const index = []; let next = 0;
    for (let i = 0; i < meta.length; i++) index.push(keep[i] ? next++ : -1);
    const keptEls = [], keptMeta = [];
    for (let i = 0; i < meta.length; i++) {
      if (!keep[i]) continue;
      let p = meta[i].p;
      while (p >= 0 && !keep[p]) p = meta[p].p;
      meta[i].p = p < 0 ? -1 : index[p];
      keptEls.push(els[i]); keptMeta.push(meta[i]);
    }
    for (const f of xf) if (f[0] >= 0) f[0] = keep[f[0]] ? index[f[0]] : -1;  // text only
    dropped = els.length - keptEls.length;
    els.length = 0; els.push(...keptEls);
    meta.length = 0; meta.push(...keptMeta);
  }
  // Naming here, by Chrome's own accessibility engine (computedRole/computedName, with the
  // page's accessibility on: the caller knows), costs microseconds an element where asking
  // DevTools costs a round trip each; states come from the same DOM facts Chrome reads.
  // Handles are ours: an id per element in this world, never reused within it, behind a nonce
  // new with each world, so a handle of a replaced document finds nothing.
  let named = false, cold = false;
  if (canName && els.length && nameHere !== 'kept') {
    // a document whose tree Chrome does not keep rebuilds it for every name (~1 ms and up
    // where a kept one answers in microseconds): say so, and the caller has it kept. Not
    // tested again once the caller just asked for the tree ('kept'): on a loaded machine a
    // first name can take longer than the test's line even from a kept tree
    // tried in each document: a same-process frame's tree is kept apart from its parent's
    const tried = new Set();
    for (let i = 0; i < els.length && !cold; i++) {
      const doc = els[i].ownerDocument;
      if (tried.has(doc)) continue;
      tried.add(doc);
      const t0 = performance.now();
      void els[i].computedName;
      cold = performance.now() - t0 > 0.5;
    }
  }
  if (canName && !cold) {
    named = true;
    let reg = globalThis.__subterminator;
    if (!reg) {
      const bytes = crypto.getRandomValues(new Uint8Array(6));
      reg = globalThis.__subterminator = {
        nonce: Array.from(bytes, b => b.toString(16).padStart(2, '0')).join(''),
        next: 0, ids: new WeakMap(), els: new Map(), prints: new Map(),
      };
    }
    if (reg.els.size > 20000) {
      for (const [k, ref] of reg.els) if (!ref.deref()) { reg.els.delete(k); reg.prints.delete(k); }
    }
    const memo = new Map();
    for (let i = 0; i < els.length; i++) {
      const el = els[i], m = meta[i];
      let id = reg.ids.get(el);
      if (id === undefined) {
        id = ++reg.next; reg.ids.set(el, id); reg.els.set(id, new WeakRef(el));
      }
      m.h = `j${reg.nonce}.${id}`;
      Object.assign(m, axFacts(el));
      if (!m.hd && !m.ax && m.r !== 'none') reg.prints.set(id, print(el, m.r, m.n, memo));
      if (m.sc && m.va) m.va = '•'.repeat(m.va.length);
    }
  }
  // the elements stay here for the caller to fetch by reference when it needs them (frames
  // to walk, elements left to DevTools); the rest of the capture travels by value
  globalThis.__subterminatorLast = els.concat(frameEls);
  // each frame to walk: [its node's index or -1, the frame element's index there, its place]
  const frames = xf.map((f, k) => [f[0], els.length + k, ...f.slice(1)]);
  return JSON.stringify({ dropped, named, cold,
    url: location.href, title: document.title, lang: (document.documentElement.lang || '').trim(), vw, vh,
    sx: Math.max(0, Math.round(window.scrollX)), sy: Math.max(0, Math.round(window.scrollY)),
    meta, xf: frames, tx: texts.map(t => t.map(b => b.replace(/ +/g, ' ').trim()).filter(Boolean).join('\n').slice(0, textLimit)),
  });
}
