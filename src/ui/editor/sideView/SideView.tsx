import { useSelector } from '@xstate/react';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PALETTE } from '../../../canvas/draw/palette';
import type { Scene } from '../../../editor/model/scene';
import { soleEditablePerson } from '../../../editor/model/selection';
import { pushJointInScene } from '../../../editor/posing/push';
import { useEditorHandles, type EditorHandles } from '../EditorContext';
import { bodyWithDepth, depthOfDrag, fitSideFrame, nearestSidePoint, sideLimbs, sidePoints, type SideFrame } from './sideGeometry';

/** The side view's size in CSS pixels. */
export const SIDE_VIEW_SIZE = { width: 150, height: 210 };
// Panel pixels within which a press picks a joint: a finger needs more.
const PICK_PX = { mouse: 10, touch: 20 };

interface SideDrag {
  pointer: number;
  /** Names the drag's run of edits, which make one undo step. */
  run: string;
  joint: number;
  startX: number;
  start: Scene;
  /** The frame the drag began in, kept so the figure does not slide under the pointer. */
  frame: SideFrame;
  preview: Scene;
}

// Drags so far, to name each drag's run of edits.
let dragsSoFar = 0;

// Each step of a drag is an edit of its run, so the canvas shows it at once; an edit made
// meanwhile elsewhere (not this run's, the scene no longer the drag's start) stops the drag writing.
function sendStep(actor: EditorHandles['actor'], drag: SideDrag, scene: Scene): void {
  const now = actor.getSnapshot().context;
  if (now.lastEdit === `run:${drag.run}` || now.scene === drag.start) actor.send({ type: 'COMMIT', scene, run: drag.run });
}

/**
 * The selected person seen from the side: depth across (the viewer on the right), height down. Dragging a joint sideways pushes it toward or away from the
 * viewer (mouse, pen or one finger); the canvas follows while it moves, and each drag is one undo step.
 */
export function SideView() {
  const { t } = useTranslation();
  const { actor } = useEditorHandles();
  const index = useSelector(actor, (s) => soleEditablePerson(s.context.scene, s.context.selection));
  const committed = useSelector(actor, (s) => (index === null ? undefined : s.context.scene.pose.people[index]));
  // The editor's selected body joint of this person: picked first where joints overlap, and drawn on top.
  const selected = useSelector(actor, (s) => {
    const joint = s.context.selection.joint;
    return joint && joint.part === 'body' && joint.entity.kind === 'person' && joint.entity.index === index ? joint.index : null;
  });
  const [drag, setDrag] = useState<SideDrag | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  if (index === null || !committed) return null;
  const person = drag?.preview.pose.people[index] ?? committed;
  const body = bodyWithDepth(person);
  const { width, height } = SIDE_VIEW_SIZE;
  const frame = drag?.frame ?? fitSideFrame(body, width, height);
  const points = sidePoints(body, frame);
  const local = (e: PointerEvent) => {
    const r = svg.current!.getBoundingClientRect();
    // The drawing may be shown smaller than its own size (phones): back to its own units.
    return { x: ((e.clientX - r.left) * width) / r.width, y: ((e.clientY - r.top) * height) / r.height };
  };
  const down = (e: PointerEvent<SVGSVGElement>) => {
    if (drag || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const at = local(e);
    const joint = nearestSidePoint(points, at, e.pointerType === 'mouse' ? PICK_PX.mouse : PICK_PX.touch, selected ?? undefined);
    if (joint === null) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const start = actor.getSnapshot().context.scene;
    setDrag({ pointer: e.pointerId, run: `side-view-${++dragsSoFar}`, joint, startX: at.x, start, frame, preview: start });
  };
  const move = (e: PointerEvent<SVGSVGElement>) => {
    if (!drag || e.pointerId !== drag.pointer) return;
    const dz = depthOfDrag(local(e).x - drag.startX, drag.frame);
    const preview = pushJointInScene(drag.start, { entity: { kind: 'person', index }, part: 'body', index: drag.joint }, dz);
    setDrag({ ...drag, preview });
    sendStep(actor, drag, preview);
  };
  // A cancelled drag goes back to its start, which leaves no undo step.
  const end = (e: PointerEvent<SVGSVGElement>, keep: boolean) => {
    if (!drag || e.pointerId !== drag.pointer) return;
    setDrag(null);
    if (!keep && actor.getSnapshot().context.lastEdit === `run:${drag.run}`) sendStep(actor, drag, drag.start);
  };
  return (
    <figure className="editor-side-view" aria-label={t('depthEditing.sideView')}>
      <svg
        ref={svg}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        data-dragging={drag ? 'true' : undefined}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={(e) => end(e, true)}
        onPointerCancel={(e) => end(e, false)}
      >
        <title>{t('depthEditing.sideViewHint')}</title>
        {sideLimbs(points).map(({ limb, a, b }) => (
          <line key={limb} x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke={PALETTE.bodyLimb[limb]} strokeWidth={3} strokeLinecap="round" />
        ))}
        {[...points.filter((p) => p.index !== selected), ...points.filter((p) => p.index === selected)].map((p) => (
          <circle
            key={p.index}
            data-joint={p.index}
            cx={p.x}
            cy={p.y}
            r={drag?.joint === p.index || p.index === selected ? 5 : 3.5}
            fill={PALETTE.bodyJoint[p.index]}
            stroke={p.index === selected ? PALETTE.focus : 'none'}
          />
        ))}
      </svg>
      <figcaption>
        <span>{t('depthEditing.sideView')}</span>
        <span aria-hidden>{t('depthEditing.viewer')} →</span>
      </figcaption>
    </figure>
  );
}
