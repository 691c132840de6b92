import type { TFunction } from 'i18next';
import { ANIMAL_KEYPOINT_NAMES, BODY_KEYPOINT_NAMES, FACE_KEYPOINT_NAMES, FOOT_KEYPOINT_NAMES, HAND_KEYPOINT_NAMES } from '../../pose';
import type { JointRef } from '../../editor/model/joints';
import { entityName, type EntityRef, type Scene } from '../../editor/model/scene';

// "index_2" → ["index", 2]; "wrist" → ["wrist", null].
const split = (name: string): [string, number | null] => {
  const m = /^(.*)_(\d+)$/.exec(name);
  return m ? [m[1]!, Number(m[2])] : [name, null];
};

/** What a figure is called everywhere it is shown: the name the user gave it, else "Person 2" / "Animal 1" by its place in the list. */
export function entityLabel(t: TFunction, scene: Scene, ref: EntityRef): string {
  return entityName(scene, ref) || t(ref.kind === 'person' ? 'editor.entity.person' : 'editor.entity.animal', { n: ref.index + 1 });
}

/** The name of a joint as the inspector shows it, e.g. "Ann · Left hand · Index 2". */
export function jointLabel(t: TFunction, scene: Scene, ref: JointRef): string {
  const owner = entityLabel(t, scene, ref.entity);
  switch (ref.part) {
    case 'body':
      return `${owner} · ${t(`editor.joints.body.${BODY_KEYPOINT_NAMES[ref.index]}`)}`;
    case 'feet':
      return `${owner} · ${t(`editor.joints.feet.${FOOT_KEYPOINT_NAMES[ref.index]}`)}`;
    case 'animal':
      return `${owner} · ${t(`editor.joints.animal.${ANIMAL_KEYPOINT_NAMES[ref.index]}`)}`;
    case 'face': {
      // Face points are numbered from 0 in the tables and from 1 for people.
      const [region, n] = split(FACE_KEYPOINT_NAMES[ref.index] ?? '');
      return `${owner} · ${t('editor.parts.face')} · ${t(`editor.joints.face.${region}`)}${n === null ? '' : ` ${n + 1}`}`;
    }
    default: {
      const [finger, n] = split(HAND_KEYPOINT_NAMES[ref.index] ?? '');
      return `${owner} · ${t(`editor.parts.${ref.part}`)} · ${t(`editor.joints.hand.${finger}`)}${n === null ? '' : ` ${n}`}`;
    }
  }
}
