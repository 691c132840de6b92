import { useSelector } from '@xstate/react';
import type Konva from 'konva';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Layer, Rect, Stage } from './konvaCore';
import type { ActorRefFrom } from 'xstate';
import type { editorMachine } from '../machines/editor.machine';
import { isLocked, listEntities, sameEntity, shapeKey } from '../editor/model/scene';
import { isSelected, soleEditablePerson } from '../editor/model/selection';
import { BackgroundLayer } from './BackgroundLayer';
import { EntityShape } from './EntityShape';
import { PointerController } from './gestures/pointerController';
import { PALETTE } from './draw/palette';
import { SelectionOverlay } from './SelectionOverlay';
import type { ShapeRegistry } from './shapeRegistry';
import { useElementSize } from './useElementSize';
import { useStageState } from './useStageState';
import type { ViewController } from './viewController';

interface PoseStageProps {
  actor: ActorRefFrom<typeof editorMachine>;
  view: ViewController;
  background: { image: string | null; opacity: number };
  label: string;
}

/** The pose canvas: background, the scene, the active (dragged) layer and the selection overlay. No layer listens: hitTest.ts picks. */
export function PoseStage({ actor, view, background, label }: PoseStageProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const marqueeRef = useRef<Konva.Rect>(null);
  const [registry] = useState<ShapeRegistry>(() => new Map());
  const [controller, setController] = useState<PointerController | null>(null);
  const size = useElementSize(containerRef);
  const { scene, selection, active, handlesBox } = useStageState(actor);
  const { canvas_width: width, canvas_height: height } = scene.pose;
  // The gesture in progress (idle, pointing, dragging, brushing, panning), for tests and tools that watch the page.
  const mode = useSelector(actor, (s) => String(s.value));

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const c = new PointerController({ actor, view, registry, container, marquee: () => marqueeRef.current });
    setController(c);
    return c.attach();
  }, [actor, view, registry]);

  useLayoutEffect(() => {
    view.attach(stageRef.current, containerRef.current);
    if (size) view.setFrame({ width, height }, size);
  }, [view, size, width, height]);

  // Shapes that just moved to the active layer show the drag's latest position at once.
  useLayoutEffect(() => controller?.preview.reapply(), [controller, active]);

  const shapes = listEntities(scene).map((ref) => {
    const key = shapeKey(scene, ref);
    const joint = selection.joint && sameEntity(selection.joint.entity, ref) ? selection.joint : null;
    const shape = (
      <EntityShape
        key={key}
        registry={registry}
        entityKey={key}
        entity={ref.kind === 'person' ? scene.pose.people[ref.index]! : scene.pose.animals[ref.index]!}
        kind={ref.kind}
        selected={isSelected(selection, ref)}
        locked={isLocked(scene, ref)}
        focusPart={joint?.part ?? null}
        focusIndex={joint?.index ?? -1}
      />
    );
    return { shape, activeNow: active.includes(key) };
  });

  return (
    <div ref={containerRef} className="pose-stage" tabIndex={0} role="application" aria-label={label} data-state={mode}>
      {size && (
        <Stage ref={stageRef} width={size.width} height={size.height} listening={false}>
          <BackgroundLayer width={width} height={height} image={background.image} opacity={background.opacity} />
          <Layer listening={false}>{shapes.filter((s) => !s.activeNow).map((s) => s.shape)}</Layer>
          <Layer listening={false}>{shapes.filter((s) => s.activeNow).map((s) => s.shape)}</Layer>
          <Layer listening={false}>
            <SelectionOverlay box={handlesBox} group={selection.entities.length > 1} turnable={soleEditablePerson(scene, selection) !== null} />
            <Rect ref={marqueeRef} visible={false} stroke={PALETTE.selection} fill="rgba(63,140,255,0.12)" listening={false} />
          </Layer>
        </Stage>
      )}
    </div>
  );
}
