import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARE_PAGE_PREFIX } from '../../api/contract';
import { deletePose, getPose, revokeShare, sharePose, updatePose, type SavedPose } from '../../api/poses';
import { parsePoseJson, type HandSide } from '../../pose';
import { useEditorHandles } from '../editor/EditorContext';
import { poseProblemText } from '../../i18n/poseProblems';
import { notify } from '../notify/notifications';
import type { PoseMerge } from '../../editor/actions/placement';
import { applyLibraryPose, loadLibraryScene } from './applyLibraryPose';
import { parseTags, tagsText } from './tagsText';

interface SavedPoseCardProps {
  item: SavedPose;
  side: HandSide;
  onChanged(): void;
}

/** The full address of a share link on this site. */
const shareUrl = (shareId: string) => `${window.location.origin}${SHARE_PAGE_PREFIX}${shareId}`;

/** One saved pose: apply or load it, rename and re-tag, delete, share, copy its link, stop sharing. */
export function SavedPoseCard({ item, side, onChanged }: SavedPoseCardProps) {
  const { t } = useTranslation();
  const handles = useEditorHandles();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(item.name);
  const [tags, setTags] = useState(tagsText(item.tags));
  // Failures are shown by the HTTP client; the card just stays as it was.
  const attempt = (work: () => Promise<unknown>) => () => void work().then(onChanged, () => undefined);

  // A scene replaces the pose, or with `merge` 'add' joins it beside the figures there; a body, hand or face goes on the selected person.
  const apply = (merge: PoseMerge) =>
    attempt(async () => {
      const { pose } = await getPose(item.id);
      const parsed = parsePoseJson(pose);
      if (!parsed.ok) return notify('error', poseProblemText(parsed.error.problem));
      if (item.kind === 'scene') loadLibraryScene(handles, parsed.document, merge);
      else applyLibraryPose(handles, { kind: item.kind, pose: parsed.document, side }, item.name, t);
    });
  const save = (e: FormEvent) => {
    e.preventDefault();
    attempt(async () => {
      await updatePose(item.id, { name, tags: parseTags(tags) });
      setEditing(false);
    })();
  };
  const remove = attempt(async () => {
    await deletePose(item.id);
    notify('success', t('library.mine.deleted', { name: item.name }));
  });
  const share = attempt(() => sharePose(item.id));
  const revoke = attempt(async () => {
    await revokeShare(item.id);
    notify('success', t('library.mine.revoked', { name: item.name }));
  });
  const copy = () =>
    void navigator.clipboard.writeText(shareUrl(item.share_id!)).then(
      () => notify('success', t('library.mine.copied')),
      () => undefined,
    );

  return (
    <li className="library-card" aria-label={item.name}>
      <button type="button" className="library-item" aria-label={t('library.apply', { name: item.name })} onClick={apply('replace')}>
        <img src={item.thumbnail_url} alt="" width={96} height={96} />
        <span>{item.name}</span>
      </button>
      <p className="library-tags">
        <span className="library-kind">{t(`library.kinds.${item.kind}`)}</span>
        {item.tags.map((tag) => (
          <span key={tag} className="library-tag">
            {tag}
          </span>
        ))}
        {item.share_id && <span className="library-shared">{t('library.mine.shared')}</span>}
      </p>
      {editing ? (
        <form onSubmit={save} className="library-edit">
          <input aria-label={t('library.mine.editName')} value={name} required maxLength={80} onChange={(e) => setName(e.target.value)} />
          <input aria-label={t('library.mine.editTags')} value={tags} onChange={(e) => setTags(e.target.value)} />
          <button type="submit">{t('library.mine.saveEdit')}</button>
          <button type="button" onClick={() => setEditing(false)}>
            {t('library.mine.cancel')}
          </button>
        </form>
      ) : (
        <SavedPoseActions item={item} onAdd={apply('add')} onEdit={() => setEditing(true)} onDelete={remove} onShare={share} onCopy={copy} onRevoke={revoke} />
      )}
      {item.share_id && <input readOnly className="library-link" aria-label={t('library.mine.link')} value={shareUrl(item.share_id)} />}
    </li>
  );
}

interface SavedPoseActionsProps {
  item: SavedPose;
  onAdd(): void;
  onEdit(): void;
  onDelete(): void;
  onShare(): void;
  onCopy(): void;
  onRevoke(): void;
}

/** A saved pose's small buttons: add a scene beside the figures there, rename, delete, share or copy and revoke its link. */
function SavedPoseActions({ item, onAdd, onEdit, onDelete, onShare, onCopy, onRevoke }: SavedPoseActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="library-actions">
      {item.kind === 'scene' && (
        <button type="button" onClick={onAdd} aria-label={t('library.mine.add', { name: item.name })} title={t('library.mine.add', { name: item.name })}>
          ＋
        </button>
      )}
      <button type="button" onClick={onEdit} aria-label={t('library.mine.edit', { name: item.name })}>
        ✎
      </button>
      <button type="button" onClick={onDelete} aria-label={t('library.mine.delete', { name: item.name })}>
        🗑
      </button>
      {item.share_id ? (
        <>
          <button type="button" onClick={onCopy} aria-label={t('library.mine.copy', { name: item.name })}>
            ⧉
          </button>
          <button type="button" onClick={onRevoke} aria-label={t('library.mine.revoke', { name: item.name })}>
            ⊘
          </button>
        </>
      ) : (
        <button type="button" onClick={onShare} aria-label={t('library.mine.share', { name: item.name })}>
          ↗
        </button>
      )}
    </div>
  );
}
