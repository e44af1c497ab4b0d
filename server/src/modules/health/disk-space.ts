import fs from 'node:fs/promises';

export interface DiskSpace {
  freeMb: number | null;
  warningBelowMb: number;
  ok: boolean;
}

/**
 * The free space of the disk that holds `dir`, as an unprivileged writer may use it. A disk that
 * cannot be read is reported as unknown (null) and not ok.
 */
export async function diskSpace(dir: string, warningBelowMb: number): Promise<DiskSpace> {
  try {
    const stats = await fs.statfs(dir);
    const freeMb = Math.floor((stats.bavail * stats.bsize) / (1024 * 1024));
    return { freeMb, warningBelowMb, ok: freeMb >= warningBelowMb };
  } catch {
    return { freeMb: null, warningBelowMb, ok: false };
  }
}
