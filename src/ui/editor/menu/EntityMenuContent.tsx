import * as ContextMenu from '@radix-ui/react-context-menu';
import { useEffect, useRef } from 'react';
import type { EntityKind } from '../../../editor/model/scene';
import { TOOL_GROUPS } from '../Toolbar';
import { ActionMenuItem } from '../toolbar/ActionMenuItem';

/** Where to open the menu and for what; `seq` tells two requests at one point apart. */
export interface MenuRequest {
  x: number;
  y: number;
  kind: EntityKind;
  seq: number;
}

const ICONS = new Map(TOOL_GROUPS.flatMap((g) => g.items));
/** The registered actions that apply to one person or animal, in menu order ('-' separates groups). */
const ENTITY_ITEMS = ['duplicate', 'delete', '-', 'flip', 'mirrorLeftToRight', 'mirrorRightToLeft', 'rotateLeft', 'rotateRight', '-', 'toggleVisible', 'lock', 'toggleHands', 'toggleFace', '-', 'reorderUp', 'reorderDown'];
const PEOPLE_ONLY = new Set(['mirrorLeftToRight', 'mirrorRightToLeft', 'toggleHands', 'toggleFace']);

/**
 * The context menu of a person or animal (Radix ContextMenu), opened at a point by the host: the
 * host has already selected the entity, so every item runs its registered action on it.
 */
export default function EntityMenuContent({ request }: { request: MenuRequest }) {
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    // Radix opens its menu from a contextmenu event on its trigger, at the event's point.
    anchor.current?.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: request.x, clientY: request.y }));
  }, [request]);
  const items = ENTITY_ITEMS.filter((name) => request.kind === 'person' || !PEOPLE_ONLY.has(name));
  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger asChild>
        <span ref={anchor} className="entity-menu-anchor" aria-hidden />
      </ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className="action-menu" collisionPadding={8}>
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
