import type Konva from 'konva';
import { memo, useMemo } from 'react';
import { Shape } from './konvaCore';
import type { Animal, Person } from '../pose';
import type { Part } from '../editor/model/joints';
import type { EntityKind } from '../editor/model/scene';
import type { EntityDrawAttrs } from './draw/drawAttrs';
import { drawEntity } from './draw/drawEntity';
import { registerShape, type ShapeRegistry } from './shapeRegistry';

interface EntityShapeProps {
  registry: ShapeRegistry;
  entityKey: string;
  entity: Person | Animal;
  kind: EntityKind;
  selected: boolean;
  locked: boolean;
  focusPart: Part | null;
  focusIndex: number;
}

// Reads everything from the node's attrs, so a drag can change `entity` and hover with setAttr alone.
function sceneFunc(context: Konva.Context, shape: Konva.Shape): void {
  drawEntity(context._context, shape.attrs as EntityDrawAttrs, shape.getStage()?.scaleX() ?? 1);
}

/** One person or animal: a single Konva shape drawn by src/canvas/draw, hit-tested by hitTest.ts rather than Konva. */
export const EntityShape = memo(function EntityShape(props: EntityShapeProps) {
  const { registry, entityKey, focusPart, focusIndex } = props;
  const ref = useMemo(() => registerShape(registry, entityKey), [registry, entityKey]);
  const focus = useMemo(() => (focusPart ? { part: focusPart, index: focusIndex } : null), [focusPart, focusIndex]);
  return (
    <Shape
      ref={ref}
      listening={false}
      perfectDrawEnabled={false}
      sceneFunc={sceneFunc}
      entity={props.entity}
      kind={props.kind}
      selected={props.selected}
      locked={props.locked}
      focus={focus}
    />
  );
});
