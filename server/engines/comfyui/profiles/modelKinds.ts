/**
 * Model files that share a folder with the ones a profile needs but cannot stand in for them: an
 * SDXL refiner is an img2img second stage (its own CLIP, no ControlNet was trained with it), an
 * inpainting checkpoint takes extra mask channels, an unCLIP or instruct-pix2pix checkpoint its own
 * conditioning. Names say what they are: each pattern and how a reason calls it.
 */
const WRONG_KINDS: Array<[RegExp, string]> = [
  [/refiner/i, 'a refiner'],
  [/inpaint/i, 'an inpainting model'],
  [/unclip/i, 'an unCLIP model'],
  [/pix2pix|(^|[^a-z])ip2p([^a-z]|$)/i, 'an instruct-pix2pix model'],
];

/** Why a model file is not a base model a profile can generate with (e.g. "a refiner"), or null when it may be. */
export function wrongKind(name: string): string | null {
  return WRONG_KINDS.find(([pattern]) => pattern.test(name))?.[1] ?? null;
}
