import { clampFrame } from '../../pose/motion';
import { addKeysAt, hasKeyAt, neighbourKey, removeKeysAt, sequenceOf } from '../model/timelineEdits';
import type { CommandAction, CommandEnv } from './types';

const open = (env: CommandEnv) => env.timeline?.isOpen() === true;
const frameOf = (env: CommandEnv) => env.timeline?.frame() ?? 0;
const scopeOf = (env: CommandEnv) => env.timeline?.keyScope() ?? null;

const timelineCommand = (name: string, keys: string[], run: (env: CommandEnv) => void, enabled: (env: CommandEnv) => boolean = open): CommandAction => ({
  kind: 'command',
  name,
  labelKey: `editor.actions.timeline.${name}`,
  keys,
  run: (env) => {
    if (enabled(env)) run(env);
  },
  enabled,
});

const goTo = (env: CommandEnv, frame: number) => env.send({ type: 'SET_FRAME', frame: clampFrame(sequenceOf(env.getScene()), frame) });

const stepKey = (direction: -1 | 1) => (env: CommandEnv) => {
  const frame = neighbourKey(env.getScene(), frameOf(env), direction);
  if (frame !== undefined) goTo(env, frame);
};

/** The timeline: show it, play, step frames and keys, add and delete keys of the selected figures, or of all when none is (each key edit one undo step). */
export const TIMELINE_ACTIONS: CommandAction[] = [
  timelineCommand(
    'toggleTimeline',
    ['Shift+T'],
    (env) => env.timeline?.toggleOpen(),
    (env) => env.timeline !== undefined,
  ),
  timelineCommand('playPause', ['/'], (env) => env.timeline?.togglePlay()),
  timelineCommand('previousFrame', [','], (env) => goTo(env, frameOf(env) - 1)),
  timelineCommand('nextFrame', ['.'], (env) => goTo(env, frameOf(env) + 1)),
  timelineCommand('previousKey', ['<'], stepKey(-1), (env) => open(env) && neighbourKey(env.getScene(), frameOf(env), -1) !== undefined),
  timelineCommand('nextKey', ['>'], stepKey(1), (env) => open(env) && neighbourKey(env.getScene(), frameOf(env), 1) !== undefined),
  timelineCommand('addKey', ['Shift+K'], (env) => env.send({ type: 'COMMIT', scene: addKeysAt(env.getScene(), frameOf(env), scopeOf(env)) })),
  timelineCommand(
    'deleteKey',
    ['Shift+Delete'],
    (env) => env.send({ type: 'COMMIT', scene: removeKeysAt(env.getScene(), frameOf(env), scopeOf(env)) }),
    (env) => open(env) && hasKeyAt(env.getScene(), frameOf(env), scopeOf(env)),
  ),
];
