import { expect, test, type Page } from '@playwright/test';
import { initialTransition, transition, type EventObject } from 'xstate';
import { editorMachine } from '../../src/machines/editor.machine';
import { getJoint } from '../../src/editor/model/joints';
import { soleEditablePerson } from '../../src/editor/model/selection';
import { formatCoverage, measureCoverage } from '../machines/modelPaths';
import { openEditor, stage, toPage, tool } from './editor.helpers';
import { editorPaths, WITHOUT_GESTURE, type EditorSnapshot, type Gesture, type GestureEvent } from './editor.model';

// The editor machine's generated paths (xstate/graph, here in the Node test process), replayed as real
// gestures on /edit: mouse presses, moves and releases on the canvas, keys, the panel and the inspector.
// After every step the page must show the state the model reached.

const paths = editorPaths();

const shown = (v: number) => String(Math.round(v * 10) / 10);
const inspector = (page: Page) => page.getByRole('group', { name: 'Selected joint' });

/** Plays gestures on the page, letting go of a held button before anything that needs the mouse. */
class GestureDriver {
  private held: 'left' | 'middle' | null = null;

  constructor(private readonly page: Page) {}

  async perform(gesture: Gesture): Promise<void> {
    const { page } = this;
    switch (gesture.kind) {
      case 'press': {
        await this.letGo();
        const at = await toPage(page, gesture.at);
        await page.mouse.move(at.x, at.y);
        await page.mouse.down({ button: gesture.button });
        this.held = gesture.button;
        return;
      }
      case 'move': {
        const to = await toPage(page, gesture.to);
        await page.mouse.move(to.x, to.y, { steps: 4 });
        return;
      }
      case 'release':
        return this.letGo();
      case 'key':
        return page.keyboard.press(gesture.key);
      case 'aspect':
        await this.letGo();
        return page.getByRole('group', { name: 'Aspect ratio' }).getByRole('button', { name: gesture.label, exact: true }).click();
      case 'field': {
        await this.letGo();
        const field = inspector(page).getByLabel(gesture.label);
        await field.fill(String(gesture.value));
        // Blur commits once; the shortcuts work again with the field no longer focused.
        return field.blur();
      }
    }
  }

  private async letGo(): Promise<void> {
    if (!this.held) return;
    await this.page.mouse.up({ button: this.held });
    this.held = null;
  }
}

/** Checks that the page shows the model's state: the gesture mode, Undo and Redo, symmetry and the selection. */
async function expectShown(page: Page, snapshot: EditorSnapshot, where: string): Promise<void> {
  const { past, future, symmetry, selection, scene } = snapshot.context;
  await expect(stage(page), `${where}: mode`).toHaveAttribute('data-state', String(snapshot.value));
  await expect(tool(page, 'Undo'), `${where}: Undo`).toBeEnabled({ enabled: past.length > 0 });
  await expect(tool(page, 'Redo'), `${where}: Redo`).toBeEnabled({ enabled: future.length > 0 });
  await expect(tool(page, 'Symmetry'), `${where}: Symmetry`).toHaveAttribute('aria-pressed', String(symmetry));
  if (selection.joint) {
    const point = getJoint(scene, selection.joint)!;
    await expect(inspector(page).getByLabel('X'), `${where}: joint x`).toHaveValue(shown(point.x));
    await expect(inspector(page).getByLabel('Y'), `${where}: joint y`).toHaveValue(shown(point.y));
  } else if (selection.entities.length > 0) {
    await expect(inspector(page).getByText(/^\d+ selected$/), `${where}: selection`).toHaveText(`${selection.entities.length} selected`);
    // The turn fields are there for one unlocked person alone.
    const turnable = soleEditablePerson(scene, selection) !== null;
    await expect(inspector(page).getByRole('group', { name: 'Turn' }), `${where}: turn fields`).toHaveCount(turnable ? 1 : 0);
  } else {
    await expect(inspector(page), `${where}: no selection`).toHaveText('Click a joint to select it; drag it to pose.');
  }
}

test.describe('editor machine paths on the real canvas', () => {
  for (const [i, path] of paths.entries()) {
    const steps = path.steps.map((s) => s.event as GestureEvent);
    test(`path ${i + 1}: ${path.name}`, async ({ page }) => {
      await openEditor(page);
      const driver = new GestureDriver(page);
      let [snapshot] = initialTransition(editorMachine, path.input as { scene: never });
      await expectShown(page, snapshot, 'start');
      for (const [n, event] of steps.entries()) {
        [snapshot] = transition(editorMachine, snapshot, event as EventObject as never);
        expect(snapshot.value, 'the generated path agrees with the machine').toEqual(path.steps[n]!.value);
        await driver.perform(event.via);
        await expectShown(page, snapshot, `step ${n + 1} (${event.gesture}: ${event.type})`);
      }
    });
  }

  test('the paths replayed reach every state of the editor machine', () => {
    const report = measureCoverage(editorMachine, paths);
    console.log(formatCoverage(report, 'editor, in the browser'));
    for (const [what, why] of Object.entries(WITHOUT_GESTURE)) console.log(`  not replayed: ${what}: ${why}`);
    expect(report.statesReached).toBe(report.statesTotal);
  });
});
