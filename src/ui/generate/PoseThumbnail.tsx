interface PoseThumbnailProps {
  /** The server's drawing of the pose (a signed image URL), null until it is drawn. */
  src: string | null;
  width: number;
  height: number;
  label: string;
}

/** A small OpenPose drawing of a stored pose, drawn by the server with the export's renderer; an empty frame of the pose's shape until then. */
export function PoseThumbnail({ src, width, height, label }: PoseThumbnailProps) {
  const scale = 72 / Math.max(width, height);
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  return src ? (
    <img className="pose-thumbnail" src={src} width={w} height={h} alt={label} />
  ) : (
    <span className="pose-thumbnail" style={{ display: 'inline-block', width: w, height: h, background: '#000' }} role="img" aria-label={label} />
  );
}
