/** Reads a numeric setting: the fallback when unset or empty, else a number in min..max (whole when asked), or an error naming the variable. */
export function envNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, whole = false): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value))) {
    throw new Error(`${name} must be a ${whole ? 'whole number' : 'number'} from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}
