import { useCallback, useEffect, useRef } from 'react';
import type { PoseDocument } from '../../pose';
import { openSignIn, useAuth } from '../auth/appSession';
import { backgroundImageStore } from '../editor/background/backgroundStore';
import { shrinkReference } from '../editor/background/readImage';
import { useEditorHandles } from '../editor/EditorContext';
import { setPanelSize } from '../editor/io/canvasSize';
import { EMPTY_SELECTION } from '../../editor/model/selection';
import { PhotoToPose, type PoseMerge } from './PhotoToPose';
import { placeEstimate } from './placeEstimate';
import { handedOffPhotoStore } from './photoHandoff';
import { useStore } from '../store';
import { referenceFollowsHistory } from './referenceFollowsHistory';

/** Photo to pose in the editor: the people found become one undoable edit, the photo the reference image. */
export function EditorPhotoToPose() {
  const { actor } = useEditorHandles();
  const { state } = useAuth();
  const signedIn = state === 'signedIn' || state === 'refreshing';
  const handedOff = useStore(handedOffPhotoStore);
  const photoEdits = useRef<ReturnType<typeof referenceFollowsHistory> | null>(null);
  useEffect(() => {
    photoEdits.current = referenceFollowsHistory(actor);
    return () => photoEdits.current?.stop();
  }, [actor]);
  const onResult = useCallback(
    async (estimate: PoseDocument, photo: string, mode: PoseMerge) => {
      // Shrunk like any reference image, so that it fits in local storage and is kept across reloads.
      const reference = await shrinkReference(photo).catch(() => photo);
      const scene = placeEstimate(actor.getSnapshot().context.scene, estimate, mode);
      const { canvas_width: width, canvas_height: height } = scene.pose;
      if (mode === 'replace') {
        // As with an imported file, the photo's size becomes the panel's image size.
        setPanelSize({ width, height });
        actor.send({ type: 'RESIZE', width, height });
      }
      const before = actor.getSnapshot().context.scene;
      const previousReference = backgroundImageStore.get();
      actor.send({ type: 'COMMIT', scene, selection: EMPTY_SELECTION });
      backgroundImageStore.set(reference);
      // Undoing the estimate brings back the reference image there was before; redoing it, the photo.
      photoEdits.current?.record({ before, after: actor.getSnapshot().context.scene, previousReference, photo: reference });
    },
    [actor],
  );
  return (
    <div className="editor-photo">
      <PhotoToPose onResult={onResult} signIn={signedIn ? undefined : openSignIn} givenPhoto={handedOff} onGivenPhotoTaken={() => handedOffPhotoStore.set(null)} />
    </div>
  );
}
