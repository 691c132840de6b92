import fs from 'node:fs/promises';
import path from 'node:path';
import type { SamplingControl } from '../../../../src/api/schemas.js';
import type { WorkflowTemplate } from '../workflow.js';
import type { ComfyUiSettings } from '../comfyUiConfig.js';
import { checkApiWorkflow, readSidecar } from './sidecar.js';
import type { WorkflowProfile } from './workflowProfile.js';

/** Largest workflow or sidecar file read, in bytes. */
const FILE_MAX_BYTES = 2 * 1024 * 1024;
const SIDECAR_SUFFIX = '.posecraft.json';
/** A custom workflow's name: its file name without `.json`, and its id after `custom:`. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

async function readJson(file: string): Promise<{ ok: true; value: unknown } | { ok: false; error: string }> {
  try {
    const stat = await fs.stat(file);
    if (stat.size > FILE_MAX_BYTES) return { ok: false, error: `${path.basename(file)} is larger than ${FILE_MAX_BYTES / 1024 / 1024} MB` };
    return { ok: true, value: JSON.parse(await fs.readFile(file, 'utf8')) };
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'ENOENT') return { ok: false, error: `there is no ${path.basename(file)} naming its inputs` };
    return { ok: false, error: `${path.basename(file)} cannot be read: ${e.message}` };
  }
}

/** The workflow's own number at the first place a setting goes, if it is one. */
function ownValue(template: WorkflowTemplate, control: SamplingControl): number | undefined {
  const ref = template.inputs[control]?.[0];
  const value = ref ? template.graph[ref.node]?.inputs[ref.input] : undefined;
  return typeof value === 'number' ? value : undefined;
}

async function loadOne(dir: string, name: string, settings: ComfyUiSettings): Promise<WorkflowProfile> {
  const profile = (workflow: WorkflowProfile['workflow'], extra: Partial<WorkflowProfile> = {}): WorkflowProfile => ({
    id: `custom:${name}`,
    label: name,
    kind: 'custom',
    renderProfile: 'sd15',
    minLongSide: 0,
    defaults: { steps: settings.steps, cfg: settings.cfg, strength: 1 },
    workflow,
    depth: { none: 'a custom workflow takes only the control images its author wired in' },
    ...extra,
  });
  const workflowFile = await readJson(path.join(dir, `${name}.json`));
  if (!workflowFile.ok) return profile({ error: workflowFile.error });
  const notApi = checkApiWorkflow(workflowFile.value);
  if (notApi) return profile({ error: `${name}.json ${notApi}` });
  const sidecarFile = await readJson(path.join(dir, `${name}${SIDECAR_SUFFIX}`));
  if (!sidecarFile.ok) return profile({ error: sidecarFile.error });
  const read = readSidecar(sidecarFile.value, workflowFile.value as WorkflowTemplate['graph']);
  if (!read.ok) return profile({ error: `${name}${SIDECAR_SUFFIX}: ${read.error}` });
  const { sidecar, template, video } = read;
  const base = profile({ template, choices: [] }).defaults;
  const defaults = { ...base };
  for (const control of ['steps', 'cfg', 'strength'] as const) defaults[control] = sidecar.defaults?.[control] ?? ownValue(template, control) ?? base[control];
  return profile(
    { template, choices: [] },
    {
      label: sidecar.label ?? name,
      renderProfile: sidecar.render_profile ?? 'sd15',
      minLongSide: sidecar.min_long_side ?? 0,
      defaults,
      ...(video ? { video } : {}),
    },
  );
}

/**
 * The custom workflows in the operator's folder: each `<name>.json` (ComfyUI API format) with its
 * `<name>.posecraft.json`, sorted by name. A malformed pair is still listed, with the error, so it
 * is shown as unavailable with the reason; a folder that cannot be read gives none (and the error).
 */
export async function loadCustomWorkflows(settings: ComfyUiSettings): Promise<{ profiles: WorkflowProfile[]; error: string | null }> {
  const dir = settings.workflowsDir;
  if (!dir) return { profiles: [], error: null };
  let files: string[];
  try {
    files = await fs.readdir(dir);
  } catch (error) {
    return { profiles: [], error: `COMFYUI_WORKFLOWS_DIR ${dir} cannot be read: ${(error as Error).message}` };
  }
  const names = files
    .filter((file) => file.endsWith('.json') && !file.endsWith(SIDECAR_SUFFIX))
    .map((file) => file.slice(0, -'.json'.length))
    .filter((name) => NAME.test(name))
    .sort();
  return { profiles: await Promise.all(names.map((name) => loadOne(dir, name, settings))), error: null };
}
