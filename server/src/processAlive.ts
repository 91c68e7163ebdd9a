/** Whether a process with this pid exists on this machine (EPERM: it exists but belongs to another user). */
export function processAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
