import { lazy, Suspense, useEffect, useState } from 'react';
import { hitTest } from '../../../canvas/hitTest';
import { toDoc } from '../../../canvas/view';
import { sameEntity, type EntityRef } from '../../../editor/model/scene';
import { useEditorHandles } from '../EditorContext';
import type { Selection } from '../../../editor/model/selection';
import type { MenuRequest, MenuTarget } from './EntityMenuContent';
import { useLongPress } from './useLongPress';

const EntityMenuContent = lazy(() => import('./EntityMenuContent'));

/** What a menu opened at a page point is for: a people list row, or the joint, figure or empty canvas there; the selection it acts on. */
function useMenuTargetAt() {
  const { actor, view } = useEditorHandles();
  return (target: EventTarget | null, x: number, y: number): { target: MenuTarget; selection: Selection | null } | null => {
    if (!(target instanceof Element)) return null;
    const row = target.closest<HTMLElement>('[data-entity]')?.dataset.entity;
    const forEntity = (ref: EntityRef) => {
      const { selection } = actor.getSnapshot().context;
      // The menu acts on this entity: it is selected, unless it is already part of the selection.
      const keep = selection.entities.some((r) => sameEntity(r, ref));
      return { target: { on: 'entity' as const, kind: ref.kind }, selection: keep ? null : { entities: [ref], joint: null } };
    };
    if (row) {
      const [kind, index] = row.split(':');
      return forEntity({ kind: kind as EntityRef['kind'], index: Number(index) });
    }
    const stage = target.closest<HTMLElement>('.pose-stage');
    if (!stage) return null;
    const box = stage.getBoundingClientRect();
    const { scene, selection } = actor.getSnapshot().context;
    const doc = toDoc(view.current, { x: x - box.left, y: y - box.top });
    const hit = hitTest(scene, selection, doc, { zoom: view.current.scale, coarse: matchMedia('(pointer: coarse)').matches });
    if (hit.kind === 'entity' || hit.kind === 'bone') return forEntity(hit.entity);
    if (hit.kind === 'joint') return { target: { on: 'joint', kind: hit.joint.entity.kind }, selection: { entities: [hit.joint.entity], joint: hit.joint } };
    return { target: { on: 'canvas' }, selection: null };
  };
}

/**
 * Opens the context menu of what is under a right click or a long press: a joint (pin, hide), a
 * person or animal (on the canvas or in the people list), or the empty canvas; the menu's code
 * loads the first time it opens.
 */
export function EntityMenuHost() {
  const { actor } = useEditorHandles();
  const menuTargetAt = useMenuTargetAt();
  const [request, setRequest] = useState<MenuRequest | null>(null);
  const open = (at: EventTarget | null, x: number, y: number): boolean => {
    const found = menuTargetAt(at, x, y);
    if (!found) return false;
    if (found.selection) actor.send({ type: 'SELECT', selection: found.selection });
    setRequest((r) => ({ ...found.target, x, y, seq: (r?.seq ?? 0) + 1 }));
    return true;
  };
  useEffect(() => {
    const onContextMenu = (e: MouseEvent) => {
      if (e.target instanceof Element && e.target.closest('.entity-menu-anchor')) return;
      if (open(e.target, e.clientX, e.clientY)) e.preventDefault();
    };
    document.addEventListener('contextmenu', onContextMenu);
    return () => document.removeEventListener('contextmenu', onContextMenu);
  });
  useLongPress((target, x, y) => open(target, x, y));
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <EntityMenuContent request={request} />
    </Suspense>
  );
}
