import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isRenderProfile, RENDER_PROFILES } from '../../pose';
import { renderProfileOf, setRenderProfile } from '../../editor/model/renderProfile';
import { useEditorHandles } from './EditorContext';

/** Chooses how the pose's control image is drawn (ControlNet SD1.5, xinsir SDXL, whole body with feet), as an undoable edit. */
export function RenderProfilePicker() {
  const { t } = useTranslation();
  const id = useId();
  const { actor } = useEditorHandles();
  const profile = useSelector(actor, (s) => renderProfileOf(s.context.scene));
  return (
    <div className="render-profile">
      <label htmlFor={id}>{t('editor.profile.label')}</label>
      <select
        id={id}
        value={profile}
        onChange={(e) => {
          const next = e.target.value;
          if (isRenderProfile(next)) actor.send({ type: 'COMMIT', scene: setRenderProfile(actor.getSnapshot().context.scene, next) });
        }}
      >
        {RENDER_PROFILES.map((p) => (
          <option key={p} value={p}>
            {t(`editor.profile.${p}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
