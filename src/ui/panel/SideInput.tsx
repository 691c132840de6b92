import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIZE_MAX, SIZE_MIN } from '../../api/contract';
import { setSide } from '../stores/documentCommands';

interface SideInputProps {
  side: 'width' | 'height';
  label: string;
  value: number;
}

/** Parses what the user typed into a side length, or null when it is not a whole number in range. */
export function parseSide(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= SIZE_MIN && n <= SIZE_MAX ? n : null;
}

/** A slider with a numeric input for one side; invalid typing is refused and the last valid value kept. */
export function SideInput({ side, label, value }: SideInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setDraft(String(value));
    setInvalid(false);
  }, [value]);

  const onType = (text: string) => {
    setDraft(text);
    const n = parseSide(text);
    setInvalid(n === null);
    if (n !== null) setSide(side, n);
  };

  return (
    <div className="side-input" data-side={side}>
      <label htmlFor={`${id}-number`}>{label}</label>
      <div className="side-input-row">
        <input type="range" min={SIZE_MIN} max={SIZE_MAX} step={1} value={value} aria-label={label} onChange={(e) => setSide(side, Number(e.target.value))} />
        <input
          id={`${id}-number`}
          type="text"
          inputMode="numeric"
          value={draft}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(e) => onType(e.target.value)}
          onBlur={() => {
            setDraft(String(value));
          }}
        />
      </div>
      {invalid && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t('panel.sizeInvalid', { min: SIZE_MIN, max: SIZE_MAX, value })}
        </p>
      )}
    </div>
  );
}
