// The sandbox clock: real time plus an offset that tests and demos move forward with
// POST /_sandbox/clock. Kept in the database so a restart keeps the sandbox's "now".
export interface Clock {
  now(): number;
}

export class SandboxClock implements Clock {
  constructor(
    private offsetMs: number,
    private readonly persist: (offsetMs: number) => void,
  ) {}

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(seconds: number): number {
    this.offsetMs += Math.round(seconds * 1000);
    this.persist(this.offsetMs);
    return this.now();
  }

  reset(): void {
    this.offsetMs = 0;
    this.persist(0);
  }
}
