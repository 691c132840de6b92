import type { Person } from '../../pose';
import { getJoint } from '../model/joints';
import { updateEntities } from '../model/entities';
import { isLocked, type Scene } from '../model/scene';
import { editableEntities, type Selection } from '../model/selection';
import { reorderScene, reorderSelection, type DepthStep } from '../posing/depth';
import { canPin, isPinned, setPinned } from '../posing/pins';
import { flipJointLimb } from '../posing/flipLimb';
import { canFlipBend, flipBend } from '../posing/flipBend';
import { applyPreset, PRESETS, type PresetName } from '../posing/proportions';
import type { CommandAction, CommandEnv, EditAction } from './types';

const toggleKeepLengths: CommandAction = {
  kind: 'command',
  name: 'toggleKeepLengths',
  labelKey: 'editor.actions.toggleKeepLengths',
  keys: ['I'],
  run: (env) => env.send({ type: 'TOGGLE_KEEP_LENGTHS' }),
};

// Closing is always offered; opening needs one unlocked person selected to be seen from the side.
const sideViewShown = (env: CommandEnv) => !!env.sideView && (env.sideView.isOpen() || env.sideView.canOpen());

const toggleSideView: CommandAction = {
  kind: 'command',
  name: 'toggleSideView',
  labelKey: 'editor.actions.toggleSideView',
  keys: ['Shift+D'],
  enabled: sideViewShown,
  run: (env) => {
    if (sideViewShown(env)) env.sideView!.toggleOpen();
  },
};

const pinnable = (scene: Scene, selection: Selection) =>
  !!selection.joint && canPin(selection.joint) && !isLocked(scene, selection.joint.entity) && !!getJoint(scene, selection.joint);

const togglePin: EditAction = {
  kind: 'edit',
  name: 'togglePin',
  labelKey: 'editor.actions.togglePin',
  keys: ['N'],
  enabled: pinnable,
  perform: (scene, selection) => (pinnable(scene, selection) ? setPinned(scene, selection.joint!, !isPinned(scene, selection.joint!)) : scene),
};

// The selected joint's arm or leg, flipped in depth: offered only where flipping changes something.
const flipLimb: EditAction = {
  kind: 'edit',
  name: 'flipLimbDepth',
  labelKey: 'editor.actions.flipLimbDepth',
  enabled: (scene, selection) => !!selection.joint && flipJointLimb(scene, selection.joint) !== scene,
  perform: (scene, selection) => (selection.joint ? flipJointLimb(scene, selection.joint) : scene),
};

// The selected elbow's or knee's limb bent the other way (offered on an elbow or knee only).
const flipBendAction: EditAction = {
  kind: 'edit',
  name: 'flipBend',
  labelKey: 'editor.actions.flipBend',
  keys: ['J'],
  enabled: (scene, selection) => !!selection.joint && canFlipBend(scene, selection.joint),
  perform: (scene, selection) => (selection.joint ? flipBend(scene, selection.joint) : scene),
};

const depth = (name: string, keys: string[], step: DepthStep): EditAction => ({
  kind: 'edit',
  name,
  labelKey: `editor.actions.${name}`,
  keys,
  enabled: (scene, selection) => editableEntities(scene, selection).length > 0,
  perform: (scene, selection) => reorderScene(scene, selection, step),
  selectAfter: (before, _after, selection) => reorderSelection(before, selection, step),
});

const selectedPeople = (scene: Scene, selection: Selection) => editableEntities(scene, selection).filter((r) => r.kind === 'person');
const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** The name of the action that reshapes the selected people to a preset. */
export const presetActionName = (preset: PresetName): string => `preset${capital(preset)}`;

const preset = (name: PresetName): EditAction => ({
  kind: 'edit',
  name: presetActionName(name),
  labelKey: `editor.actions.${presetActionName(name)}`,
  enabled: (scene, selection) => selectedPeople(scene, selection).length > 0,
  perform: (scene, selection) => updateEntities(scene, selectedPeople(scene, selection), { person: (p: Person) => applyPreset(p, name) }),
});

/** Posing: the keep-lengths mode, pins, flipping a limb's bend or depth, depth order and body presets. */
export const POSING_ACTIONS = [
  toggleKeepLengths,
  togglePin,
  flipBendAction,
  flipLimb,
  toggleSideView,
  depth('bringForward', ['Mod+]'], 1),
  depth('sendBackward', ['Mod+['], -1),
  ...PRESETS.map(preset),
];
