import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAction, runAction } from '../../../editor/actions/registry';
import { moveEntity, setName } from '../../../editor/model/entities';
import { entityName, type EntityRef } from '../../../editor/model/scene';
import { actionStateOf, useEditorHandles } from '../EditorContext';
import { entityLabel } from '../jointLabel';
import { PersonRow } from './PersonRow';
import { rowsOf, sameRows } from './rowState';

// A finger drags no row and presses no Alt: on a touch screen the hint points to the long-press menu instead.
const COARSE = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/**
 * The people list (layers): every person and animal in draw order (the export's order), with its
 * name, colour, visibility, lock and parts; selecting a row selects it on the canvas and back.
 * Rows reorder by dragging the grip, or Alt+↑ / Alt+↓ on a row.
 */
export function PeopleList() {
  const { t } = useTranslation();
  const { actor, env } = useEditorHandles();
  const rows = useSelector(actor, (s) => rowsOf(s.context.scene, s.context.selection, (ref) => entityLabel(t, s.context.scene, ref)), sameRows);
  const dragged = useRef<EntityRef | null>(null);
  const [dropAt, setDropAt] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);

  const select = (ref: EntityRef) => actor.send({ type: 'SELECT', selection: { entities: [ref], joint: null } });
  const run = (ref: EntityRef, name: string) => {
    select(ref);
    runAction(getAction(name), actionStateOf(actor.getSnapshot()), env);
  };
  const drop = (target: EntityRef) => {
    const from = dragged.current;
    dragged.current = null;
    setDropAt(null);
    if (!from || from.kind !== target.kind || from.index === target.index) return;
    const scene = moveEntity(actor.getSnapshot().context.scene, from, target.index);
    env.send({ type: 'COMMIT', scene, selection: { entities: [target], joint: null } });
  };
  const rename = (ref: EntityRef, name: string) => {
    const scene = actor.getSnapshot().context.scene;
    if (entityName(scene, ref) !== name.trim()) env.send({ type: 'COMMIT', scene: setName(scene, ref, name) });
  };
  const focusRow = (index: number) => list.current?.querySelectorAll<HTMLInputElement>('.person-name')[index]?.focus();

  return (
    <section className="people-list" aria-labelledby="people-list-title">
      <h2 id="people-list-title">{t('editor.people.title')}</h2>
      {rows.length === 0 && <p className="muted">{t('editor.people.empty')}</p>}
      <ul ref={list}>
        {rows.map((row, i) => (
          <PersonRow
            key={row.key}
            row={row}
            dropTarget={dropAt === row.key}
            onSelect={() => select(row.ref)}
            onRun={(name) => run(row.ref, name)}
            onRename={(name) => rename(row.ref, name)}
            onFocusRow={(step) => focusRow(i + step)}
            drag={{
              start: () => (dragged.current = row.ref),
              over: () => dragged.current?.kind === row.ref.kind && setDropAt(row.key),
              drop: () => drop(row.ref),
              end: () => setDropAt(null),
            }}
          />
        ))}
      </ul>
      {rows.length > 1 && <p className="people-hint">{t(COARSE ? 'editor.people.touchHint' : 'editor.people.hint')}</p>}
    </section>
  );
}
