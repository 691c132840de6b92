import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { fetchSharedPose, type SharedPose } from '../../api/poses';
import { parsePoseJson } from '../../pose';
import { notify } from '../notify/notifications';
import { replacePose } from '../stores/documentCommands';
import './library.css';

/** /p/:shareId: a shared pose for anyone, signed in or not, with "Open in editor" (a copy into the viewer's own editor). */
export default function SharePage() {
  const { t } = useTranslation();
  const { shareId = '' } = useParams();
  const navigate = useNavigate();
  const [shared, setShared] = useState<SharedPose | null | undefined>(undefined);

  useEffect(() => {
    const abort = new AbortController();
    fetchSharedPose(shareId, abort.signal).then(setShared, (error: Error) => {
      if (!abort.signal.aborted) notify('error', error.message);
    });
    return () => abort.abort();
  }, [shareId]);

  const open = () => {
    const parsed = shared && parsePoseJson(shared.pose);
    if (!parsed || !parsed.ok) return;
    // The shared pose becomes the viewer's document, on its own canvas size.
    replacePose(parsed.document);
    void navigate('/edit');
  };

  if (shared === undefined)
    return (
      <main className="share-page">
        <p>{t('library.share.loading')}</p>
      </main>
    );
  if (shared === null) {
    return (
      <main className="share-page">
        <h1>{t('library.share.notFound')}</h1>
        <Link to="/" className="button-primary">
          {t('library.share.home')}
        </Link>
      </main>
    );
  }
  return (
    <main className="share-page">
      <p className="muted">{t('library.share.title')}</p>
      <h1>{shared.name}</h1>
      <img src={shared.thumbnail_url} alt={t('library.share.thumbnailAlt', { name: shared.name })} width={256} height={256} />
      <p className="library-tags">
        {shared.tags.map((tag) => (
          <span key={tag} className="library-tag">
            {tag}
          </span>
        ))}
      </p>
      <button type="button" className="button-primary" onClick={open}>
        {t('library.share.open')}
      </button>
    </main>
  );
}
