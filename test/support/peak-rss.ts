// A process's own peak resident memory, for the tests and benchmarks that bound it.
import { readFileSync } from 'node:fs';

/**
 * VmHWM (peak resident memory) of a process, in MB (Linux); 0 where /proc is not there. Not
 * resourceUsage()'s maxRSS: Linux keeps that across the exec that started a process, so a child
 * reads at least the size of the process that spawned it (a test worker of hundreds of MB late
 * in a suite), whatever it used itself.
 */
export function peakRssMb(pid: number | undefined = process.pid): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}
