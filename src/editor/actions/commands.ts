import type { CommandAction } from './types';

const command = (name: string, keys: string[], run: CommandAction['run'], enabled?: CommandAction['enabled']): CommandAction => ({
  kind: 'command',
  name,
  labelKey: `editor.actions.${name}`,
  keys,
  run,
  ...(enabled ? { enabled } : {}),
});

/** Undo/redo, symmetry, view, files, clipboard and help: the actions with side effects. */
export const COMMANDS: CommandAction[] = [
  command(
    'undo',
    ['Mod+Z'],
    (env) => env.send({ type: 'UNDO' }),
    (env) => env.canUndo(),
  ),
  command(
    'redo',
    ['Mod+Shift+Z', 'Ctrl+Y'],
    (env) => env.send({ type: 'REDO' }),
    (env) => env.canRedo(),
  ),
  command('toggleSymmetry', ['S'], (env) => env.send({ type: 'TOGGLE_SYMMETRY' })),
  // Esc cancels a drag in progress and returns it to where it started; when idle it clears the selection.
  command('cancel', ['Escape'], (env) => env.send({ type: 'CANCEL' })),
  command('zoomIn', ['=', '+'], (env) => env.zoom('in')),
  command('zoomOut', ['-'], (env) => env.zoom('out')),
  command('zoomReset', ['0'], (env) => env.zoom('fit')),
  command('importJson', ['Mod+O'], (env) => env.pickFile('json')),
  // A file's people and animals beside the ones on the canvas, not in their place.
  command('addJson', ['Mod+Alt+O'], (env) => env.pickFile('jsonAdd')),
  command('exportJson', ['Mod+S'], (env) => env.exportJson('controlnet')),
  // The other formats and the skeleton PNG are kept off the toolbar (it holds one row): shortcuts, help and the file picker reach them.
  command('exportBody25', ['Mod+Alt+S'], (env) => env.exportJson('body25')),
  command('exportFrames', ['Mod+Alt+Shift+S'], (env) => env.exportJson('pose_keypoint')),
  command('importPng', ['Mod+Shift+O'], (env) => env.pickFile('png')),
  // A pose file whose 75-number bodies the skeleton could not place in one layout: its other reading.
  command(
    'readOtherWay',
    ['Mod+Alt+L'],
    (env) => env.readOtherWay(),
    (env) => env.hasOtherReading(),
  ),
  // The server turns a short video into a pose per frame.
  command('importVideo', ['Mod+Alt+V'], (env) => env.pickFile('video')),
  // Motion capture in and out: a BVH file becomes a sequence on the timeline; a sequence or a pose is written as BVH.
  command('importBvh', ['Mod+Alt+B'], (env) => env.pickFile('bvh')),
  command('exportBvh', ['Mod+Alt+Shift+B'], (env) => env.exportBvh()),
  command('copyJson', ['Mod+Shift+C'], (env) => env.copyJson()),
  command('pasteJson', ['Mod+Shift+V'], (env) => env.pasteJson()),
  command('exportPng', ['Mod+Shift+S'], (env) => env.exportPng()),
  // The 3D body's maps, pixel-aligned with the skeleton PNG, for depth and normal ControlNets; off the
  // toolbar like the other export formats (it holds one row at 1280 px): shortcuts and help reach them.
  command('exportDepthPng', ['Mod+Alt+D'], (env) => env.exportPng('depth')),
  command('exportNormalPng', ['Mod+Alt+N'], (env) => env.exportPng('normal')),
  // The pose frame Wan 2.2 Animate reads (ViTPose's 20 points, stick width from the size).
  command('exportWanAnimatePng', ['Mod+Alt+W'], (env) => env.exportPng('wan-animate')),
  // SCAIL's: the 3D limbs as depth-sorted capsules.
  command('exportScailPng', ['Mod+Alt+Shift+W'], (env) => env.exportPng('scail')),
  command('background', ['B'], (env) => env.pickFile('image')),
  command(
    'clearBackground',
    ['Shift+B'],
    (env) => env.clearBackground(),
    (env) => env.hasBackground(),
  ),
  command('help', ['?'], (env) => env.openHelp()),
  command(
    'openLibrary',
    ['Shift+L'],
    (env) => env.openLibrary?.(),
    (env) => env.openLibrary !== undefined,
  ),
  // Saves the document, then hands it back to the ComfyUI run waiting for it.
  command(
    'sendEditSession',
    [],
    (env) => env.editSession?.send(),
    (env) => env.editSession?.canSend() === true,
  ),
];
