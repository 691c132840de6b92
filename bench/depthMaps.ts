import { paintDepthMap, paintNormalMap, renderBodySurface, setPersonTurn, type PoseDocument } from '../src/pose/index';
import { renderControlImage } from '../server/engines/controlImage';
import { benchScene } from './editor';
import { median } from './lib/stats';

const RUNS = 9;
const SIDE = 1024;

// Wall time and this process's CPU time: on a shared, loaded machine the CPU time says what the
// work costs, the wall time what a caller waited.
function time(name: string, run: () => void): number {
  run(); // warm-up
  const [wall, cpu]: number[][] = [[], []];
  for (let i = 0; i < RUNS; i++) {
    const [started, usage] = [performance.now(), process.cpuUsage()];
    run();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(usage);
    cpu.push((used.user + used.system) / 1000);
  }
  const m = median(wall);
  console.log(
    `${name.padEnd(66)} | median ${m.toFixed(1).padStart(6)} ms | min ${Math.min(...wall)
      .toFixed(1)
      .padStart(6)} ms | CPU median ${median(cpu).toFixed(1).padStart(6)} ms`,
  );
  return m;
}

// Both maps from one surface, as the export and a control image pair would make them.
function bothMaps(doc: PoseDocument): void {
  const surface = renderBodySurface(doc, SIDE, SIDE);
  const image = { width: SIDE, height: SIDE, data: new Uint8ClampedArray(SIDE * SIDE * 4) };
  paintDepthMap(surface, image);
  paintNormalMap(surface, image);
}

/** Prints the depth plus normal map of the editor bench's 10-person scene (hands, faces) at 1024 x 1024 in Node. Target: median at most 60 ms. */
export async function runDepthMapsBench(): Promise<void> {
  const scene = benchScene();
  const turned = { ...scene, people: scene.people.map((p, i) => setPersonTurn(p, { yaw: 20 + 15 * i, pitch: 10 })) };
  const both = time('depth + normal map, 10 people, estimated depth', () => bothMaps(scene));
  time('depth + normal map, 10 people, each turned (yaw 20-155, pitch 10)', () => bothMaps(turned));
  time('surface only (3D body, depth buffer)', () => void renderBodySurface(scene, SIDE, SIDE));
  time('depth map PNG, 8-bit (server control image)', () => void renderControlImage(scene, SIDE, SIDE, { kind: 'depth' }));
  time('depth map PNG, 16-bit', () => void renderControlImage(scene, SIDE, SIDE, { kind: 'depth', depthBits: 16 }));
  time('normal map PNG (server control image)', () => void renderControlImage(scene, SIDE, SIDE, { kind: 'normal' }));
  console.log(`target: depth + normal map at most 60 ms (median): ${both <= 60 ? 'met' : 'NOT met'}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await runDepthMapsBench();
