import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { rasterizeOpenPose, type PoseDocument } from '../../pose';
import { personMask } from '../../pose/personMask';
import { personKey, personLabel } from './personPrompts';

/** Longer side of the preview, in CSS pixels. */
const PREVIEW_SIDE = 200;
/** Tints of the people's regions, in turn. */
const REGION_COLOURS: ReadonlyArray<readonly [number, number, number]> = [
  [255, 196, 0],
  [0, 200, 255],
  [255, 80, 160],
  [120, 230, 80],
  [180, 120, 255],
  [255, 140, 60],
];
const colourOf = (n: number) => REGION_COLOURS[n % REGION_COLOURS.length]!;

/** Draws the pose with each chosen person's region tinted in their colour. */
function drawRegions(canvas: HTMLCanvasElement, pose: PoseDocument, people: number[]): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const image = ctx.createImageData(canvas.width, canvas.height);
  rasterizeOpenPose(pose, image);
  const size = { width: canvas.width, height: canvas.height };
  const from = { width: pose.canvas_width, height: pose.canvas_height };
  people.forEach((person, n) => {
    const { data } = personMask(pose.people[person]!, from, size);
    const colour = colourOf(n);
    for (let i = 0; i < data.length; i++) {
      if (!data[i]) continue;
      for (let c = 0; c < 3; c++) image.data[i * 4 + c] = Math.round(image.data[i * 4 + c]! * 0.55 + colour[c]! * 0.45);
    }
  });
  ctx.putImageData(image, 0, 0);
}

/** A small drawing of the pose showing where each person's own prompt applies (their widened skeleton), with a key. */
export function PersonRegions({ pose, drafts }: { pose: PoseDocument; drafts: Record<string, string> }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const people = pose.people.flatMap((person, i) => (drafts[personKey(person, i)]?.trim() ? [i] : []));
  const scale = PREVIEW_SIDE / Math.max(pose.canvas_width, pose.canvas_height);
  const width = Math.max(1, Math.round(pose.canvas_width * scale));
  const height = Math.max(1, Math.round(pose.canvas_height * scale));
  const shown = people.join(',');
  useEffect(() => {
    if (canvasRef.current) drawRegions(canvasRef.current, pose, shown ? shown.split(',').map(Number) : []);
  }, [pose, shown, width, height]);
  if (!people.length) return null;
  return (
    <figure className="person-regions">
      <canvas ref={canvasRef} width={width} height={height} role="img" aria-label={t('generateCards.regionsAlt')} />
      <figcaption>
        {people.map((person, n) => (
          <span key={person} className="person-region-key">
            <span className="person-region-swatch" style={{ background: `rgb(${colourOf(n).join(',')})` }} aria-hidden />
            {personLabel(t, pose.people[person]!.figure?.name, person)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
