import * as Tooltip from '@radix-ui/react-tooltip';

/** What the tooltip shows and where: the button it names. */
export interface TipTarget {
  rect: DOMRect;
  label: string;
  shortcut: string;
}

interface ToolTipProps {
  target: TipTarget | null;
  /** Where the tip shows: under a row of buttons, beside a column of them. */
  side: 'bottom' | 'right';
}

/**
 * The toolbar's one Radix tooltip: it names the button under the pointer or keyboard focus and its
 * shortcut. One tooltip anchored to that button, rather than one per button, so the toolbar can
 * render before this chunk loads.
 */
export default function ToolTip({ target, side }: ToolTipProps) {
  const rect = target?.rect;
  return (
    <Tooltip.Provider delayDuration={0}>
      <Tooltip.Root open={!!target}>
        <Tooltip.Trigger asChild>
          <span className="tool-tip-anchor" aria-hidden style={rect ? { left: rect.left, top: rect.top, width: rect.width, height: rect.height } : undefined} />
        </Tooltip.Trigger>
        <Tooltip.Portal>
          {target && (
            <Tooltip.Content className="tool-tip" side={side} sideOffset={6} collisionPadding={8}>
              {target.label}
              {target.shortcut && <kbd>{target.shortcut}</kbd>}
              <Tooltip.Arrow className="tool-tip-arrow" />
            </Tooltip.Content>
          )}
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
