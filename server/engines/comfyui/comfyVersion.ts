/**
 * The first ComfyUI release with each behaviour the engine relies on, read from ComfyUI's history:
 * POST /prompt honours a client's `prompt_id` from 0.3.45 (server.py, "Allow the prompt request to
 * specify the prompt ID"); POST /interrupt with a `prompt_id` stops only that prompt from 0.3.57
 * ("Accept prompt_id in interrupt handler"); `extra_data.preview_method` is applied per prompt from
 * 0.5.0 (execution.py's set_preview_method, "add per-queue live preview method override",
 * December 2025); before it previews follow the server's --preview-method, which defaults to none.
 */
export const COMFYUI_FEATURES = {
  clientPromptId: '0.3.45',
  targetedInterrupt: '0.3.57',
  perPromptPreview: '0.5.0',
} as const;

/** What one ComfyUI server can do, by its version. */
export interface ComfyCapabilities {
  /** As GET /system_stats names it; null when it does not (releases before the field). */
  version: string | null;
  clientPromptId: boolean;
  targetedInterrupt: boolean;
  perPromptPreview: boolean;
}

/** A version's numbers ("v0.3.64", "0.3.64-12-gabcdef"…), or null when it is none. */
export function parseVersion(raw: unknown): [number, number, number] | null {
  const match = typeof raw === 'string' ? /^v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(raw.trim()) : null;
  return match ? [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)] : null;
}

/** Whether a version is at least another (both parsed). */
function atLeast(version: [number, number, number], than: [number, number, number]): boolean {
  for (let i = 0; i < 3; i++) if (version[i] !== than[i]) return version[i] > than[i];
  return true;
}

/** The capabilities of a server of this version; an unknown version is taken as older than all of them. */
export function capabilitiesOf(version: string | null): ComfyCapabilities {
  const parsed = parseVersion(version);
  const has = (since: string) => parsed !== null && atLeast(parsed, parseVersion(since)!);
  return {
    version: parsed ? version : null,
    clientPromptId: has(COMFYUI_FEATURES.clientPromptId),
    targetedInterrupt: has(COMFYUI_FEATURES.targetedInterrupt),
    perPromptPreview: has(COMFYUI_FEATURES.perPromptPreview),
  };
}
