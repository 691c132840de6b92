import type { TFunction } from 'i18next';
import type { PersonPrompt } from '../../api/schemas';
import type { Person } from '../../pose';

/** The draft's key of a person's own prompt: their figure id, or their place while they have none. */
export function personKey(person: Person, index: number): string {
  return person.figure?.id || `#${index}`;
}

/** A person as the people list names them: the name given, else "Person n". */
export function personLabel(t: TFunction, name: string | undefined, index: number): string {
  return name || t('editor.entity.person', { n: index + 1 });
}

/** The request's person prompts: each person of the pose whose own prompt in the draft is not blank, by their place. */
export function personPromptsRequest(people: Person[], drafts: Record<string, string>): PersonPrompt[] {
  return people.flatMap((person, index) => {
    const prompt = drafts[personKey(person, index)]?.trim();
    return prompt ? [{ person: index, prompt }] : [];
  });
}

/** The draft's texts for a pose's people from a request's person prompts (a past prompt used again). */
export function personPromptsDraft(people: Person[], prompts: PersonPrompt[] | undefined): Record<string, string> {
  const drafts: Record<string, string> = {};
  for (const { person, prompt } of prompts ?? []) if (people[person]) drafts[personKey(people[person], person)] = prompt;
  return drafts;
}
