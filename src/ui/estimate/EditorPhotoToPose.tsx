import { useCallback, useState } from 'react';
import type { PoseDocument } from '../../pose';
import { openSignIn, useAuth } from '../auth/appSession';
import { backgroundImageStore } from '../editor/background/backgroundStore';
import { shrinkReference } from '../editor/background/readImage';
import { useEditorHandles } from '../editor/EditorContext';
import { setPanelSize } from '../editor/io/canvasSize';
import { EMPTY_SELECTION } from '../editor/model/selection';
import { PhotoToPose, type PoseMerge } from './PhotoToPose';
import { placeEstimate } from './placeEstimate';
import { takeHandedOffPhoto } from './photoHandoff';

/** Photo to pose in the editor: the people found become one undoable edit, the photo the reference image. */
export function EditorPhotoToPose() {
  const { actor } = useEditorHandles();
  const { state } = useAuth();
  const signedIn = state === 'signedIn' || state === 'refreshing';
  const [handedOff] = useState(takeHandedOffPhoto);
  const onResult = useCallback(
    (estimate: PoseDocument, photo: string, mode: PoseMerge) => {
      const scene = placeEstimate(actor.getSnapshot().context.scene, estimate, mode);
      const { canvas_width: width, canvas_height: height } = scene.pose;
      if (mode === 'replace') {
        // As with an imported file, the photo's size becomes the panel's image size.
        setPanelSize({ width, height });
        actor.send({ type: 'RESIZE', width, height });
      }
      actor.send({ type: 'COMMIT', scene, selection: EMPTY_SELECTION });
      // Shrunk like any reference image, so that it fits in local storage and is kept across reloads.
      void shrinkReference(photo).then(backgroundImageStore.set, () => backgroundImageStore.set(photo));
    },
    [actor],
  );
  return (
    <div className="editor-photo">
      <PhotoToPose onResult={onResult} signIn={signedIn ? undefined : openSignIn} initialPhoto={handedOff} />
    </div>
  );
}
