/**
 * The One Euro filter (Casiez, Roussel and Vogel, CHI 2012): a low-pass filter whose cutoff rises with
 * the signal's speed, so a still point stops trembling while a fast one does not lag behind.
 */

/** How strongly the filter smooths: minCutoff (Hz) when still, plus beta x speed when moving. */
export interface OneEuroSettings {
  /** The cutoff frequency of a still signal, in Hz: lower smooths more. */
  minCutoff: number;
  /** How much the cutoff rises per unit of speed (units per second): higher lags less when moving. */
  beta: number;
  /** The cutoff of the speed's own low-pass, in Hz. */
  derivativeCutoff: number;
}

/** Settings for points in pixels at video rates: trembling of a pixel or two goes, a moving arm keeps up. */
export const POSE_ONE_EURO: OneEuroSettings = { minCutoff: 1, beta: 0.007, derivativeCutoff: 1 };

/** The weight of a new sample in an exponential low-pass of cutoff `cutoff` Hz, sampled every `dt` s. */
const smoothingFactor = (cutoff: number, dt: number): number => {
  const tau = 1 / (2 * Math.PI * cutoff);
  return 1 / (1 + tau / dt);
};

/** One One Euro filter over one scalar signal (one coordinate of one point). */
export class OneEuroFilter {
  private value: number | null = null;
  private speed = 0;
  private time = 0;

  constructor(private readonly settings: OneEuroSettings = POSE_ONE_EURO) {}

  /** The filtered value of a sample taken at `time` seconds; the first sample passes unchanged. */
  filter(sample: number, time: number): number {
    const dt = time - this.time;
    if (this.value === null || !(dt > 0)) {
      this.value = sample;
      this.speed = 0;
      this.time = time;
      return sample;
    }
    const rawSpeed = (sample - this.value) / dt;
    this.speed += smoothingFactor(this.settings.derivativeCutoff, dt) * (rawSpeed - this.speed);
    const cutoff = this.settings.minCutoff + this.settings.beta * Math.abs(this.speed);
    this.value += smoothingFactor(cutoff, dt) * (sample - this.value);
    this.time = time;
    return this.value;
  }

  /** Forgets the signal (a point that was hidden): the next sample passes unchanged. */
  reset(): void {
    this.value = null;
  }
}
