/** Sizes as people read them, in the server's quota messages and on the page: "640 KB", "3.2 MB" (1 MB = 1024 KB). */
export function formatBytes(bytes: number): string {
  const mb = 1024 * 1024;
  return bytes < mb ? `${Math.max(1, Math.ceil(bytes / 1024))} KB` : `${(bytes / mb).toFixed(1)} MB`;
}
