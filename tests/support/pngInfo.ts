/** Width and height of a PNG from its IHDR, after checking the signature. */
export function readPngSize(bytes: Buffer): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((b, i) => bytes[i] === b)) throw new Error('not a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The uncompressed iTXt texts of a PNG, by keyword. */
export function readPngTexts(bytes: Buffer): Record<string, string> {
  const texts: Record<string, string> = {};
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'iTXt') {
      const keywordEnd = data.indexOf(0);
      // After the keyword: compression flag and method, then the language tag and translated keyword, each NUL-ended.
      const languageEnd = data.indexOf(0, keywordEnd + 3);
      const translatedEnd = data.indexOf(0, languageEnd + 1);
      texts[data.toString('latin1', 0, keywordEnd)] = data.toString('utf8', translatedEnd + 1);
    }
    at += 12 + length;
  }
  return texts;
}
