import { boxCentre, rotation, translation } from '../../pose';
import { mapEntities } from '../model/entities';
import { getJoint } from '../model/joints';
import { moveJoint } from '../model/moveJoint';
import { isLocked, listEntities } from '../model/scene';
import { editableEntities, selectionBox } from '../model/selection';
import type { EditAction } from './types';

/** Degrees one rotate shortcut turns the selection. */
export const ROTATE_STEP_DEGREES = 15;

const selectAll: EditAction = {
  kind: 'edit',
  name: 'selectAll',
  labelKey: 'editor.actions.selectAll',
  keys: ['Mod+A'],
  enabled: (scene) => listEntities(scene).length > 0,
  perform: (scene) => scene,
  selectAfter: (_before, after) => ({ entities: listEntities(after), joint: null }),
};

// Arrows move the selected joint when there is one, else the selected people and animals.
const nudge = (name: string, key: string, dx: number, dy: number): EditAction => ({
  kind: 'edit',
  name,
  labelKey: `editor.actions.${name}`,
  keys: [key],
  enabled: (scene, selection) => (selection.joint ? !isLocked(scene, selection.joint.entity) : editableEntities(scene, selection).length > 0),
  perform(scene, selection, options) {
    const joint = selection.joint && getJoint(scene, selection.joint);
    if (selection.joint && joint) return moveJoint(scene, selection.joint, { x: joint.x + dx, y: joint.y + dy }, options);
    return mapEntities(scene, editableEntities(scene, selection), translation(dx, dy));
  },
});

const rotate = (name: string, key: string, degrees: number): EditAction => ({
  kind: 'edit',
  name,
  labelKey: `editor.actions.${name}`,
  keys: [key],
  enabled: (scene, selection) => editableEntities(scene, selection).length > 0,
  perform(scene, selection) {
    const refs = editableEntities(scene, selection);
    const box = selectionBox(scene, { entities: refs, joint: null });
    return box ? mapEntities(scene, refs, rotation((degrees * Math.PI) / 180, boxCentre(box))) : scene;
  },
});

/** Select all, nudges by 1 px (10 px with Shift) and rotation by 15° steps. */
export const SELECTION_ACTIONS: EditAction[] = [
  selectAll,
  nudge('nudgeLeft', 'ArrowLeft', -1, 0),
  nudge('nudgeRight', 'ArrowRight', 1, 0),
  nudge('nudgeUp', 'ArrowUp', 0, -1),
  nudge('nudgeDown', 'ArrowDown', 0, 1),
  nudge('nudgeLeftFar', 'Shift+ArrowLeft', -10, 0),
  nudge('nudgeRightFar', 'Shift+ArrowRight', 10, 0),
  nudge('nudgeUpFar', 'Shift+ArrowUp', 0, -10),
  nudge('nudgeDownFar', 'Shift+ArrowDown', 0, 10),
  rotate('rotateLeft', '[', -ROTATE_STEP_DEGREES),
  rotate('rotateRight', ']', ROTATE_STEP_DEGREES),
];
