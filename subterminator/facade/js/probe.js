// exists and wait: how many elements match, and how many of them are shown.
return {matches: roots.length, visible: roots.filter(visible).length};
