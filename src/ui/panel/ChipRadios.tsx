/** One choice of a chip radio group: its value, what it shows, and an optional hint. */
export interface ChipOption<T> {
  value: T;
  label: string;
  hint?: string;
}

/** A row of chips of which exactly one is chosen (a radio group): the panel's count and frame fit. */
export function ChipRadios<T extends string | number>({ options, value, onChoose }: { options: readonly ChipOption<T>[]; value: T; onChoose(value: T): void }) {
  return (
    <>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          className={`chip${value === option.value ? ' active' : ''}`}
          data-value={option.value}
          title={option.hint}
          onClick={() => onChoose(option.value)}
        >
          {option.label}
        </button>
      ))}
    </>
  );
}
