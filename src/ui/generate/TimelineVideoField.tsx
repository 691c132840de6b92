import { useTranslation } from 'react-i18next';
import type { WorkflowsResponse } from '../../api/schemas';
import { useStore } from '../store';
import { useDocument } from '../stores/documentStore';
import { timelineVideoOffered, timelineVideoStore } from './timelineVideo';

/** "A video of the timeline instead of images": offered while the editor's document is a sequence of more than one frame. */
export function TimelineVideoField({ workflows }: { workflows: WorkflowsResponse | null }) {
  const { t } = useTranslation();
  const sequence = useDocument((d) => d.scene.sequence);
  const wanted = useStore(timelineVideoStore);
  if (!timelineVideoOffered(sequence)) return null;
  // The server refuses frames on ComfyUI: say so here rather than after a click.
  if (workflows?.engine === 'comfyui') return <p className="muted">{t('videoResult.fromTimelineComfy')}</p>;
  return (
    <label className="field field-check">
      <input type="checkbox" name="timeline_video" checked={wanted} onChange={(e) => timelineVideoStore.set(e.target.checked)} />
      {t('videoResult.fromTimeline', { frames: sequence.length, fps: sequence.fps })}
    </label>
  );
}
