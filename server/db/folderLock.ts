import fs from 'node:fs';
import os from 'node:os';

/** A lock not refreshed for this long is stale even when its owner is on another host. */
const STALE_AFTER_MS = 30_000;
const REFRESH_EVERY_MS = 10_000;

/** Locks held by this process, so a lock file naming our own pid is told apart from a stale one. */
const heldHere = new Set<string>();

interface LockOwner {
  pid: number;
  host: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): (LockOwner & { ageMs: number }) | null {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
    return { ...owner, ageMs: Date.now() - fs.statSync(file).mtimeMs };
  } catch {
    return null; // unreadable or half-written: treat as stale
  }
}

function isHeld(file: string, owner: (LockOwner & { ageMs: number }) | null): boolean {
  if (!owner) return false;
  if (owner.host !== os.hostname()) return owner.ageMs < STALE_AFTER_MS;
  // In a container the pid is often the same after a restart, so our own pid counts only if we hold it.
  if (owner.pid === process.pid) return heldHere.has(file);
  return isAlive(owner.pid);
}

/**
 * Takes an exclusive lock file (PGlite has none of its own) and returns its release function.
 * Throws, saying who holds it, when another live process does.
 */
export function acquireFolderLock(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, host: os.hostname() }), { flag: 'wx' });
      heldHere.add(file);
      // Refreshing the time lets a process on another host see that the lock is still live.
      const timer = setInterval(() => fs.utimes(file, new Date(), new Date(), () => {}), REFRESH_EVERY_MS);
      timer.unref();
      return () => {
        clearInterval(timer);
        heldHere.delete(file);
        fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      if (isHeld(file, owner)) {
        throw new Error(
          `The database folder is in use by process ${owner?.pid} on ${owner?.host} (${file}). ` +
            'PGlite cannot be shared between processes: stop the other one, or set DATABASE_URL to a Postgres server.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
