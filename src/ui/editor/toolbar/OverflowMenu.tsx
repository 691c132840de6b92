import * as RadixToolbar from '@radix-ui/react-toolbar';
import { Ellipsis } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolItem } from './toolbarModel';

const loadMenu = () => import('./OverflowMenuContent');
const OverflowMenuContent = lazy(loadMenu);

interface OverflowMenuProps {
  items: readonly ToolItem[];
  pressed: Partial<Record<string, boolean>>;
}

/** The "More tools" button at the end of the toolbar and its menu; the menu's chunk loads on the first intent to open it. */
export function OverflowMenu({ items, pressed }: OverflowMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => void loadMenu();
  return (
    <span className="tool-more">
      <RadixToolbar.Button
        ref={button}
        className="tool-icon"
        aria-label={t('editor.moreTools')}
        aria-haspopup="menu"
        aria-expanded={open}
        data-tip={t('editor.moreTools')}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen((o) => !o);
        }}
      >
        <Ellipsis aria-hidden size={18} />
      </RadixToolbar.Button>
      {wanted && (
        <Suspense fallback={null}>
          <OverflowMenuContent items={items} pressed={pressed} open={open} onOpenChange={setOpen} button={button} />
        </Suspense>
      )}
    </span>
  );
}
