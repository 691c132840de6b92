import * as ContextMenu from '@radix-ui/react-context-menu';
import { useEffect, useRef } from 'react';
import type { EntityKind } from '../../../editor/model/scene';
import { POSING_TOOLS } from '../PosingToolbar';
import { TOOL_GROUPS } from '../Toolbar';
import { ActionMenuItem } from '../toolbar/ActionMenuItem';

/** What a menu is for: a joint, a person or animal (a limb, its box or its list row), or the empty canvas. */
export type MenuTarget = { on: 'joint'; kind: EntityKind } | { on: 'entity'; kind: EntityKind } | { on: 'canvas' };

/** Where to open the menu and for what; `seq` tells two requests at one point apart. */
export type MenuRequest = MenuTarget & { x: number; y: number; seq: number };

const ICONS = new Map([...TOOL_GROUPS.flatMap((g) => g.items), ...POSING_TOOLS]);
/** The registered actions of each menu, in menu order ('-' separates groups). */
const MENU_ITEMS: Record<MenuTarget['on'], string[]> = {
  // A joint: what belongs to the point first (pin it, hide it), then its owner's most used.
  joint: ['togglePin', 'togglePoint', 'flipBend', 'flipLimbDepth', '-', 'toggleVisible', 'lock', '-', 'duplicate', 'delete'],
  entity: [
    'duplicate',
    'delete',
    '-',
    'flip',
    'mirrorLeftToRight',
    'mirrorRightToLeft',
    'rotateLeft',
    'rotateRight',
    '-',
    'toggleVisible',
    'lock',
    'toggleHands',
    'toggleFace',
    '-',
    'reorderUp',
    'reorderDown',
  ],
  // The exports too: on a touch screen, with no keys for their shortcuts, this menu is where the maps are.
  canvas: [
    'addPerson',
    'addAnimal',
    '-',
    'selectAll',
    'pasteJson',
    '-',
    'exportPng',
    'exportDepthPng',
    'exportNormalPng',
    'exportWanAnimatePng',
    'exportScailPng',
    '-',
    'zoomReset',
  ],
};
const PEOPLE_ONLY = new Set(['mirrorLeftToRight', 'mirrorRightToLeft', 'toggleHands', 'toggleFace', 'togglePin', 'flipLimbDepth']);

/**
 * The context menu of a joint, a person or animal, or the empty canvas (Radix ContextMenu), opened
 * at a point by the host: the host has already selected what it is for, so every item runs its
 * registered action on it.
 */
export default function EntityMenuContent({ request }: { request: MenuRequest }) {
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    // Radix opens its menu from a contextmenu event on its trigger, at the event's point.
    anchor.current?.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: request.x, clientY: request.y }));
  }, [request]);
  const items = MENU_ITEMS[request.on].filter((name) => request.on === 'canvas' || request.kind === 'person' || !PEOPLE_ONLY.has(name));
  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger asChild>
        <span ref={anchor} className="entity-menu-anchor" aria-hidden />
      </ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className="action-menu" collisionPadding={8} data-menu-for={request.on}>
          {items.map((name, i) =>
            name === '-' ? (
              <ContextMenu.Separator key={`-${i}`} className="action-menu-separator" />
            ) : (
              <ActionMenuItem key={name} Item={ContextMenu.Item} name={name} icon={ICONS.get(name)} />
            ),
          )}
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}
