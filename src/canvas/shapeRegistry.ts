import type Konva from 'konva';

/** The live Konva shape of each entity, by entity key, so a drag can update it without React. */
export type ShapeRegistry = Map<string, Konva.Shape>;

/** A React 19 callback ref that keeps the registry pointing at the mounted shape of `key`. */
export function registerShape(registry: ShapeRegistry, key: string) {
  return (node: Konva.Shape | null) => {
    if (!node) return;
    registry.set(key, node);
    // The entity may move between the scene and active layers: only forget the node that unmounts.
    return () => {
      if (registry.get(key) === node) registry.delete(key);
    };
  };
}
