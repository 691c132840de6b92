import { useEffect, useRef } from 'react';
import { parsePoseJson, renderOpenPose } from '../../pose';

interface PoseThumbnailProps {
  pose: unknown;
  width: number;
  height: number;
  label: string;
}

/** A small OpenPose drawing of a stored pose, made with the same renderer as the export. */
export function PoseThumbnail({ pose, width, height, label }: PoseThumbnailProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const scale = 72 / Math.max(width, height);
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  useEffect(() => {
    const parsed = parsePoseJson(pose);
    const ctx = ref.current?.getContext('2d');
    if (parsed.ok && ctx) renderOpenPose(ctx, parsed.document, { width: w, height: h });
  }, [pose, w, h]);
  return <canvas ref={ref} className="pose-thumbnail" width={w} height={h} role="img" aria-label={label} />;
}
