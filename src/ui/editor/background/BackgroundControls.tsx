import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { ActionButton } from '../ActionButton';
import { useEditorHandles } from '../EditorContext';

/** Pick or clear the reference image and set its opacity. */
export function BackgroundControls() {
  const { t } = useTranslation();
  const { actor } = useEditorHandles();
  const { image, opacity } = useSelector(actor, (s) => s.context.scene.reference);
  return (
    <div className="tool-group" role="group" aria-label={t('editor.backgroundGroup')}>
      <ActionButton name="background" />
      {image && (
        <>
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={opacity}
            aria-label={t('editor.backgroundOpacity')}
            onChange={(e) => actor.send({ type: 'SET_REFERENCE', reference: { opacity: Number(e.target.value) } })}
          />
          <ActionButton name="clearBackground" />
        </>
      )}
    </div>
  );
}
