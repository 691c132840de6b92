import { and, assign, setup } from 'xstate';
import type { EditorEvent } from '../editor/events';
import type { Vec2 } from '../pose';
import { applyGesture, startDrag, type Gesture } from '../editor/model/gesture';
import { EMPTY_HISTORY, recordEdit, refitScene, type History } from '../editor/model/history';
import { moveJoint } from '../editor/model/moveJoint';
import { pushJointInScene } from '../editor/posing/push';
import { clickSelection, marqueeSelection, pressOutcome, type Press } from '../editor/model/press';
import { entityKey, type Scene } from '../editor/model/scene';
import { sceneAfterEdit, sceneAtFrame } from '../editor/model/sequenceScene';
import { DEFAULT_LENGTH } from '../pose/motion';
import { clampSelection, EMPTY_SELECTION, type Selection } from '../editor/model/selection';

export type { EditorEvent };

/** Screen pixels the pointer must travel before a press becomes a drag. */
export const DRAG_THRESHOLD_PX = 4;

/** What the editor remembers: the scene, the selection, undo/redo stacks, options and the press in progress. */
export interface EditorContext {
  scene: Scene;
  selection: Selection;
  past: Scene[];
  future: Scene[];
  symmetry: boolean;
  /** Bone lengths kept: joints drag by IK and a selected figure's limbs turn (Alt frees a drag). */
  keepLengths: boolean;
  /** The press being handled (pointing, dragging, brushing), with its screen position for the drag threshold. */
  press: (Press & { screen: Vec2 }) | null;
  /** What dragging from the press does; the scene itself is the saved mark a cancel returns to. */
  gesture: Gesture | null;
  /** What the newest undo step was, when later edits of the same kind join it (a slider's run). */
  lastEdit: 'opacity' | `push:${string}` | `run:${string}` | null;
  /** The timeline's frame: the scene's pose is its sequence's pose there (not an edit, so not undone). */
  frame: number;
}

type Of<T extends EditorEvent['type']> = Extract<EditorEvent, { type: T }>;

/** Records `next` as an edit of the context's scene (a no-op when nothing changed). */
/** A frame the timeline can stand on: rounded, within the scene's sequence (the default length before it has one). */
function frameWithin(scene: Scene, frame = 0): number {
  const last = (scene.sequence?.length ?? DEFAULT_LENGTH) - 1;
  return Math.min(Math.max(0, Math.round(frame)), last);
}

function edit(context: EditorContext, proposed: Scene, selection = context.selection) {
  if (proposed === context.scene) return { selection: clampSelection(selection, proposed) };
  const next = sceneAfterEdit(context.scene, proposed, context.frame);
  // A shorter sequence brings the timeline's frame inside it.
  const frame = next.sequence ? Math.min(context.frame, next.sequence.length - 1) : context.frame;
  return { scene: next, frame, selection: clampSelection(selection, next), lastEdit: null, ...recordEdit(context, context.scene) };
}

/** The pose editor: idle → pointing → dragging | brushing, panning, with undo/redo and cancel-to-mark. */
export const editorMachine = setup({
  types: { context: {} as EditorContext, events: {} as EditorEvent, input: {} as { scene: Scene; history?: History; frame?: number } },
  guards: {
    startsGesture: ({ context, event }) => pressOutcome(context.scene, context.selection, event as Of<'POINTER_DOWN'>, context).gesture !== null,
    pastThreshold: ({ context, event }) => {
      const { screen } = event as Of<'POINTER_MOVE'>;
      return !!context.press && Math.hypot(screen.x - context.press.screen.x, screen.y - context.press.screen.y) >= DRAG_THRESHOLD_PX;
    },
    isMarquee: ({ context }) => context.gesture?.kind === 'marquee',
    canUndo: ({ context }) => context.past.length > 0,
    canRedo: ({ context }) => context.future.length > 0,
  },
  actions: {
    press: assign(({ context, event }) => {
      const e = event as Of<'POINTER_DOWN'>;
      const outcome = pressOutcome(context.scene, context.selection, e, context);
      return {
        selection: outcome.selection,
        gesture: outcome.gesture,
        press: { target: e.target, point: e.point, shift: e.shift, alt: e.alt, depth: e.depth, screen: e.screen },
      };
    }),
    pressSelect: assign(({ context, event }) => ({
      selection: pressOutcome(context.scene, context.selection, event as Of<'POINTER_DOWN'>, context).selection,
    })),
    forgetPress: assign({ press: null, gesture: null }),
    startDrag: assign(({ context, event }) => ({ gesture: context.gesture && startDrag(context.gesture, (event as Of<'POINTER_MOVE'>).point) })),
    click: assign(({ context }) => ({ selection: context.press ? clickSelection(context.selection, context.press) : context.selection })),
    commitDrag: assign(({ context, event }) => {
      const e = event as Of<'POINTER_UP'>;
      if (!context.gesture) return {};
      return edit(context, applyGesture(context.scene, context.gesture, e.point, { symmetry: context.symmetry, snap: e.shift }));
    }),
    selectMarquee: assign(({ context, event }) => {
      const g = context.gesture;
      if (g?.kind !== 'marquee') return {};
      return { selection: marqueeSelection(context.scene, context.selection, g.origin, (event as Of<'POINTER_UP'>).point, g.additive) };
    }),
    commit: assign(({ context, event }) => {
      const e = event as Of<'COMMIT'>;
      const selection = e.selection ?? context.selection;
      const run = e.run === undefined ? null : (`run:${e.run}` as const);
      if (!run || context.lastEdit !== run) {
        const first = edit(context, e.scene, selection);
        // The run's step begins with its first edit that changes something.
        return run && 'past' in first ? { ...first, lastEdit: run } : first;
      }
      // A later edit of the run joins its undo step; one back at the step's start drops the step.
      const base = context.past[context.past.length - 1];
      if (e.scene === base) return { scene: base, past: context.past.slice(0, -1), selection: clampSelection(selection, base), lastEdit: null };
      const scene = sceneAfterEdit(context.scene, e.scene, context.frame);
      return { scene, selection: clampSelection(selection, scene) };
    }),
    select: assign(({ context, event }) => ({ selection: clampSelection((event as Of<'SELECT'>).selection, context.scene) })),
    deselect: assign({ selection: EMPTY_SELECTION }),
    setJoint: assign(({ context, event }) => {
      const e = event as Of<'SET_JOINT'>;
      return edit(context, moveJoint(context.scene, e.joint, e.point, { symmetry: context.symmetry }));
    }),
    undo: assign(({ context }) => {
      const scene = sceneAtFrame(context.past[context.past.length - 1]!, context.frame);
      return {
        scene,
        past: context.past.slice(0, -1),
        future: [...context.future, context.scene],
        selection: clampSelection(context.selection, scene),
        lastEdit: null,
      };
    }),
    redo: assign(({ context }) => {
      const scene = sceneAtFrame(context.future[context.future.length - 1]!, context.frame);
      return {
        scene,
        future: context.future.slice(0, -1),
        past: [...context.past, context.scene],
        selection: clampSelection(context.selection, scene),
        lastEdit: null,
      };
    }),
    setFrame: assign(({ context, event }) => {
      const next = frameWithin(context.scene, (event as Of<'SET_FRAME'>).frame);
      if (next === context.frame) return {};
      const scene = sceneAtFrame(context.scene, next);
      return { frame: next, scene, selection: clampSelection(context.selection, scene) };
    }),
    toggleSymmetry: assign(({ context }) => ({ symmetry: !context.symmetry })),
    toggleKeepLengths: assign(({ context }) => ({ keepLengths: !context.keepLengths })),
    pushJoint: assign(({ context, event }) => {
      const { joint, dz } = event as Of<'PUSH_JOINT'>;
      const scene = pushJointInScene(context.scene, joint, dz);
      if (scene === context.scene) return {};
      // A wheel's run of pushes of one joint is one undo step: the first records, the rest follow it.
      const run = `push:${entityKey(joint.entity)}:${joint.index}` as const;
      if (context.lastEdit === run) return { scene: sceneAfterEdit(context.scene, scene, context.frame) };
      return { ...edit(context, scene), lastEdit: run };
    }),
    resize: assign(({ context, event }) => {
      const { width, height, fit } = event as Of<'RESIZE'>;
      return edit(context, refitScene(context.scene, width, height, fit));
    }),
    setReference: assign(({ context, event }) => {
      const { reference } = event as Of<'SET_REFERENCE'>;
      const next = { ...context.scene.reference, ...reference };
      if (next.image === context.scene.reference.image && next.opacity === context.scene.reference.opacity) return {};
      const scene = { ...context.scene, reference: next };
      // A slider's run of opacity changes is one undo step: the first records, the rest follow it.
      const opacityOnly = next.image === context.scene.reference.image;
      if (opacityOnly && context.lastEdit === 'opacity') return { scene, lastEdit: 'opacity' as const };
      return { ...edit(context, scene), lastEdit: opacityOnly ? ('opacity' as const) : null };
    }),
  },
}).createMachine({
  id: 'editor',
  context: ({ input }) => ({
    scene: sceneAtFrame(input.scene, frameWithin(input.scene, input.frame)),
    selection: EMPTY_SELECTION,
    ...(input.history ?? EMPTY_HISTORY),
    symmetry: false,
    keepLengths: true,
    press: null,
    gesture: null,
    lastEdit: null,
    frame: frameWithin(input.scene, input.frame),
  }),
  initial: 'idle',
  on: {
    // A new canvas size (from the panel) is an edit; a drag in progress is dropped rather than landing on a rescaled pose.
    RESIZE: { target: '.idle', actions: 'resize' },
    SET_REFERENCE: { actions: 'setReference' },
  },
  states: {
    idle: {
      entry: 'forgetPress',
      on: {
        POINTER_DOWN: [{ guard: 'startsGesture', target: 'pointing', actions: 'press' }, { actions: 'pressSelect' }],
        COMMIT: { actions: 'commit' },
        SELECT: { actions: 'select' },
        SET_JOINT: { actions: 'setJoint' },
        SET_FRAME: { actions: 'setFrame' },
        UNDO: { guard: 'canUndo', actions: 'undo' },
        REDO: { guard: 'canRedo', actions: 'redo' },
        TOGGLE_SYMMETRY: { actions: 'toggleSymmetry' },
        TOGGLE_KEEP_LENGTHS: { actions: 'toggleKeepLengths' },
        CANCEL: { actions: 'deselect' },
        PUSH_JOINT: { actions: 'pushJoint' },
        PAN_START: { target: 'panning' },
      },
    },
    pointing: {
      on: {
        POINTER_MOVE: [
          { guard: and(['pastThreshold', 'isMarquee']), target: 'brushing' },
          { guard: 'pastThreshold', target: 'dragging', actions: 'startDrag' },
        ],
        POINTER_UP: { target: 'idle', actions: 'click' },
        CANCEL: { target: 'idle' },
        PAN_START: { target: 'panning' },
      },
    },
    dragging: {
      on: {
        POINTER_UP: { target: 'idle', actions: 'commitDrag' },
        // Nothing was written during the drag, so dropping it is the whole cancel.
        CANCEL: { target: 'idle' },
        PAN_START: { target: 'panning' },
      },
    },
    brushing: {
      on: {
        POINTER_UP: { target: 'idle', actions: 'selectMarquee' },
        CANCEL: { target: 'idle' },
        PAN_START: { target: 'panning' },
      },
    },
    panning: {
      on: { PAN_END: { target: 'idle' }, CANCEL: { target: 'idle' } },
    },
  },
});
