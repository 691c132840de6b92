/** Names a JSON value for an error message, e.g. `a string ("abc")` or `an array`. */
export function describeJsonValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string': {
      const text = value.length > 30 ? `${value.slice(0, 30)}…` : value;
      return `a string (${JSON.stringify(text)})`;
    }
    case 'number': return `the number ${value}`;
    case 'boolean': return `${value}`;
    case 'undefined': return 'nothing';
    default: return 'an object';
  }
}

/** A pose file problem found while reading; caught inside the parser and never thrown out of it. */
export class InvalidPoseJson extends Error {
  constructor(readonly path: string, message: string) {
    super(message);
  }
}
