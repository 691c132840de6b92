import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { savePose } from '../../api/poses';
import { targetPerson } from '../../editor/library/targetPerson';
import { toOpenPoseJson } from '../../pose';
import { useEditorHandles } from '../editor/EditorContext';
import { notify } from '../notify/notifications';
import { parseTags } from './tagsText';

/** Saves the whole scene or the selected person to the user's library, with a name and tags. */
export function SaveForm({ onSaved }: { onSaved(): void }) {
  const { t } = useTranslation();
  const { actor } = useEditorHandles();
  const person = useSelector(actor, (s) => targetPerson(s.context.scene, s.context.selection));
  const [name, setName] = useState('');
  const [tags, setTags] = useState('');
  const [what, setWhat] = useState<'scene' | 'person'>('scene');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { pose } = actor.getSnapshot().context.scene;
    const single = what === 'person' && person !== null;
    const doc = single ? { ...pose, people: [pose.people[person]], animals: [] } : pose;
    setBusy(true);
    try {
      const saved = await savePose({ name, tags: parseTags(tags), kind: single ? 'body' : 'scene', pose: toOpenPoseJson(doc) });
      notify('success', t('library.save.saved', { name: saved.name }));
      setName('');
      setTags('');
      onSaved();
    } catch {
      // The HTTP client has shown the server's reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="library-save" onSubmit={submit} aria-label={t('library.save.title')}>
      <h3>{t('library.save.title')}</h3>
      <label>
        {t('library.save.name')}
        <input required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        {t('library.save.tags')}
        <input value={tags} onChange={(e) => setTags(e.target.value)} />
      </label>
      <fieldset>
        <legend>{t('library.save.what')}</legend>
        <label>
          <input type="radio" name="library-save-what" checked={what === 'scene'} onChange={() => setWhat('scene')} />
          {t('library.save.scene')}
        </label>
        <label>
          <input type="radio" name="library-save-what" checked={what === 'person'} disabled={person === null} onChange={() => setWhat('person')} />
          {t('library.save.person')}
        </label>
      </fieldset>
      <button type="submit" className="button-primary" disabled={busy || !name.trim()}>
        {t('library.save.submit')}
      </button>
    </form>
  );
}
