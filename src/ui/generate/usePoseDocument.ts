import { useMemo } from 'react';
import { createDefaultPoseDocument, type PoseDocument } from '../../pose';
import { poseStore } from '../stores/poseStore';
import { settingsStore } from '../settings/settingsStore';
import { useStore } from '../store';

/** The pose to generate from: the one the user made, else the built-in pose the panel previews, at the panel's size. */
export function usePoseDocument(): PoseDocument {
  const made = useStore(poseStore, (s) => s.peopleJson);
  const { width, height } = useStore(settingsStore);
  const builtIn = useMemo(() => createDefaultPoseDocument(width, height), [width, height]);
  return made ?? builtIn;
}
