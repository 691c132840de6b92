/** Why an estimate failed, as an HTTP-like status and a sentence for the user. */
export class EstimateFailure extends Error {
  constructor(
    readonly status: number,
    description: string,
  ) {
    super(description);
  }
}

/** Any error as an EstimateFailure; unknown errors become a 500 that hides their details. */
export function asEstimateFailure(error: unknown): EstimateFailure {
  if (error instanceof EstimateFailure) return error;
  return new EstimateFailure(500, 'The estimator failed on this image; try again, or try another photo');
}
