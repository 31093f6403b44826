// V8's name=value GC trace (`--trace-gc --trace-gc-nvp`, written to stdout): what each
// young-generation GC (scavenge) kept alive and how long it paused. Used by the zod patch's tests
// and bench/scavenge-survivors.ts.

export interface ScavengeStats {
  scavenges: number;
  /** Mean bytes that survived a scavenge: what it had to copy. */
  meanSurvivedBytes: number;
  meanPauseMs: number;
}

export function scavengeStats(trace: string): ScavengeStats {
  const lines = trace.split('\n').filter((line) => / gc=s /.test(line));
  const mean = (field: string): number =>
    lines.reduce((sum, line) => sum + Number(new RegExp(` ${field}=([\\d.]+)`).exec(line)?.[1] ?? 0), 0) / Math.max(1, lines.length);
  return { scavenges: lines.length, meanSurvivedBytes: mean('new_space_survived'), meanPauseMs: mean('pause') };
}
