import { useCallback } from 'react';
import type { PoseDocument } from '../../pose';
import { openSignIn, useAuth } from '../auth/appSession';
import { shrinkReference } from '../editor/background/readImage';
import { useEditorHandles } from '../editor/EditorContext';
import { EMPTY_SELECTION } from '../../editor/model/selection';
import { PhotoToPose, type PoseMerge } from './PhotoToPose';
import { placeEstimate } from './placeEstimate';
import { handedOffPhotoStore } from './photoHandoff';
import { useStore } from '../store';

/** Photo to pose in the editor: the people found and the photo as the reference image become one undoable edit. */
export function EditorPhotoToPose() {
  const { actor } = useEditorHandles();
  const { state } = useAuth();
  const signedIn = state === 'signedIn' || state === 'refreshing';
  const handedOff = useStore(handedOffPhotoStore);
  const onResult = useCallback(
    async (estimate: PoseDocument, photo: string, mode: PoseMerge) => {
      // Shrunk like any reference image, so that it fits in local storage and is kept across reloads.
      const image = await shrinkReference(photo).catch(() => photo);
      const current = actor.getSnapshot().context.scene;
      // Replace: the photo's size becomes the canvas size, in the same edit, as with an imported file.
      const placed = placeEstimate(current, estimate, mode);
      actor.send({ type: 'COMMIT', scene: { ...placed, reference: { ...current.reference, image } }, selection: EMPTY_SELECTION });
    },
    [actor],
  );
  return (
    <div className="editor-photo">
      <PhotoToPose
        onResult={onResult}
        signIn={signedIn ? undefined : openSignIn}
        givenPhoto={handedOff}
        onGivenPhotoTaken={() => handedOffPhotoStore.set(null)}
      />
    </div>
  );
}
