// A photo dropped on the panel's Modify Pose is estimated by the editor, which that drop opens.
let handedOff: File | null = null;

/** Keeps a photo dropped outside the editor for the editor's "Pose from a photo" to estimate when it opens. */
export function handOffPhoto(file: File): void {
  handedOff = file;
}

// Read during render but cleared only once the editor has really mounted: a render that suspends
// (a chunk still loading) is thrown away and runs again, and must find the photo still there.
/** The photo handed to the editor, if any (it stays until photoReceived). */
export function handedOffPhoto(): File | null {
  return handedOff;
}

/** Says the editor has the handed-off photo, so a later visit does not estimate it again. */
export function photoReceived(file: File): void {
  if (handedOff === file) handedOff = null;
}
