import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { ANIMAL_BONES, PERSON_BONES, pointOf, poseAtFrame, type MotionBone } from '../../../pose/motion';
import type { Animal, Person, PoseDocument } from '../../../pose';
import { neighbourKey } from '../../../editor/model/timelineEdits';
import { useStore } from '../../store';
import { useEditorHandles } from '../EditorContext';
import { timelineStore } from './timelineStore';

// The previous key in blue, the next in orange, both faint: a guide, not part of the pose.
const GHOSTS = [
  { direction: -1, colour: 'rgba(90, 160, 255, 0.45)' },
  { direction: 1, colour: 'rgba(255, 160, 60, 0.45)' },
] as const;

function drawFigure(ctx: CanvasRenderingContext2D, figure: Person | Animal, bones: readonly MotionBone[]) {
  for (const bone of bones) {
    const [a, b] = [bone.from && pointOf(figure, bone.from), pointOf(figure, bone.to)];
    if (!a || !b || !a.visible || !b.visible) continue;
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
  }
}

function drawGhost(ctx: CanvasRenderingContext2D, pose: PoseDocument, colour: string, scale: number) {
  ctx.beginPath();
  pose.people.forEach((p) => drawFigure(ctx, p, PERSON_BONES));
  pose.animals.forEach((a) => drawFigure(ctx, a, ANIMAL_BONES));
  ctx.strokeStyle = colour;
  ctx.lineWidth = 3 / scale;
  ctx.stroke();
}

/** The previous and next keys drawn faintly over the canvas while the timeline is open with onion skin on. */
export function OnionSkin() {
  const { actor, view } = useEditorHandles();
  const shown = useStore(timelineStore, (s) => s.open && s.onionSkin && !s.playing);
  // Only the keys around the frame matter: scrubbing between two keys draws nothing anew.
  const sequence = useSelector(actor, (s) => s.context.scene.sequence);
  const width = useSelector(actor, (s) => s.context.scene.pose.canvas_width);
  const height = useSelector(actor, (s) => s.context.scene.pose.canvas_height);
  const previous = useSelector(actor, (s) => neighbourKey(s.context.scene, s.context.frame, -1));
  const next = useSelector(actor, (s) => neighbourKey(s.context.scene, s.context.frame, 1));
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!shown || !canvas) return;
    const draw = () => {
      const ratio = globalThis.devicePixelRatio || 1;
      const box = canvas.getBoundingClientRect();
      [canvas.width, canvas.height] = [Math.round(box.width * ratio), Math.round(box.height * ratio)];
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      const { scale, x, y } = view.current;
      ctx.setTransform(scale * ratio, 0, 0, scale * ratio, x * ratio, y * ratio);
      if (!sequence) return;
      const canvasDoc: PoseDocument = { canvas_width: width, canvas_height: height, people: [], animals: [] };
      for (const ghost of GHOSTS) {
        const at = ghost.direction < 0 ? previous : next;
        if (at !== undefined) drawGhost(ctx, poseAtFrame(sequence, canvasDoc, at), ghost.colour, scale);
      }
    };
    draw();
    return view.subscribe(draw);
  }, [shown, sequence, width, height, previous, next, view]);
  return shown ? <canvas ref={canvasRef} className="onion-skin" data-testid="onion-skin" aria-hidden /> : null;
}
