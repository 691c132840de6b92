// Command-line arguments of `npm run render`, kept apart from render.ts (whose PNG encoding
// another change replaces).
import { DEFAULT_RENDER_PROFILE, isRenderProfile, RENDER_PROFILES, type RenderProfile } from '../../src/pose/render/profiles.js';
import { CONTROL_KINDS, type ControlKind } from '../engines/controlImage.js';

/** How to call the render command. */
export const RENDER_USAGE = `usage: npm run render -- <pose.json> <out.png> [--kind ${CONTROL_KINDS.join('|')}] [--profile ${RENDER_PROFILES.join('|')}] [--bits 8|16 | --depth16]`;

/** What the render command was asked to do, or why the arguments are wrong. */
export type RenderArgs =
  { ok: true; input: string; output: string; profile: RenderProfile; kind: ControlKind; depthBits: 8 | 16 } | { ok: false; message: string };

const isKind = (value: unknown): value is ControlKind => typeof value === 'string' && (CONTROL_KINDS as readonly string[]).includes(value);

// `--name value` or `--name=value`; advances past the value it used.
function optionValue(args: readonly string[], at: { i: number }, name: string): string | undefined {
  const arg = args[at.i] ?? '';
  return arg === name ? args[++at.i] : arg.slice(name.length + 1);
}

const refuse = (what: string): RenderArgs => ({ ok: false, message: `render: ${what}\n${RENDER_USAGE}` });

/**
 * Reads `<pose.json> <out.png> [--kind openpose|depth|normal|wan-animate|scail] [--profile NAME] [--bits 8|16]`
 * (`--depth16` is `--bits 16`; every option also as `--name=value`); a lone `--` from npm is ignored.
 */
export function parseRenderArgs(args: readonly string[]): RenderArgs {
  const files: string[] = [];
  let profile: RenderProfile = DEFAULT_RENDER_PROFILE;
  let kind: ControlKind = 'openpose';
  let bits: 8 | 16 | undefined;
  for (const at = { i: 0 }; at.i < args.length; at.i++) {
    const arg = args[at.i] ?? '';
    const named = (name: string) => arg === name || arg.startsWith(`${name}=`);
    if (arg === '--') continue;
    if (named('--profile')) {
      const value = optionValue(args, at, '--profile');
      if (!isRenderProfile(value)) return refuse(`unknown profile ${JSON.stringify(value ?? '')}; expected one of ${RENDER_PROFILES.join(', ')}`);
      profile = value;
    } else if (named('--kind')) {
      const value = optionValue(args, at, '--kind');
      if (!isKind(value)) return refuse(`unknown kind ${JSON.stringify(value ?? '')}; expected one of ${CONTROL_KINDS.join(', ')}`);
      kind = value;
    } else if (named('--bits') || arg === '--depth16') {
      const value = arg === '--depth16' ? '16' : optionValue(args, at, '--bits');
      if (value !== '8' && value !== '16') return refuse(`unknown bit depth ${JSON.stringify(value ?? '')}; expected 8 or 16`);
      bits = value === '16' ? 16 : 8;
    } else if (arg.startsWith('--')) {
      return refuse(`unknown option ${arg}`);
    } else {
      files.push(arg);
    }
  }
  const [input, output] = files;
  if (files.length !== 2 || !input || !output) return { ok: false, message: RENDER_USAGE };
  if (bits === 16 && kind !== 'depth') return refuse('16 bits are for the depth map (--kind depth)');
  return { ok: true, input, output, profile, kind, depthBits: bits ?? 8 };
}
