// get_attribute: the attribute of the first element matched, a secret's value withheld.
if (!roots.length) return {matches: 0};
const value = attrOf(roots[0], o.attribute);
return {matches: roots.length, value, withheld: value !== roots[0].getAttribute(o.attribute)};
