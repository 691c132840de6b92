import { Eye, EyeOff, GripVertical, Hand, Lock, LockOpen, Smile } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CHIP_COLOURS, type RowState } from './rowState';

interface PersonRowProps {
  row: RowState;
  dropTarget: boolean;
  onSelect(): void;
  /** Selects this row's entity and runs a registered action on it. */
  onRun(action: string): void;
  onRename(name: string): void;
  /** Moves the keyboard focus to the row `step` away. */
  onFocusRow(step: -1 | 1): void;
  drag: { start(): void; over(): void; drop(): void; end(): void };
}

interface ToggleProps {
  label: string;
  pressed: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}

function Toggle({ label, pressed, disabled, onClick, children }: ToggleProps) {
  return (
    <button type="button" className="row-toggle" aria-label={label} aria-pressed={pressed} disabled={disabled} title={label} onClick={onClick}>
      {children}
    </button>
  );
}

const ICON = { 'aria-hidden': true, size: 16 } as const;

/** One person or animal of the people list: grip, colour, editable name, and its toggles. */
export function PersonRow({ row, dropTarget, onSelect, onRun, onRename, onFocusRow, drag }: PersonRowProps) {
  const { t } = useTranslation();
  const label = row.label;
  const [draft, setDraft] = useState(row.name);
  // Only a name the user typed is committed on blur, never a draft left over from a row that moved.
  const dirty = useRef(false);
  useEffect(() => {
    dirty.current = false;
    setDraft(row.name);
  }, [row.name, row.key]);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      const step = e.key === 'ArrowUp' ? -1 : 1;
      onRun(step < 0 ? 'reorderUp' : 'reorderDown');
      // The entity moved one row; the focus follows it there.
      requestAnimationFrame(() => onFocusRow(step));
    } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      onFocusRow(e.key === 'ArrowUp' ? -1 : 1);
    } else if (e.key === 'Enter') {
      e.currentTarget.blur();
    } else if (e.key === 'Escape') {
      dirty.current = false;
      setDraft(row.name);
    }
  };
  const icon = ICON;
  return (
    <li
      className={`person-row${row.selected ? ' selected' : ''}${dropTarget ? ' drop-target' : ''}`}
      data-entity={row.key}
      onDragOver={(e) => {
        e.preventDefault();
        drag.over();
      }}
      onDrop={(e) => {
        e.preventDefault();
        drag.drop();
      }}
    >
      <span
        className="row-grip"
        draggable
        onDragStart={(e) => {
          e.dataTransfer.setData('text/plain', row.key);
          drag.start();
        }}
        onDragEnd={drag.end}
        aria-hidden
      >
        <GripVertical {...icon} />
      </span>
      <span className="row-chip" style={{ background: CHIP_COLOURS[row.ref.index % CHIP_COLOURS.length] }} aria-hidden />
      <input
        className="person-name"
        value={draft}
        placeholder={row.name ? undefined : label}
        aria-label={t('editor.people.name', { name: label })}
        aria-current={row.selected ? 'true' : undefined}
        onFocus={onSelect}
        onChange={(e) => {
          dirty.current = true;
          setDraft(e.target.value);
        }}
        onBlur={() => {
          if (dirty.current) onRename(draft);
          dirty.current = false;
        }}
        onKeyDown={onKeyDown}
      />
      <RowToggles row={row} onRun={onRun} />
    </li>
  );
}

/** A row's toggles: visibility, lock, and for a person hands and face; each runs its registered action. */
function RowToggles({ row, onRun }: Pick<PersonRowProps, 'row' | 'onRun'>) {
  const { t } = useTranslation();
  const { label } = row;
  const icon = ICON;
  return (
    <>
      <Toggle label={t('editor.people.visible', { name: label })} pressed={row.shown} disabled={row.locked} onClick={() => onRun('toggleVisible')}>
        {row.shown ? <Eye {...icon} /> : <EyeOff {...icon} />}
      </Toggle>
      <Toggle label={t('editor.people.locked', { name: label })} pressed={row.locked} onClick={() => onRun('lock')}>
        {row.locked ? <Lock {...icon} /> : <LockOpen {...icon} />}
      </Toggle>
      {row.hands !== undefined && (
        <Toggle label={t('editor.people.hands', { name: label })} pressed={row.hands} disabled={row.locked} onClick={() => onRun('toggleHands')}>
          <Hand {...icon} />
        </Toggle>
      )}
      {row.face !== undefined && (
        <Toggle label={t('editor.people.face', { name: label })} pressed={!!row.face} disabled={row.locked} onClick={() => onRun('toggleFace')}>
          <Smile {...icon} />
        </Toggle>
      )}
    </>
  );
}
