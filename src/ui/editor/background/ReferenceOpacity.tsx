import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { useEditorHandles } from '../EditorContext';

/** The reference image's opacity, shown in the toolbar while there is a reference image. */
export function ReferenceOpacity() {
  const { t } = useTranslation();
  const { actor } = useEditorHandles();
  const opacity = useSelector(actor, (s) => s.context.scene.reference.opacity);
  return (
    <input
      className="tool-range"
      type="range"
      min={0}
      max={1}
      step={0.05}
      value={opacity}
      aria-label={t('editor.backgroundOpacity')}
      onChange={(e) => actor.send({ type: 'SET_REFERENCE', reference: { opacity: Number(e.target.value) } })}
    />
  );
}
