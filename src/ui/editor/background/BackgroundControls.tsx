import { useTranslation } from 'react-i18next';
import { useStore } from '../../store';
import { ActionButton } from '../ActionButton';
import { backgroundImageStore, backgroundOpacityStore } from './backgroundStore';

/** Pick or clear the reference image and set its opacity. */
export function BackgroundControls() {
  const { t } = useTranslation();
  const image = useStore(backgroundImageStore);
  const opacity = useStore(backgroundOpacityStore);
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
            onChange={(e) => backgroundOpacityStore.set(Number(e.target.value))}
          />
          <ActionButton name="clearBackground" />
        </>
      )}
    </div>
  );
}
