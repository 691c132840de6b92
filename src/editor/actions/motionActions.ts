import { retargetTrack, type FigureTrack } from '../../pose/motion';
import type { Person } from '../../pose';
import type { Scene } from '../model/scene';
import { soleEditablePerson, type Selection } from '../model/selection';
import type { EditAction } from './types';

// The motion a selected person takes: the first other person's track of the sequence (a BVH, a video or another figure's keys).
function retargeting(scene: Scene, selection: Selection): { figure: Person; own: FigureTrack | undefined; motion: FigureTrack } | null {
  const index = soleEditablePerson(scene, selection);
  const figure = index === null ? undefined : scene.pose.people[index];
  const id = figure?.figure?.id;
  const people = scene.sequence?.tracks.filter((t) => t.kind === 'person') ?? [];
  const motion = people.find((t) => t.id !== id);
  return figure && motion ? { figure, own: people.find((t) => t.id === id), motion } : null;
}

/** Motion edits: the selected person takes another person's motion with its own proportions. */
export const MOTION_ACTIONS: EditAction[] = [
  {
    kind: 'edit',
    name: 'retargetMotion',
    labelKey: 'editor.actions.retargetMotion',
    keys: ['Mod+Alt+R'],
    enabled: (scene, selection) => retargeting(scene, selection) !== null,
    // One edit: the selected person's track becomes the motion's, each bone of each frame the
    // motion's direction at the person's length (as shown now), feet on the motion's ground line.
    perform(scene, selection) {
      const found = retargeting(scene, selection);
      if (!found || !scene.sequence) return scene;
      const track = retargetTrack(found.motion, found.figure);
      const tracks = found.own ? scene.sequence.tracks.map((t) => (t === found.own ? track : t)) : [...scene.sequence.tracks, track];
      return { ...scene, sequence: { ...scene.sequence, tracks } };
    },
  },
];
