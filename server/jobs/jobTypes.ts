import type { EngineName, JobStatus, PromptSettings, ResultType } from '../../src/api/schemas.js';
import type { OpenPoseJson } from '../../src/pose/index.js';

/**
 * The settings a job was asked with: the prompt's settings as the API defines them; seed is always
 * set here (chosen by the server when not given), sampling defaults filled in at submission.
 */
export type JobSettings = PromptSettings;

/** A row of the jobs table as the server reads it. */
export interface JobRow {
  id: string;
  user_id: string;
  status: JobStatus;
  prompt: string;
  negative_prompt: string;
  settings: JobSettings;
  pose: OpenPoseJson;
  /** A video prompt's pose sequence (POSE_KEYPOINT frames); null for an image prompt. */
  frames: OpenPoseJson[] | null;
  engine: EngineName;
  progress: number;
  error: string | null;
  control_key: string | null;
  attempts: number;
  worker: string | null;
  stop_requested: boolean;
  created_at: Date;
  updated_at: Date;
}

/** A stored output image (or video) of a job. */
export interface JobImage {
  storage_key: string;
  width: number;
  height: number;
  engine: EngineName;
  /** Absent for a PNG (as every job stored before videos). */
  content_type?: ResultType;
}

/** The columns every job query returns (not seq: it only orders the queue). */
export const JOB_COLUMNS = `id, user_id, status, prompt, negative_prompt, settings, pose, frames, engine, progress, error,
  control_key, attempts, worker, stop_requested, created_at, updated_at`;
