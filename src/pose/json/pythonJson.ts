// Pose files are often written by Python, whose json module writes a float that is not a number
// or is infinite as the bare words NaN, Infinity and -Infinity (numpy marks a point not found with
// NaN), and reads them back; ControlNet reads pose files with it. JSON itself has no such words.

const WORDS: ReadonlyArray<readonly [string, number]> = [
  ['-Infinity', -Infinity],
  ['Infinity', Infinity],
  ['NaN', NaN],
];
const VALUES = new Map(WORDS);
// Each bare word is first written as a string holding this mark and the word, then turned back
// into its number as the text is parsed.
const MARK = '\u0000python-json:';

/** Parses JSON text as Python's json module does: also the bare words NaN, Infinity and -Infinity, as those numbers. Throws JSON.parse's SyntaxError otherwise. */
export function parsePythonJson(text: string): unknown {
  if (!text.includes('NaN') && !text.includes('Infinity')) return JSON.parse(text);
  let marked = '';
  let from = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      inString = true;
      continue;
    }
    const word = WORDS.find(([w]) => text.startsWith(w, i))?.[0];
    if (!word) continue;
    marked += `${text.slice(from, i)}${JSON.stringify(MARK + word)}`;
    i += word.length - 1;
    from = i + 1;
  }
  marked += text.slice(from);
  return JSON.parse(marked, (_, value: unknown) =>
    typeof value === 'string' && value.startsWith(MARK) ? (VALUES.get(value.slice(MARK.length)) ?? value) : value,
  );
}
