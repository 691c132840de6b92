import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { presetsOf } from '../../library/presets';
import type { PresetKind } from '../../library/types';
import type { HandSide } from '../../pose';
import { useEditorHandles } from '../editor/EditorContext';
import { applyLibraryPose } from './applyLibraryPose';

/** Where the build puts each built-in preset's thumbnail (src/library/vitePresetThumbnails.ts). */
const thumbnailOf = (id: string) => `/library/presets/${id}.png`;

interface PresetGridProps {
  kind: PresetKind;
  side: HandSide;
}

/** The built-in presets of one kind, searchable by name and tag (in the interface's language too); a click applies one. */
export function PresetGrid({ kind, side }: PresetGridProps) {
  const { t } = useTranslation();
  const handles = useEditorHandles();
  const [query, setQuery] = useState('');
  const presets = useMemo(() => presetsOf(kind), [kind]);
  const nameOf = (id: string, fallback: string) => t(`library.presets.${id}`, { defaultValue: fallback });
  const words = query.trim().toLowerCase();
  const shown = presets.filter((p) => {
    if (!words) return true;
    const texts = [p.name, nameOf(p.id, p.name), ...p.tags, ...p.tags.map((tag) => t(`library.tags.${tag}`, { defaultValue: tag }))];
    return texts.some((text) => text.toLowerCase().includes(words));
  });
  return (
    <div className="library-panel">
      <input
        type="search"
        className="library-search"
        aria-label={t('library.search')}
        placeholder={t('library.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <p className="muted library-hint">{t(kind === 'body' ? 'library.hintBody' : 'library.hintPart')}</p>
      {shown.length === 0 && <p className="muted">{t('library.noMatch')}</p>}
      <ul className="library-grid" aria-label={t(`library.tabs.${kind}`)}>
        {shown.map((p) => {
          const name = nameOf(p.id, p.name);
          return (
            <li key={p.id}>
              <button
                type="button"
                className="library-item"
                aria-label={t('library.apply', { name })}
                data-preset={p.id}
                onClick={() => applyLibraryPose(handles, { kind: p.kind, pose: p.pose, side }, name, t)}
              >
                <img src={thumbnailOf(p.id)} alt="" width={96} height={96} loading="lazy" />
                <span>{name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
