import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from './ActionButton';
import { useEditorHandles } from './EditorContext';

/** Zoom out, the zoom level (which fits the canvas when pressed), zoom in. */
export function ZoomControls() {
  const { t } = useTranslation();
  const { view } = useEditorHandles();
  const scale = useSyncExternalStore(
    (listener) => view.subscribe(listener),
    () => view.current.scale,
  );
  return (
    <div className="tool-group" role="group" aria-label={t('editor.zoom')}>
      <ActionButton name="zoomOut">−</ActionButton>
      <ActionButton name="zoomReset">{`${Math.round(scale * 100)}%`}</ActionButton>
      <ActionButton name="zoomIn">+</ActionButton>
    </div>
  );
}
