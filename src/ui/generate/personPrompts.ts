import type { TFunction } from 'i18next';
import type { PersonPrompt, QueryPromptRequest } from '../../api/schemas';
import type { OpenPoseJson, Person } from '../../pose';

/** The draft's key of a person's own prompt: their figure id, or their place while they have none. */
export function personKey(person: Person, index: number): string {
  return person.figure?.id || `#${index}`;
}

/** A person as the people list names them: the name given, else "Person n". */
export function personLabel(t: TFunction, name: string | undefined, index: number): string {
  return name || t('editor.entity.person', { n: index + 1 });
}

/** The request's person prompts: each person of the pose whose own prompt in the draft is not blank, by their figure id (their place while they have none). */
export function personPromptsRequest(people: Person[], drafts: Record<string, string>): NonNullable<QueryPromptRequest['person_prompts']> {
  return people.flatMap((person, index) => {
    const prompt = drafts[personKey(person, index)]?.trim();
    return prompt ? [{ person: person.figure?.id || index, prompt }] : [];
  });
}

/** A request's person prompts by place, as the server keeps them: an id is looked up among the request pose's figures. */
export function requestPersonPrompts(request: QueryPromptRequest): PersonPrompt[] {
  const figures = (request.pose as OpenPoseJson).posecraft_figures?.people ?? [];
  return (request.person_prompts ?? []).map(({ person, prompt }) => ({
    person: typeof person === 'number' ? person : figures.findIndex((f) => f.id === person),
    prompt,
  }));
}

/** The draft's texts for a pose's people from a request's person prompts (a past prompt used again). */
export function personPromptsDraft(people: Person[], prompts: PersonPrompt[] | undefined): Record<string, string> {
  const drafts: Record<string, string> = {};
  for (const { person, prompt } of prompts ?? []) if (people[person]) drafts[personKey(people[person], person)] = prompt;
  return drafts;
}
