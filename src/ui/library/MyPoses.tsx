import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVED_POSE_KINDS, type SavedPoseKind } from '../../api/contract';
import { listPoses, type SavedPose } from '../../api/poses';
import type { HandSide } from '../../pose';
import { openSignIn, useAuth } from '../auth/appSession';
import { SaveForm } from './SaveForm';
import { SavedPoseCard } from './SavedPoseCard';

/** The signed-in user's library: save, search by name and tag, filter by kind, and each pose's actions. */
export function MyPoses({ side }: { side: HandSide }) {
  const { t } = useTranslation();
  const { state } = useAuth();
  const signedIn = state === 'signedIn' || state === 'refreshing';
  const [query, setQuery] = useState('');
  const [tag, setTag] = useState('');
  const [kind, setKind] = useState<SavedPoseKind | ''>('');
  const [items, setItems] = useState<SavedPose[] | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!signedIn) return;
    const abort = new AbortController();
    listPoses({ q: query.trim() || undefined, tag: tag.trim() || undefined, kind: kind || undefined }, abort.signal).then(
      (list) => setItems(list.items),
      () => undefined,
    );
    return () => abort.abort();
  }, [signedIn, query, tag, kind, version]);

  if (!signedIn) {
    return (
      <div className="library-panel">
        <p>{t('library.signIn')}</p>
        <button type="button" className="button-primary" onClick={openSignIn}>
          {t('library.signInButton')}
        </button>
      </div>
    );
  }
  const reload = () => setVersion((v) => v + 1);
  return (
    <div className="library-panel">
      <SaveForm onSaved={reload} />
      <div className="library-filters">
        <input type="search" aria-label={t('library.search')} placeholder={t('library.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
        <input aria-label={t('library.tagFilter')} placeholder={t('library.tagFilter')} value={tag} onChange={(e) => setTag(e.target.value)} />
        <select aria-label={t('library.filter')} value={kind} onChange={(e) => setKind(e.target.value as SavedPoseKind | '')}>
          <option value="">{t('library.filters.all')}</option>
          {SAVED_POSE_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`library.filters.${k}`)}
            </option>
          ))}
        </select>
      </div>
      {items?.length === 0 && <p className="muted">{t('library.mine.empty')}</p>}
      <ul className="library-grid library-mine" aria-label={t('library.mine.list')}>
        {items?.map((item) => (
          <SavedPoseCard key={`${item.id}:${item.updated_at}`} item={item} side={side} onChanged={reload} />
        ))}
      </ul>
    </div>
  );
}
