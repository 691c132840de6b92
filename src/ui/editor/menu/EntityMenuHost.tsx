import { lazy, Suspense, useEffect, useState } from 'react';
import { hitTest } from '../../../canvas/hitTest';
import { toDoc } from '../../../canvas/view';
import { sameEntity, type EntityRef } from '../../../editor/model/scene';
import { useEditorHandles } from '../EditorContext';
import type { MenuRequest } from './EntityMenuContent';
import { useLongPress } from './useLongPress';

const EntityMenuContent = lazy(() => import('./EntityMenuContent'));

/** The person or animal under a page point: a people list row, or what the canvas shows there. */
function useEntityAt() {
  const { actor, view } = useEditorHandles();
  return (target: EventTarget | null, x: number, y: number): EntityRef | null => {
    if (!(target instanceof Element)) return null;
    const row = target.closest<HTMLElement>('[data-entity]')?.dataset.entity;
    if (row) {
      const [kind, index] = row.split(':');
      return { kind: kind as EntityRef['kind'], index: Number(index) };
    }
    const stage = target.closest<HTMLElement>('.pose-stage');
    if (!stage) return null;
    const box = stage.getBoundingClientRect();
    const { scene, selection } = actor.getSnapshot().context;
    const doc = toDoc(view.current, { x: x - box.left, y: y - box.top });
    const hit = hitTest(scene, selection, doc, { zoom: view.current.scale, coarse: matchMedia('(pointer: coarse)').matches });
    if (hit.kind === 'entity' || hit.kind === 'bone') return hit.entity;
    if (hit.kind === 'joint') return hit.joint.entity;
    return null;
  };
}

/**
 * Opens the context menu of the person or animal under a right click or a long press, on the
 * canvas or in the people list; the menu's code loads the first time it opens.
 */
export function EntityMenuHost() {
  const { actor } = useEditorHandles();
  const entityAt = useEntityAt();
  const [request, setRequest] = useState<MenuRequest | null>(null);
  const open = (target: EventTarget | null, x: number, y: number): boolean => {
    const ref = entityAt(target, x, y);
    if (!ref) return false;
    const { selection } = actor.getSnapshot().context;
    // The menu acts on this entity: select it, unless it is already part of the selection.
    if (!selection.entities.some((r) => sameEntity(r, ref))) actor.send({ type: 'SELECT', selection: { entities: [ref], joint: null } });
    setRequest((r) => ({ x, y, kind: ref.kind, seq: (r?.seq ?? 0) + 1 }));
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
