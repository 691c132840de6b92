// A photo dropped on the panel's Modify Pose is estimated by the editor, which that drop opens.
let handedOff: File | null = null;

/** Keeps a photo dropped outside the editor for the editor's "Pose from a photo" to estimate when it opens. */
export function handOffPhoto(file: File): void {
  handedOff = file;
}

/** Takes the photo handed to the editor, once (null when there is none). */
export function takeHandedOffPhoto(): File | null {
  const file = handedOff;
  handedOff = null;
  return file;
}
