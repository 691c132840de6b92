/** The value below which the given share of the samples fall (nearest rank). */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The median of the samples. */
export function median(samples: number[]): number {
  return percentile(samples, 50);
}

/** Formats a number with a unit for the report. */
export function fmt(value: number, unit: string, digits = 1): string {
  return `${value.toFixed(digits)} ${unit}`;
}
