import type { FastifyBaseLogger } from 'fastify';
import { EngineError, EngineUnavailable } from '../../engine.js';
import { ComfyHttp } from '../comfyHttp.js';
import type { ComfyUiSettings } from '../comfyUiConfig.js';
import type { WorkflowTemplate } from '../workflow.js';
import { chooseModels, classesOf, modelsOf, whyNot, type ServerReport } from './availability.js';
import { builtinProfiles } from './builtinProfiles.js';
import { loadCustomWorkflows } from './customWorkflows.js';
import type { DepthOption, ModelChoice, WorkflowProfile } from './workflowProfile.js';

/** A profile as last checked against the servers. */
export interface ProfileState {
  profile: WorkflowProfile;
  /** False when a server lacks what it needs or its files are malformed; true also while no server has answered yet. */
  available: boolean;
  reason: string | null;
  /** The workflow with its model names chosen; null when unusable, or not known yet. */
  template: WorkflowTemplate | null;
  models: string[];
  /** The server that lacks what it needs, for the log (users are not told URLs). */
  lacking?: string;
  /** Its depth ControlNet: the workflow with it (models chosen), or why the servers cannot run one. */
  depth: DepthState;
}

/** Whether a profile's depth ControlNet can run: its workflow and default strength, or why not. */
export type DepthState = { template: WorkflowTemplate; strength: number; reason: null } | { template: null; strength: number; reason: string };

/** How long one server may take to describe itself before it is left out of a check. */
const ASK_TIMEOUT_MS = 5000;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const noDepth = (profile: WorkflowProfile, reason: string): DepthState => ({
  template: null,
  strength: 'none' in profile.depth ? 0 : (profile.depth[0]?.strength ?? 0),
  reason: `${capital(reason)}.`,
});

// The option's workflow with its models chosen, if every server can run it; else why not.
function runnable(option: DepthOption, base: ModelChoice[], reports: ServerReport[], preferred: readonly string[]): WorkflowTemplate | string {
  const chosen = chooseModels([...base, ...option.choices], reports, preferred);
  if ('error' in chosen) return chosen.error;
  const template = withNames(option.template, chosen.names);
  for (const report of reports) {
    const why = whyNot(template, report);
    if (why) return why;
  }
  return template;
}

/** The template with chosen model names put in place. */
function withNames(template: WorkflowTemplate, names: Array<[{ node: string; input: string }, string]>): WorkflowTemplate {
  const graph = structuredClone(template.graph);
  for (const [{ node, input }, name] of names) graph[node].inputs[input] = name;
  return { ...template, graph };
}

/**
 * The workflow profiles this server offers (the built-in ones configured, then the custom folder's),
 * each checked against what the ComfyUI servers report (GET /object_info/{class}, /models/{folder}):
 * one a server cannot run is unavailable with the reason. What the servers said is trusted for
 * COMFYUI_MODELS_REFRESH_S, then asked again in the background; a server that does not answer is
 * left out, and with none answering the last known states stay.
 */
export class WorkflowCatalog {
  private states: ProfileState[] = [];
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  private readonly logged = new Map<string, string | null>();

  constructor(
    private readonly settings: ComfyUiSettings,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** The profiles, checked: the first call waits for the servers; later ones answer at once and check again in the background when stale. */
  async current(): Promise<ProfileState[]> {
    if (this.loadedAt === 0) await this.refresh();
    else if (Date.now() - this.loadedAt > this.settings.modelsRefreshMs) void this.refresh();
    return this.states;
  }

  /** The profiles as last checked, without waiting (empty before the first check). */
  known(): ProfileState[] {
    if (this.loadedAt !== 0 && Date.now() - this.loadedAt > this.settings.modelsRefreshMs) void this.refresh();
    return this.states;
  }

  /** The profile used when a prompt names none: the first available one that makes images, or a video for a prompt with frames. */
  defaultOf(states: ProfileState[], video = false): ProfileState | null {
    const fitting = states.filter((s) => Boolean(s.profile.video) === video);
    return fitting.find((s) => s.available) ?? fitting[0] ?? null;
  }

  /**
   * The profile a job runs with (the default when it names none) and its workflow. Throws
   * EngineError when it is no longer offered or not available (the job fails with the reason), and
   * EngineUnavailable when its models cannot be chosen because no server described them (the job waits).
   */
  async forRun(id: string | undefined): Promise<{ profile: WorkflowProfile; template: WorkflowTemplate; depth: DepthState }> {
    let states = await this.current();
    let state = id ? states.find((s) => s.profile.id === id) : this.defaultOf(states);
    if (state && state.available && !state.template) {
      await this.refresh();
      states = this.states;
      state = states.find((s) => s.profile.id === state!.profile.id);
    }
    if (!state) throw new EngineError(id ? `The workflow profile "${id}" is no longer offered on this server` : 'This server offers no workflow profile');
    if (!state.available) throw new EngineError(`${state.profile.label} is not available: ${state.reason}`);
    if (!state.template) throw new EngineUnavailable(`No ComfyUI server described its models, so the models of ${state.profile.label} cannot be chosen`);
    return { profile: state.profile, template: state.template, depth: state.depth };
  }

  /** Reads the folder and asks the servers again (one check at a time). */
  refresh(): Promise<void> {
    this.loading ??= this.load().finally(() => (this.loading = null));
    return this.loading;
  }

  private async load(): Promise<void> {
    const custom = await loadCustomWorkflows(this.settings);
    if (custom.error) this.log?.warn(`workflows: ${custom.error}`);
    const profiles = [...builtinProfiles(this.settings), ...custom.profiles];
    const workflows = profiles.flatMap((p) => ('error' in p.workflow ? [] : [p.workflow]));
    const classes = [...new Set(workflows.flatMap((w) => classesOf(w.template.graph)))];
    const folders = [...new Set(['checkpoints', 'controlnet', ...workflows.flatMap((w) => w.choices.map((c) => c.folder))])];
    const reports = (await Promise.all(this.settings.urls.map((url) => this.report(url, classes, folders)))).filter((r): r is ServerReport => r !== null);
    const previous = new Map(this.states.map((s) => [s.profile.id, s]));
    const states = profiles.map((profile) => this.stateOf(profile, reports, previous.get(profile.id)));
    // A profile offered only where it runs is not listed (nor logged) while no server can run it.
    this.states = states.filter((state) => state.available || !state.profile.onlyWhenAvailable);
    this.loadedAt = Date.now();
    for (const state of this.states) this.logChange(state);
  }

  private async report(url: string, classes: string[], folders: string[]): Promise<ServerReport | null> {
    const http = new ComfyHttp(url, ASK_TIMEOUT_MS);
    try {
      const [infos, lists] = await Promise.all([Promise.all(classes.map((c) => http.nodeInfo(c))), Promise.all(folders.map((f) => http.models(f)))]);
      return { url, nodes: new Map(classes.map((c, i) => [c, infos[i]])), models: new Map(folders.map((f, i) => [f, lists[i]])) };
    } catch (error) {
      this.log?.warn(`workflows: ComfyUI at ${url} did not describe its nodes and models (${(error as Error).message}); it is left out of the check`);
      return null;
    }
  }

  private stateOf(profile: WorkflowProfile, reports: ServerReport[], previous: ProfileState | undefined): ProfileState {
    const state = this.baseStateOf(profile, reports, previous);
    return {
      ...state,
      depth: state.available && state.template ? this.depthOf(profile, reports, previous) : noDepth(profile, 'the workflow itself cannot run'),
    };
  }

  // The first depth option every server can run, or why none (the first option's reason: the preferred one).
  private depthOf(profile: WorkflowProfile, reports: ServerReport[], previous: ProfileState | undefined): DepthState {
    const { depth, workflow } = profile;
    if ('none' in depth) return noDepth(profile, depth.none);
    if ('error' in workflow) return noDepth(profile, workflow.error);
    if (!reports.length) return previous?.depth ?? noDepth(profile, 'no ComfyUI server described its nodes and models yet');
    let first: string | null = null;
    for (const option of depth) {
      const why = runnable(option, workflow.choices, reports, this.settings.preferredModels);
      if (typeof why !== 'string') return { template: why, strength: option.strength, reason: null };
      first ??= why;
    }
    return noDepth(profile, first ?? 'it has no depth ControlNet');
  }

  private baseStateOf(profile: WorkflowProfile, reports: ServerReport[], previous: ProfileState | undefined): Omit<ProfileState, 'depth'> {
    const { workflow } = profile;
    if ('error' in workflow) return { profile, available: false, reason: `The workflow's files are malformed: ${workflow.error}`, template: null, models: [] };
    if (!reports.length) {
      if (profile.onlyWhenAvailable && !previous)
        return { profile, available: false, reason: 'No ComfyUI server described its nodes and models yet.', template: null, models: [] };
      // Nobody answered: keep what was known; prompts wait in the queue until a server is back.
      const template = workflow.choices.length ? (previous?.template ?? null) : workflow.template;
      return { profile, available: previous?.available ?? true, reason: previous?.reason ?? null, template, models: template ? modelsOf(template.graph) : [] };
    }
    const chosen = chooseModels(workflow.choices, reports, this.settings.preferredModels);
    if ('error' in chosen) return { profile, available: false, reason: `${capital(chosen.error)}.`, template: null, models: [] };
    const template = withNames(workflow.template, chosen.names);
    const models = modelsOf(template.graph);
    for (const report of reports) {
      const why = whyNot(template, report);
      if (why) return { profile, available: false, reason: `${capital(why)}.`, template: null, models, lacking: report.url };
    }
    return { profile, available: true, reason: null, template, models };
  }

  /** One log line when a profile becomes unavailable (with the reason) or available again. */
  private logChange({ profile, available, reason, lacking }: ProfileState): void {
    const was = this.logged.get(profile.id);
    if (was === reason) return;
    this.logged.set(profile.id, reason);
    const where = lacking ? ` (ComfyUI at ${lacking})` : '';
    if (!available) this.log?.warn(`workflows: "${profile.label}" (${profile.id}) is unavailable${where}: ${reason}`);
    else if (was) this.log?.info(`workflows: "${profile.label}" (${profile.id}) is available again`);
  }
}
