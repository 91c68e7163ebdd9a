/**
 * Cuts text into passages of roughly `maxChars`, on paragraph and sentence boundaries,
 * so a passage is a readable unit an answer can quote and a search can rank.
 */
export function chunkText(text: string, maxChars = 1000): string[] {
  const units: string[] = [];
  for (const para of text.split(/\n+/).map((l) => l.trim()).filter(Boolean)) {
    if (para.length <= maxChars) {
      units.push(para);
      continue;
    }
    // A long paragraph: by sentence, and a sentence longer than a passage by hard cut at a space.
    for (const sentence of para.split(/(?<=[.!?;:])\s+/)) {
      let s = sentence;
      while (s.length > maxChars) {
        const cut = s.lastIndexOf(' ', maxChars);
        const at = cut > maxChars / 2 ? cut : maxChars;
        units.push(s.slice(0, at).trim());
        s = s.slice(at).trim();
      }
      if (s) units.push(s);
    }
  }
  const passages: string[] = [];
  let current = '';
  for (const u of units) {
    if (current && current.length + 1 + u.length > maxChars) {
      passages.push(current);
      current = u;
    } else current = current ? `${current}\n${u}` : u;
  }
  if (current) passages.push(current);
  return passages;
}
