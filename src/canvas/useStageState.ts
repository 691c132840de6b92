import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { editorMachine } from '../machines/editor.machine';
import { gestureEntities } from '../editor/model/gesture';
import { shapeKey } from '../editor/model/scene';
import { editableEntities, selectionBox } from '../editor/model/selection';

const NONE: string[] = [];
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((k, i) => k === b[i]);
const sameBox = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What the stage renders, selected from the machine so React renders only when one of these changes (never per pointer move). */
export function useStageState(actor: ActorRefFrom<typeof editorMachine>) {
  const scene = useSelector(actor, (s) => s.context.scene);
  const selection = useSelector(actor, (s) => s.context.selection);
  // The entities being dragged live on the active layer for the drag.
  const active = useSelector(
    actor,
    (s) => (s.value === 'dragging' && s.context.gesture ? gestureEntities(s.context.gesture).map((ref) => shapeKey(s.context.scene, ref)) : NONE),
    sameList,
  );
  const handlesBox = useSelector(
    actor,
    (s) => (s.value === 'idle' ? selectionBox(s.context.scene, { entities: editableEntities(s.context.scene, s.context.selection), joint: null }) : null),
    sameBox,
  );
  return { scene, selection, active, handlesBox };
}
