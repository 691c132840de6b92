import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The kinds of scratch folder the server makes in the temp folder: a render's frames, and an uploaded video with its frames. */
export const SCRATCH_KINDS = ['posecraft-frames-', 'posecraft-video-'] as const;

/** One kind of scratch folder. */
export type ScratchKind = (typeof SCRATCH_KINDS)[number];

/** Makes a scratch folder of a kind, named with this process's id (so a later start knows whose it was). */
export function makeScratchFolder(kind: ScratchKind): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `${kind}${process.pid}-`));
}

/** Whether a process with this id is running (one of another user counts: it answers EPERM). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the scratch folders whose process is gone (killed with its jobs half done: nothing else
 * would ever remove them, and an uploaded video is not to be kept); answers their names. Folders of
 * running processes (another instance, another server on this machine) are left alone, and so are
 * folders without a process id in their name, which this code does not make.
 */
export async function removeOrphanScratchFolders(folder = os.tmpdir()): Promise<string[]> {
  const orphans = (await fs.readdir(folder)).filter((name) => {
    const kind = SCRATCH_KINDS.find((k) => name.startsWith(k));
    const pid = kind ? Number(/^(\d+)-/.exec(name.slice(kind.length))?.[1]) : NaN;
    return Number.isInteger(pid) && pid > 0 && (pid === process.pid || !isRunning(pid));
  });
  await Promise.all(orphans.map((name) => fs.rm(path.join(folder, name), { recursive: true, force: true })));
  return orphans;
}
