/** Tags typed as "a, b, c" into a list (empty parts dropped); the server checks and lower-cases them. */
export const parseTags = (text: string): string[] =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/** A tag list as the text a user edits. */
export const tagsText = (tags: readonly string[]): string => tags.join(', ');
