/** The avatar's letter: the upper-case first letter of the display name, else of the e-mail, else "?". */
export function avatarLetter(user: { displayName: string | null; email: string | null } | null): string {
  const source = user?.displayName?.trim() || user?.email?.trim() || '?';
  // Array.from keeps a letter outside the BMP (an emoji, a rare CJK character) whole.
  return Array.from(source)[0].toLocaleUpperCase();
}
