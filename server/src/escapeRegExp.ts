/** A text as a regular expression that matches it literally (RegExp.escape, which Node 20 lacks). */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
