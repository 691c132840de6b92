import { useTranslation } from 'react-i18next';
import type { WorkflowsResponse } from '../../api/schemas';
import { useStore } from '../store';
import { useDocument } from '../stores/documentStore';
import { hasTimeline, lengthFitStore, timelineVideoStore, videoMaker, videoProfileChoiceStore } from './timelineVideo';
import { VideoPlanNote } from './VideoPlanNote';
import { videoProfiles } from './useWorkflows';

/** "A video of the timeline instead of images": offered while the editor's document is a sequence; says why not where it cannot be made. */
export function TimelineVideoField({ workflows }: { workflows: WorkflowsResponse | null }) {
  const { t } = useTranslation();
  const sequence = useDocument((d) => d.scene.sequence);
  const wanted = useStore(timelineVideoStore);
  const chosen = useStore(videoProfileChoiceStore);
  const fit = useStore(lengthFitStore);
  if (!hasTimeline(sequence)) return null;
  const maker = videoMaker(workflows, chosen);
  if (maker.kind === 'none') {
    const { unavailable } = maker;
    const why = unavailable ? t('videoResult.profileUnavailable', { label: unavailable.label, reason: unavailable.reason }) : t('videoResult.noVideoProfile');
    return <p className="muted">{why}</p>;
  }
  const label = t('videoResult.fromTimeline', { frames: sequence.length, fps: sequence.fps });
  const offered = videoProfiles(workflows);
  return (
    <>
      <label className="field field-check">
        <input type="checkbox" name="timeline_video" checked={wanted} onChange={(e) => timelineVideoStore.set(e.target.checked)} />
        {maker.kind === 'profile' ? `${label} · ${maker.profile.label}` : label}
      </label>
      {wanted && <VideoPlanNote sequence={sequence} maker={maker} fit={fit} />}
      {maker.kind === 'profile' && offered.length > 1 && (
        <label className="field">
          {t('motionExtras.videoWorkflow')}
          <select name="video_workflow" value={maker.profile.id} onChange={(e) => videoProfileChoiceStore.set(e.target.value)}>
            {offered.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.label}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}
