import * as RadixToolbar from '@radix-ui/react-toolbar';
import { useSelector } from '@xstate/react';
import {
  ArrowLeftFromLine,
  ArrowRightFromLine,
  CircleHelp,
  ClipboardCopy,
  ClipboardPaste,
  CopyPlus,
  EyeOff,
  FileDown,
  FlipHorizontal2,
  FilePlus,
  FolderOpen,
  Hand,
  ImageDown,
  ImageOff,
  ImagePlus,
  Lock,
  PawPrint,
  Redo2,
  Scan,
  Smile,
  SquareSplitHorizontal,
  Trash2,
  Undo2,
  UserPlus,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import { Fragment, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocked } from '../../editor/model/scene';
import { actionStateOf, useEditorHandles } from './EditorContext';
import { OverflowMenu } from './toolbar/OverflowMenu';
import { ToolButton } from './toolbar/ToolButton';
import { overflowOrder, type PressedTest, type ToolGroup, type ToolItem } from './toolbar/toolbarModel';
import { useOverflow } from './toolbar/useOverflow';
import { useToolTip } from './toolbar/useToolTip';

/** The toolbar's buttons by purpose, one line each: a registered action and its icon. */
export const TOOL_GROUPS: readonly ToolGroup[] = [
  {
    id: 'add',
    keep: 2,
    items: [
      ['addPerson', UserPlus],
      ['addAnimal', PawPrint],
      ['duplicate', CopyPlus],
      ['delete', Trash2],
    ],
  },
  {
    id: 'arrange',
    keep: 3,
    items: [
      ['flip', FlipHorizontal2],
      ['mirrorLeftToRight', ArrowRightFromLine],
      ['mirrorRightToLeft', ArrowLeftFromLine],
      ['toggleSymmetry', SquareSplitHorizontal],
      ['lock', Lock],
    ],
  },
  {
    id: 'parts',
    keep: 4,
    items: [
      ['toggleHands', Hand],
      ['toggleFace', Smile],
      ['togglePoint', EyeOff],
    ],
  },
  {
    id: 'history',
    keep: 1,
    items: [
      ['undo', Undo2],
      ['redo', Redo2],
    ],
  },
  {
    id: 'file',
    keep: 5,
    items: [
      ['importJson', FolderOpen],
      ['addJson', FilePlus],
      ['exportJson', FileDown],
      ['copyJson', ClipboardCopy],
      ['pasteJson', ClipboardPaste],
      ['exportPng', ImageDown],
    ],
  },
  {
    id: 'view',
    keep: 6,
    items: [
      ['zoomOut', ZoomOut],
      ['zoomReset', Scan],
      ['zoomIn', ZoomIn],
      ['background', ImagePlus],
      ['clearBackground', ImageOff],
      ['help', CircleHelp],
    ],
  },
];

/** Toggle buttons and whether each is on now. */
export const PRESSED: Record<string, PressedTest> = {
  toggleSymmetry: (s) => s.symmetry,
  lock: (s) => s.selection.entities.length > 0 && s.selection.entities.every((r) => isLocked(s.scene, r)),
};

const ALL_ITEMS: readonly ToolItem[] = TOOL_GROUPS.flatMap((g) => g.items);
const OVERFLOW_ORDER = overflowOrder(TOOL_GROUPS);

/** The editor's toolbar: one row of icon buttons by purpose, each a registered action; what does not fit goes to the More menu. */
export function Toolbar() {
  const { t } = useTranslation();
  const { actor } = useEditorHandles();
  // Encoded as a string so that the toolbar renders again only when a toggle changes.
  const pressedKey = useSelector(actor, (s) => {
    const state = actionStateOf(s);
    return Object.keys(PRESSED)
      .filter((name) => PRESSED[name]!(state))
      .join(' ');
  });
  const pressed = Object.fromEntries(Object.keys(PRESSED).map((name) => [name, pressedKey.split(' ').includes(name)]));
  const row = useRef<HTMLDivElement>(null);
  const hidden = useOverflow(row, OVERFLOW_ORDER);
  const tip = useToolTip();
  const groups = TOOL_GROUPS.map((g) => ({ ...g, items: g.items.filter(([name]) => !hidden.has(name)) })).filter((g) => g.items.length > 0);
  return (
    <RadixToolbar.Root ref={row} className="editor-toolbar" aria-label={t('editor.toolbar')} {...tip.handlers}>
      {groups.map((g, i) => (
        <Fragment key={g.id}>
          {i > 0 && <RadixToolbar.Separator className="tool-separator" />}
          <div className="tool-group" role="group" aria-label={t(`editor.groups.${g.id}`)}>
            {g.items.map(([name, icon]) => (
              <ToolButton key={name} name={name} icon={icon} pressed={pressed[name]} />
            ))}
          </div>
        </Fragment>
      ))}
      {hidden.size > 0 && <OverflowMenu items={ALL_ITEMS.filter(([name]) => hidden.has(name))} pressed={pressed} />}
      {tip.element}
    </RadixToolbar.Root>
  );
}
