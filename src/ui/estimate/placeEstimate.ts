import { mapPerson, type PoseDocument } from '../../pose';
import { fitCanvas } from '../editor/io/importPose';
import { appendEntities } from '../../editor/model/entities';
import { createScene, type Scene } from '../../editor/model/scene';
import type { PoseMerge } from './PhotoToPose';

/**
 * The editor's scene after an estimate (people in the photo's pixels, canvas = the photo).
 * Replace: the estimate becomes the pose and its canvas the photo's size, fitted to what the panel
 * takes. Add: the canvas stays and the people join it, placed where the reference image shows the
 * photo (fitted inside the canvas and centred, as the background layer draws it).
 */
export function placeEstimate(current: Scene, estimate: PoseDocument, mode: PoseMerge): Scene {
  if (mode === 'replace') return createScene(fitCanvas(estimate));
  const { canvas_width: width, canvas_height: height } = current.pose;
  const scale = Math.min(width / estimate.canvas_width, height / estimate.canvas_height);
  const dx = (width - estimate.canvas_width * scale) / 2;
  const dy = (height - estimate.canvas_height * scale) / 2;
  const found = estimate.people.map((person) => mapPerson(person, (p) => ({ x: dx + p.x * scale, y: dy + p.y * scale })));
  return appendEntities(current, found, []).scene;
}
