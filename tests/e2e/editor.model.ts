import { initialTransition, transition, type EventObject, type SnapshotFrom, type StateValue } from 'xstate';
import { hitTest } from '../../src/canvas/hitTest';
import { editorMachine, type EditorEvent } from '../../src/machines/editor.machine';
import { BODY, createDefaultPoseDocument, type Vec2 } from '../../src/pose';
import { getAction, performEdit } from '../../src/editor/actions/registry';
import type { EditAction } from '../../src/editor/actions/types';
import { getJoint } from '../../src/editor/model/joints';
import { createScene } from '../../src/editor/model/scene';
import { coveringPaths, generatePaths, type ModelPath } from '../machines/modelPaths';

// The editor machine's model for the browser: every event it offers carries the user gesture that
// makes the real page send it, and is computed from the model's own context (where the wrist is now,
// what "Lock" commits), so the page and the model stay in step along a path.

/** What the user does on the page for one model event. */
export type Gesture =
  | { kind: 'press'; button: 'left' | 'middle'; at: Vec2 }
  | { kind: 'move'; to: Vec2 }
  | { kind: 'release' }
  | { kind: 'key'; key: string }
  | { kind: 'aspect'; label: string }
  | { kind: 'field'; label: 'X'; value: number };

/** A model event with its gesture and the gesture's name (the machine ignores both extra fields). */
export type GestureEvent = EditorEvent & { via: Gesture; gesture: string };
export type EditorSnapshot = SnapshotFrom<typeof editorMachine>;

/** The canvas the editor opens with on a fresh profile: the panel's default 2:3, 400 x 600. */
export const START_SCENE = createScene(createDefaultPoseDocument(400, 600));
/** The panel sizes the aspect buttons switch between. */
const SIZES = [
  { label: '2:3', width: 400, height: 600 },
  { label: '16:9', width: 480, height: 270 },
];
/** A move that stays under the drag threshold, and one well past it, in document units (the view's zoom is near 1). */
const SMALL: Vec2 = { x: 1, y: 0 };
const LARGE: Vec2 = { x: 60, y: 40 };

const plus = (a: Vec2, b: Vec2) => ({ x: a.x + b.x, y: a.y + b.y });
const key = (gesture: string, k: string) => ({ via: { kind: 'key' as const, key: k }, gesture });

/** The zooms the page's view may fit the canvas at; a press is offered only where all of them hit the same. */
const ZOOMS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3];

/** What a press at a point hits, when that does not depend on the zoom (handles and tolerances are in screen pixels). */
function hitAtAnyZoom(s: EditorSnapshot, at: Vec2) {
  const [first, ...rest] = ZOOMS.map((zoom) => hitTest(s.context.scene, s.context.selection, at, { zoom, coarse: false }));
  return rest.every((t) => JSON.stringify(t) === JSON.stringify(first)) ? first! : null;
}

/** A corner of the canvas where a press hits nothing at any zoom. */
function emptyPoint(s: EditorSnapshot): Vec2 {
  const { canvas_width: w, canvas_height: h } = s.context.scene.pose;
  const corners = [
    { x: w - 8, y: h - 8 },
    { x: 8, y: 8 },
    { x: w - 8, y: 8 },
    { x: 8, y: h - 8 },
  ];
  const empty = corners.find((at) => hitAtAnyZoom(s, at)?.kind === 'none');
  if (!empty) throw new Error('No empty corner to press on');
  return empty;
}

function press(s: EditorSnapshot, gesture: string, at: Vec2): GestureEvent[] {
  // Model screen points are document points: only their distance (the drag threshold) matters.
  const target = hitAtAnyZoom(s, at);
  return target ? [{ type: 'POINTER_DOWN', target, point: at, screen: at, shift: false, via: { kind: 'press', button: 'left', at }, gesture }] : [];
}

/** An edit from the action registry, committed as the page's runAction commits it. */
function edit(s: EditorSnapshot, name: string, k: string): GestureEvent[] {
  const action = getAction(name) as EditAction;
  if (!action.enabled(s.context.scene, s.context.selection)) return [];
  const result = performEdit(action, s.context.scene, s.context.selection, { symmetry: s.context.symmetry });
  return [{ type: 'COMMIT', scene: result.scene, selection: result.selection, ...key(`${name} (${k})`, k) }];
}

/** The events the page can send in this state, each with its gesture. */
export function gestureEvents(s: EditorSnapshot): GestureEvent[] {
  const { scene, selection, press: pressed } = s.context;
  switch (s.value) {
    case 'idle': {
      const wrist = scene.pose.people[0]!.body[BODY.right_wrist]!;
      const other = SIZES.find((size) => size.width !== scene.pose.canvas_width)!;
      const joint = selection.joint && getJoint(scene, selection.joint);
      const x = joint ? Math.round(joint.x) + 7 : 0;
      return [
        ...press(s, 'press the wrist', { x: wrist.x, y: wrist.y }),
        ...press(s, 'press empty canvas', emptyPoint(s)),
        { type: 'PAN_START', via: { kind: 'press', button: 'middle', at: emptyPoint(s) }, gesture: 'middle-button press' },
        ...edit(s, 'selectAll', 'Control+a'),
        // A locked pose's joints select on a press but do not drag.
        ...edit(s, 'lock', 'l'),
        ...(selection.joint && joint
          ? [
              {
                type: 'SET_JOINT',
                joint: selection.joint,
                point: { x, y: joint.y },
                via: { kind: 'field', label: 'X', value: x },
                gesture: 'type X in the inspector',
              } as GestureEvent,
            ]
          : []),
        { type: 'UNDO', ...key('undo (Ctrl+Z)', 'Control+z') },
        { type: 'REDO', ...key('redo (Ctrl+Shift+Z)', 'Control+Shift+Z') },
        { type: 'TOGGLE_SYMMETRY', ...key('symmetry (S)', 's') },
        { type: 'CANCEL', ...key('Escape', 'Escape') },
        { type: 'RESIZE', width: other.width, height: other.height, fit: 'fit', via: { kind: 'aspect', label: other.label }, gesture: `aspect ${other.label}` },
      ];
    }
    case 'pointing': {
      const from = pressed!;
      return [
        {
          type: 'POINTER_MOVE',
          point: plus(from.point, SMALL),
          screen: plus(from.screen, SMALL),
          via: { kind: 'move', to: plus(from.point, SMALL) },
          gesture: 'move 1px',
        },
        {
          type: 'POINTER_MOVE',
          point: plus(from.point, LARGE),
          screen: plus(from.screen, LARGE),
          via: { kind: 'move', to: plus(from.point, LARGE) },
          gesture: 'move far',
        },
        { type: 'POINTER_UP', point: from.point, shift: false, via: { kind: 'release' }, gesture: 'release' },
        { type: 'CANCEL', ...key('Escape', 'Escape') },
      ];
    }
    case 'dragging':
    case 'brushing':
      // The pointer is where the move past the threshold left it.
      return [
        { type: 'POINTER_UP', point: plus(pressed!.point, LARGE), shift: false, via: { kind: 'release' }, gesture: 'release' },
        { type: 'CANCEL', ...key('Escape', 'Escape') },
      ];
    case 'panning':
      return [
        { type: 'PAN_END', via: { kind: 'release' }, gesture: 'release the middle button' },
        { type: 'CANCEL', ...key('Escape', 'Escape') },
      ];
    default:
      return [];
  }
}

/** Model transitions no gesture here takes, and why (the spec prints them with its coverage). */
export const WITHOUT_GESTURE = {
  SELECT: 'nothing in the UI sends it (selections change through presses, marquees and COMMIT)',
  'PAN_START during a press': 'only a second finger on a touch screen starts a pan while a press is held',
  'RESIZE during a press': 'the panel size changes by a click, which needs the mouse the press holds',
  PUSH_JOINT: 'Alt+wheel over a selected joint sends it; editor.depth.spec.ts turns the wheel on the real stage',
};

// Told apart by what the page shows (the mode, Undo and Redo, a selection, a joint) and what a guard
// reads (a locked pose does not drag).
const serialize = (s: EditorSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.past.length > 0,
    s.context.future.length > 0,
    s.context.selection.entities.length > 0,
    !!s.context.selection.joint,
    s.context.scene.pose.people.some((p) => p.figure?.locked === true),
  ]);

/**
 * Replays a generated path's gestures from the start, each event recomputed from the state actually
 * reached. States the graph merged (by `serialize`) differ in context, so an event computed on one of
 * them (where the wrist is, what a commit holds) may not fit another: this is the path the page walks.
 */
function replayed(path: ModelPath): ModelPath {
  let [snapshot] = initialTransition(editorMachine, { scene: START_SCENE });
  const steps = path.steps.map((step) => {
    const wanted = (step.event as GestureEvent).gesture;
    const event = gestureEvents(snapshot).find((e) => e.gesture === wanted);
    if (!event) throw new Error(`"${wanted}" cannot be done in ${JSON.stringify(snapshot.value)} on ${path.name}`);
    [snapshot] = transition(editorMachine, snapshot, event as never);
    return { event: event as EventObject, value: snapshot.value as StateValue };
  });
  return { ...path, name: steps.map((s) => (s.event as GestureEvent).gesture).join(' → ') || '(start)', steps };
}

/** The editor machine's shortest paths from the page's start, plus extensions to walk every transition they miss. */
export function editorPaths(): ModelPath[] {
  const all = generatePaths(editorMachine, {
    input: { scene: START_SCENE },
    events: gestureEvents as (s: unknown) => EventObject[],
    serialize: serialize as never,
  });
  return coveringPaths(editorMachine, all.map(replayed));
}
