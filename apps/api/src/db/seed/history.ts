/**
 * What the demo seeds share to write a history: deterministic random numbers (the same seed gives
 * the same rows on every run) and how much history to write.
 */

export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  protected next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  shuffle<T>(list: readonly T[]): T[] {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

/** How much history a demo seed writes (shift log notes, packages). */
export interface SeedHistoryOptions {
  /** The moment the history ends at (defaults to now). */
  now?: Date;
  /** Days of history (default 28). */
  days?: number;
  /** Rows per day per building (default 10). */
  perDay?: number;
  log?: (m: string) => void;
}

/** The options with their defaults. */
export const historyOf = (opts: SeedHistoryOptions) => ({
  now: opts.now ?? new Date(),
  days: opts.days ?? 28,
  perDay: opts.perDay ?? 10,
});
