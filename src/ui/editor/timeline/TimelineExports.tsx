import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Scene } from '../../../editor/model/scene';
import { notify } from '../../notify/notifications';
import { downloadBlob } from '../io/download';

type ExportKind = 'json' | 'zip' | 'video';

const loadExports = () => import('./exportSequence');

async function makeFile(kind: ExportKind, scene: Scene): Promise<[Blob, string]> {
  const files = await loadExports();
  if (kind === 'json') return [new Blob([files.sequenceJson(scene)], { type: 'application/json' }), 'pose.frames.json'];
  if (kind === 'zip') return [await files.sequenceZip(scene), 'pose.frames.zip'];
  return [await files.sequenceVideo(scene), 'pose.webm'];
}

/** The sequence's exports: every frame's POSE_KEYPOINT, a ZIP of OpenPose and depth PNG frames, a WebM video. */
export function TimelineExports({ scene }: { scene: Scene }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const run = (kind: ExportKind) => {
    setBusy(kind);
    makeFile(kind, scene)
      .then(([blob, name]) => downloadBlob(blob, name))
      .catch((e: unknown) => notify('error', t('editor.failed', { message: e instanceof Error ? e.message : String(e) })))
      .finally(() => setBusy(null));
  };
  return (
    <span className="timeline-exports" role="group" aria-label={t('timeline.export')}>
      {(['json', 'zip', 'video'] as const).map((kind) => (
        <button key={kind} type="button" className="tool" disabled={busy !== null} aria-busy={busy === kind} data-export={kind} onClick={() => run(kind)}>
          {t(`timeline.exports.${kind}`)}
        </button>
      ))}
    </span>
  );
}
