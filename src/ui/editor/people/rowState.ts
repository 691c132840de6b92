import { isShown } from '../../../editor/actions/listActions';
import { entityName, isLocked, listEntities, type EntityRef, type Scene } from '../../../editor/model/scene';
import { isSelected, type Selection } from '../../../editor/model/selection';

/** Identity colours of the list's chips, cycled by position (people and animals apart). */
export const CHIP_COLOURS = ['#3F8CFF', '#E5484D', '#2FB36B', '#C77800', '#8E4EC6', '#0090A8', '#D6409F', '#5F6270'] as const;

/** What one row of the people list shows. */
export interface RowState {
  ref: EntityRef;
  key: string;
  name: string;
  /** The name, else "Person 2" by place: what the row's controls are called. */
  label: string;
  selected: boolean;
  shown: boolean;
  locked: boolean;
  /** People only: whether hands and face are present and shown. */
  hands?: boolean;
  face?: boolean;
}

const partShown = (points: { visible: boolean }[] | undefined) => !!points?.some((p) => p.visible);

/** The rows of the list in draw order, as one string-comparable snapshot. */
export function rowsOf(scene: Scene, selection: Selection, label: (ref: EntityRef) => string): RowState[] {
  return listEntities(scene).map((ref) => {
    const person = ref.kind === 'person' ? scene.pose.people[ref.index] : undefined;
    return {
      ref,
      key: `${ref.kind}:${ref.index}`,
      name: entityName(scene, ref),
      label: label(ref),
      selected: isSelected(selection, ref),
      shown: isShown(scene, ref),
      locked: isLocked(scene, ref),
      ...(person ? { hands: partShown(person.leftHand) || partShown(person.rightHand), face: partShown(person.face) } : {}),
    };
  });
}

/** Whether two row lists show the same thing (the list renders again only then, not on every drag move). */
export function sameRows(a: RowState[], b: RowState[]): boolean {
  return a.length === b.length && a.every((r, i) => JSON.stringify(r) === JSON.stringify(b[i]));
}
