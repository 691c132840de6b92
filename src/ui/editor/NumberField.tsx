import { useEffect, useState } from 'react';

interface NumberFieldProps {
  label: string;
  value: number;
  onCommit(value: number): void;
}

const shown = (v: number) => String(Math.round(v * 10) / 10);

/** A number input that commits on Enter or blur, and reverts on Escape or anything that is not a number. */
export function NumberField({ label, value, onCommit }: NumberFieldProps) {
  const [draft, setDraft] = useState(shown(value));
  useEffect(() => setDraft(shown(value)), [value]);
  const commit = () => {
    const n = Number(draft.trim());
    if (draft.trim() !== '' && Number.isFinite(n) && shown(n) !== shown(value)) onCommit(n);
    else setDraft(shown(value));
  };
  return (
    <label className="number-field">
      <span>{label}</span>
      <input
        type="text"
        inputMode="decimal"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setDraft(shown(value));
        }}
      />
    </label>
  );
}
