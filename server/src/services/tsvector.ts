/**
 * Reads the text form of a PostgreSQL tsvector (`'lexeme':1A,4 'it''s':2B 'word'`), lexeme by lexeme,
 * with how often it occurs in each weight class: A (title), B (heading), and C or D (text). A lexeme
 * without positions counts once as text. A hand-written scanner instead of a regular expression:
 * every answer of a large chatbot reads a few dozen of these, and building its postings index millions.
 */
export function scanTsvector(tsv: string, fn: (lexeme: string, a: number, b: number, d: number) => void) {
  let i = 0;
  const n = tsv.length;
  while (i < n) {
    while (i < n && tsv.charCodeAt(i) !== 39) i++; // '
    if (i >= n) return;
    i++;
    let lexeme = '';
    let start = i;
    for (;;) {
      const q = tsv.indexOf("'", i);
      if (q < 0) return;
      if (tsv.charCodeAt(q + 1) === 39) {
        lexeme += tsv.slice(start, q + 1); // '' is one quote
        i = q + 2;
        start = i;
        continue;
      }
      lexeme += tsv.slice(start, q);
      i = q + 1;
      break;
    }
    let a = 0;
    let b = 0;
    let d = 0;
    if (tsv.charCodeAt(i) === 58) {
      // :positions, each digits and an optional weight letter, separated by commas
      i++;
      while (i < n && tsv.charCodeAt(i) !== 32) {
        let c = tsv.charCodeAt(i);
        while (c >= 48 && c <= 57) c = tsv.charCodeAt(++i);
        if (c === 65) a++;
        else if (c === 66) b++;
        else d++;
        if (c === 65 || c === 66 || c === 67 || c === 68) c = tsv.charCodeAt(++i);
        if (c === 44) i++;
      }
    } else d = 1;
    fn(lexeme, a, b, d);
  }
}
