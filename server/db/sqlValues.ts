// How values cross between the server and either Postgres driver (PGlite, pg), in one place, so a
// caller never converts: numbers come back as numbers, json and jsonb as values, on both drivers.

/** A json or jsonb parameter: the value itself, turned into JSON text by the database wrapper. */
export class JsonParam {
  constructor(readonly value: unknown) {}
}

/**
 * Passes a value as a json or jsonb parameter. Marked, not guessed: a plain array is a Postgres
 * array parameter (`$1::uuid[]`), and a string may be text or a JSON string.
 */
export function json(value: unknown): JsonParam {
  return new JsonParam(value);
}

/** The parameters as both drivers take them: json values as their JSON text, the rest as given. */
export function driverParams(params: readonly unknown[]): unknown[] {
  return params.map((param) => (param instanceof JsonParam ? JSON.stringify(param.value) : param));
}

/** Type OIDs of the columns read differently by the two drivers on their own. */
const OID = { int8: 20, numeric: 1700, json: 114, jsonb: 3802 } as const;

/**
 * How both drivers read columns of these types from Postgres's text: int8 (count(*), bigint
 * columns) and numeric (sum of bigint) as numbers (pg gives strings, PGlite numbers or bigints);
 * the values here (bytes, counts, sequence numbers) stay far below 2^53. json and jsonb parsed.
 */
export const ROW_PARSERS: Readonly<Record<number, (text: string) => unknown>> = {
  [OID.int8]: Number,
  [OID.numeric]: Number,
  [OID.json]: (text) => JSON.parse(text),
  [OID.jsonb]: (text) => JSON.parse(text),
};
