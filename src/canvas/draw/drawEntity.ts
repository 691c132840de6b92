import { ANIMAL_LINES, BODY_LIMBS, FOOT_LIMBS, HAND_EDGES, type Animal, type Keypoint, type Person } from '../../pose';
import type { EntityDrawAttrs } from './drawAttrs';
import { drawMarks } from './drawMarks';
import { PALETTE, sizesAt, type Sizes } from './palette';
import { fillDots, strokeEdges } from './primitives';

function drawBody(ctx: CanvasRenderingContext2D, body: readonly Keypoint[], s: Sizes): void {
  strokeEdges(ctx, body, BODY_LIMBS, PALETTE.bodyLimb, s.limbWidth);
  ctx.lineWidth = s.px;
  ctx.strokeStyle = PALETTE.outline;
  body.forEach((p, i) => {
    if (!p.visible) return;
    ctx.fillStyle = PALETTE.bodyJoint[i]!;
    ctx.beginPath();
    ctx.arc(p.x, p.y, s.bodyRadius, 0, Math.PI * 2);
    ctx.fill();
    // A thin dark rim makes a joint read as a handle on any background.
    ctx.stroke();
  });
}

// A foot limb joins a body ankle to a foot point: two point lists, so drawn here rather than by strokeEdges.
function drawFeet(ctx: CanvasRenderingContext2D, body: readonly Keypoint[], feet: readonly Keypoint[], s: Sizes): void {
  ctx.lineWidth = s.handLineWidth;
  FOOT_LIMBS.forEach(([ankle, toe], i) => {
    const [a, b] = [body[ankle], feet[toe]];
    if (!a?.visible || !b?.visible) return;
    ctx.strokeStyle = PALETTE.footLimb[i]!;
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.stroke();
  });
  feet.forEach((p, i) => {
    if (!p.visible) return;
    ctx.fillStyle = PALETTE.footPoint[i]!;
    ctx.beginPath();
    ctx.arc(p.x, p.y, s.footRadius, 0, Math.PI * 2);
    ctx.fill();
  });
}

function drawPerson(ctx: CanvasRenderingContext2D, person: Person, s: Sizes): void {
  drawBody(ctx, person.body, s);
  if (person.feet) drawFeet(ctx, person.body, person.feet, s);
  for (const hand of [person.leftHand, person.rightHand]) {
    if (!hand) continue;
    strokeEdges(ctx, hand, HAND_EDGES, PALETTE.handEdge, s.handLineWidth);
    fillDots(ctx, hand, s.handRadius, PALETTE.handPoint);
  }
  if (person.face) fillDots(ctx, person.face, s.faceRadius, PALETTE.facePoint);
}

function drawAnimal(ctx: CanvasRenderingContext2D, animal: Animal, s: Sizes): void {
  strokeEdges(ctx, animal.keypoints, ANIMAL_LINES, PALETTE.animalLine, s.animalLineWidth);
  // ControlNet draws no animal joints; the editor needs something to grab.
  fillDots(ctx, animal.keypoints, s.animalRadius * 0.8, 'rgba(255,255,255,0.9)');
}

/** Draws one person or animal in the OpenPose colours, with its selection and joint marks. */
export function drawEntity(ctx: CanvasRenderingContext2D, attrs: EntityDrawAttrs, zoom: number): void {
  const s = sizesAt(zoom);
  if (attrs.kind === 'person') drawPerson(ctx, attrs.entity as Person, s);
  else drawAnimal(ctx, attrs.entity as Animal, s);
  drawMarks(ctx, attrs, s);
}
