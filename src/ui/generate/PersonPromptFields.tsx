import { useTranslation } from 'react-i18next';
import { PERSON_PROMPT_MAX_LENGTH } from '../../api/contract';
import type { PoseDocument } from '../../pose';
import { useStore } from '../store';
import { PersonRegions } from './PersonRegions';
import { personKey, personLabel } from './personPrompts';
import { promptDraftStore } from './promptDraft';

/** One optional prompt per person of the pose, named as the people list names them, and where each applies; open while any is filled. */
export function PersonPromptFields({ pose }: { pose: PoseDocument }) {
  const { t } = useTranslation();
  const { people } = pose;
  const drafts = useStore(promptDraftStore, (d) => d.personPrompts);
  if (!people.length) return null;
  const filled = people.some((person, i) => drafts[personKey(person, i)]?.trim());
  const setText = (key: string, value: string) => promptDraftStore.set((d) => ({ ...d, personPrompts: { ...d.personPrompts, [key]: value } }));
  return (
    <details className="person-prompts" open={filled || undefined}>
      <summary>{t('generateCards.personPrompts')}</summary>
      <p className="field-hint">{t('generateCards.personPromptsHint')}</p>
      {people.map((person, i) => {
        const key = personKey(person, i);
        return (
          <label className="field" key={key}>
            <span>{t('generateCards.personPrompt', { name: personLabel(t, person.figure?.name, i) })}</span>
            <input
              type="text"
              maxLength={PERSON_PROMPT_MAX_LENGTH}
              value={drafts[key] ?? ''}
              placeholder={t('generateCards.personPromptPlaceholder')}
              onChange={(e) => setText(key, e.target.value)}
            />
          </label>
        );
      })}
      <PersonRegions pose={pose} drafts={drafts} />
    </details>
  );
}
