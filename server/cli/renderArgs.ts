// Command-line arguments of `npm run render`, kept apart from render.ts (whose PNG encoding
// another change replaces).
import { DEFAULT_RENDER_PROFILE, isRenderProfile, RENDER_PROFILES, type RenderProfile } from '../../src/pose/render/profiles.js';

/** How to call the render command. */
export const RENDER_USAGE = `usage: npm run render -- <pose.json> <out.png> [--profile ${RENDER_PROFILES.join('|')}]`;

/** What the render command was asked to do, or why the arguments are wrong. */
export type RenderArgs = { ok: true; input: string; output: string; profile: RenderProfile } | { ok: false; message: string };

/** Reads `<pose.json> <out.png> [--profile NAME]` (also `--profile=NAME`); a lone `--` from npm is ignored. */
export function parseRenderArgs(args: readonly string[]): RenderArgs {
  const files: string[] = [];
  let profile: RenderProfile = DEFAULT_RENDER_PROFILE;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--') continue;
    if (arg === '--profile' || arg.startsWith('--profile=')) {
      const value = arg === '--profile' ? args[++i] : arg.slice('--profile='.length);
      if (!isRenderProfile(value))
        return { ok: false, message: `render: unknown profile ${JSON.stringify(value ?? '')}; expected one of ${RENDER_PROFILES.join(', ')}\n${RENDER_USAGE}` };
      profile = value;
    } else if (arg.startsWith('--')) {
      return { ok: false, message: `render: unknown option ${arg}\n${RENDER_USAGE}` };
    } else {
      files.push(arg);
    }
  }
  const [input, output] = files;
  if (files.length !== 2 || !input || !output) return { ok: false, message: RENDER_USAGE };
  return { ok: true, input, output, profile };
}
