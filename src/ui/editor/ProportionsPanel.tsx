import * as RadixToolbar from '@radix-ui/react-toolbar';
import { useSelector } from '@xstate/react';
import { PersonStanding } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Person } from '../../pose';
import { updateEntities } from '../../editor/model/entities';
import type { EntityRef } from '../../editor/model/scene';
import { soleEditablePerson } from '../../editor/model/selection';
import { presetActionName } from '../../editor/actions/posingActions';
import { matchProportions, measure, PRESETS, PROPORTIONS, setProportion } from '../../editor/posing/proportions';
import { ActionButton } from './ActionButton';
import { entityLabel } from './jointLabel';
import { useEditorHandles } from './EditorContext';
import { NumberField } from './NumberField';
import { lazyChunk, useChunk } from '../useChunk';

const popoverChunk = lazyChunk(() => import('./ProportionsPopover'));

/** The Proportions button of the posing tools; its popover holds the panel (a popover, so the stage never changes size), loaded on the first intent to open it. */
export function ProportionsButton() {
  const { t } = useTranslation();
  const { actor } = useEditorHandles();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const popoverId = useId();
  const enabled = useSelector(actor, (s) => soleEditablePerson(s.context.scene, s.context.selection) !== null);
  const label = t('editor.proportions.title');
  const ProportionsPopover = useChunk(popoverChunk, wanted)?.default;
  const preload = () => void popoverChunk.load().catch(() => undefined);
  return (
    <>
      <RadixToolbar.Button
        ref={button}
        className="tool-icon"
        aria-label={label}
        data-tip={label}
        disabled={!enabled}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen((o) => !o);
        }}
      >
        <PersonStanding aria-hidden size={18} strokeWidth={1.75} />
      </RadixToolbar.Button>
      {ProportionsPopover && <ProportionsPopover open={open} onOpenChange={setOpen} button={button} id={popoverId} label={label} />}
    </>
  );
}

/** Proportions of the selected person: five lengths in pixels, presets, and "match proportions of" another person. */
export function ProportionsPanel() {
  const { t } = useTranslation();
  const { actor } = useEditorHandles();
  const index = useSelector(actor, (s) => soleEditablePerson(s.context.scene, s.context.selection));
  const person = useSelector(actor, (s) => (index === null ? undefined : s.context.scene.pose.people[index]));
  // The other people's labels, as one string so a drag elsewhere does not render this again.
  const labels = useSelector(actor, (s) => s.context.scene.pose.people.map((_, i) => entityLabel(t, s.context.scene, { kind: 'person', index: i })).join('\n'));
  if (index === null || !person) return null;
  const ref: EntityRef = { kind: 'person', index };
  const commit = (change: (p: Person) => Person) => {
    const { scene } = actor.getSnapshot().context;
    actor.send({ type: 'COMMIT', scene: updateEntities(scene, [ref], { person: change }) });
  };
  const sizes = measure(person);
  const others = labels
    .split('\n')
    .map((name, i) => ({ name, i }))
    .filter(({ i }) => i !== index);
  return (
    <div className="editor-proportions" role="group" aria-label={t('editor.proportions.title')}>
      <strong>{t('editor.proportions.title')}</strong>
      {PROPORTIONS.map((which) => (
        <NumberField key={which} label={t(`editor.proportions.${which}`)} value={sizes[which]} onCommit={(v) => commit((p) => setProportion(p, which, v))} />
      ))}
      <div className="tool-group" role="group" aria-label={t('editor.proportions.presets')}>
        {PRESETS.map((preset) => (
          <ActionButton key={preset} name={presetActionName(preset)} />
        ))}
      </div>
      {others.length > 0 && (
        <label>
          {t('editor.proportions.match')}{' '}
          <select
            value=""
            onChange={(e) => {
              const model = actor.getSnapshot().context.scene.pose.people[Number(e.target.value)];
              if (model) commit((p) => matchProportions(p, model));
            }}
          >
            <option value="">{t('editor.proportions.matchNone')}</option>
            {others.map(({ name, i }) => (
              <option key={i} value={i}>
                {name}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
