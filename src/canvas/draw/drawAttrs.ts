import type { Animal, Person } from '../../pose';
import type { Part } from '../../editor/model/joints';
import type { EntityKind } from '../../editor/model/scene';

/** A point of the entity, by part and index. */
export interface PointMark {
  part: Part;
  index: number;
}

/** What one entity shape draws: its points plus the editor's marks. */
export interface EntityDrawAttrs {
  entity: Person | Animal;
  kind: EntityKind;
  selected: boolean;
  locked: boolean;
  focus: PointMark | null;
  hover: PointMark | null;
}
