import { Link } from 'react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryItem } from '../../api/schemas';
import { toOpenPoseJson, type PoseDocument } from '../../pose';
import type { GenerationRequest } from '../../machines/generation.machine';
import { useStore } from '../store';
import { panelStore, useDocument } from '../stores/documentStore';
import { useAuth } from '../auth/appSession';
import { panelSheetStore } from '../layout/panelSheet';
import { useLayoutMode } from '../layout/useLayoutMode';
import { LiveStatus, useLiveState } from '../generate/LiveStatus';
import { HistoryList } from '../generate/HistoryList';
import { livePromptOf } from '../generate/livePrompt';
import { PromptForm } from '../generate/PromptForm';
import { personPromptsRequest } from '../generate/personPrompts';
import { promptDraftStore } from '../generate/promptDraft';
import { notify } from '../notify/notifications';
import { restoreFromHistory, varyRequest } from '../generate/restoreFromHistory';
import { useGeneration } from '../generate/useGeneration';
import { withClickId } from '../generate/clickRequestId';
import { samplingRequest, useWorkflows } from '../generate/useWorkflows';
import { usePoseDocument } from '../generate/usePoseDocument';
import { timelineVideoRequest, timelineVideoStore, videoMaker } from '../generate/timelineVideo';
import '../generate/generate.css';

/** The request's person prompts, left out when there are none. */
function personPrompts(people: PoseDocument['people'], drafts: Record<string, string>): Pick<GenerationRequest, 'person_prompts'> {
  const prompts = personPromptsRequest(people, drafts);
  return prompts.length ? { person_prompts: prompts } : {};
}

/** /pose: write a prompt, generate images of the pose, follow progress, and browse the history. */
export default function GeneratePage() {
  const { t } = useTranslation();
  const gNumber = useStore(panelStore, (d) => d.gNumber);
  const pose = usePoseDocument();
  const sequence = useDocument((d) => d.scene.sequence);
  const { canvas_width: width, canvas_height: height } = pose;
  const { snapshot, send } = useGeneration();
  const poseIsEmpty = pose.people.length + pose.animals.length === 0;
  const busy = snapshot.hasTag('busy');
  const { signedIn } = useAuth();
  const events = snapshot.children.events!;
  const live = useLiveState(events);
  const workflows = useWorkflows(signedIn);
  const layout = useLayoutMode();
  // One event connection while someone is signed in.
  useEffect(() => events.send({ type: signedIn ? 'CONNECT' : 'DISCONNECT' }), [events, signedIn]);

  const generate = () => {
    const draft = promptDraftStore.get();
    const planned = timelineVideoRequest(timelineVideoStore.get(), sequence, pose, videoMaker(workflows));
    // A video profile with side steps is made at the size the page said (fitted to its steps).
    const { size = { width, height }, ...video } = planned ?? {};
    send({
      type: 'GENERATE',
      request: withClickId({
        prompt: draft.prompt.trim(),
        ...(draft.negative_prompt.trim() ? { negative_prompt: draft.negative_prompt.trim() } : {}),
        ...(draft.seed.trim() ? { seed: Number(draft.seed) } : {}),
        // A video takes its profile's own settings: the image profile's sampling, depth and person prompts are not its.
        ...(planned ? video : { ...samplingRequest(workflows, draft), ...personPrompts(pose.people, draft.personPrompts) }),
        width: size.width,
        height: size.height,
        gNumber,
        // Every figure's id goes with the pose: person prompts name their people by it.
        pose: toOpenPoseJson(pose, { ids: true }),
      }),
    });
  };

  return (
    <div className="generate-page" data-events={live}>
      <h1>{t('generate.title')}</h1>
      <p className="muted generate-summary">
        {t('generate.summary', { width, height, count: gNumber })}
        {/* Without the panel beside the page (tablets, phones) its sheet opens from here, above the history. */}
        {layout !== 'wide' && (
          <button type="button" className="button-secondary" aria-haspopup="dialog" onClick={() => panelSheetStore.set(true)}>
            {t('generateCards.changeSettings')}
          </button>
        )}
      </p>
      {poseIsEmpty && (
        <p className="generate-hint">
          {t('generate.needPose')} <Link to="/edit">{t('generate.makePose')}</Link>
        </p>
      )}
      <PromptForm canGenerate={!poseIsEmpty} busy={busy} workflows={workflows} pose={pose} onGenerate={generate} />
      <LiveStatus state={live} />
      <HistoryList
        history={snapshot.children.history!}
        workflows={workflows}
        live={livePromptOf(snapshot)}
        onStop={() => send({ type: 'STOP' })}
        // A deleted prompt is gone from the page, its card included.
        onDeleted={(promptId) => {
          if (snapshot.context.promptId === promptId) send({ type: 'RESET' });
        }}
        actions={{
          onUseAgain: (item: HistoryItem) => void restoreFromHistory(item).catch((error: Error) => notify('error', error.message)),
          onReuseSeed: (item: HistoryItem) => promptDraftStore.set((d) => ({ ...d, seed: String(item.settings.seed) })),
          onVary: busy
            ? null
            : (item: HistoryItem) =>
                void varyRequest(item).then(
                  (request) => send({ type: 'GENERATE', request: withClickId(request) }),
                  (error: Error) => notify('error', error.message),
                ),
        }}
      />
    </div>
  );
}
