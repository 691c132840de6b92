import { useSelector } from '@xstate/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { dragNote } from '../../editor/model/dragNote';
import { ReferenceOpacity } from './background/ReferenceOpacity';
import { useEditorHandles } from './EditorContext';

const COARSE = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/** What the stage's pointer is over (data-hover, set by the canvas's hover), kept current. */
function useStageHover(): string | undefined {
  const [hover, setHover] = useState<string | undefined>(undefined);
  useEffect(() => {
    const stage = document.querySelector<HTMLElement>('.pose-stage');
    if (!stage) return;
    const observer = new MutationObserver(() => setHover(stage.dataset.hover));
    observer.observe(stage, { attributes: true, attributeFilter: ['data-hover'] });
    return () => observer.disconnect();
  }, []);
  return hover;
}

/** The line under the canvas: what a gesture will do from where the pointer is, the reference image's opacity, and the zoom. */
export function StatusLine() {
  const { t } = useTranslation();
  const { actor, view } = useEditorHandles();
  const mode = useSelector(actor, (s) => String(s.value));
  // Decided from the press (the scene and gesture do not change while a drag is previewed), so no pointer move renders this.
  const note = useSelector(actor, (s) => (s.value === 'dragging' ? dragNote(s.context.scene, s.context.gesture) : null));
  const hover = useStageHover();
  const hasReference = useSelector(actor, (s) => s.context.scene.reference.image !== null);
  const scale = useSyncExternalStore(
    (l) => view.subscribe(l),
    () => view.current.scale,
  );
  const hint = mode === 'dragging' || mode === 'brushing' ? 'dragging' : mode === 'panning' ? 'panning' : COARSE ? 'touch' : (hover ?? 'idle');
  return (
    <div className="editor-status">
      <span className="editor-status-hint">
        {note ? t(`editor.status.notes.${note}`) : t(hint === 'turn' ? 'depthEditing.turnHandle' : `editor.status.${hint}`)}
      </span>
      {hasReference && <ReferenceOpacity />}
      <span className="editor-status-zoom">{t('editor.status.zoom', { percent: Math.round(scale * 100) })}</span>
    </div>
  );
}
