// The periods a statement is asked for. The default leaves both ends to the service (its own
// "last 30 days up to now"): the service's clock, not this machine's, decides what "now" is.
// The others are whole days of the user's own calendar, sent as instants.

export interface StatementRange {
  /** ISO 8601 instants; null leaves that end to the service's default. */
  start: string | null;
  end: string | null;
}

export type QuickRange = 'last30' | 'thisMonth' | 'lastMonth';

export const QUICK_RANGES: Record<QuickRange, string> = {
  last30: 'Last 30 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
};

const startOfDay = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate());
const endOfDay = (day: Date) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 59, 999);

export function quickRange(range: QuickRange, now: Date = new Date()): StatementRange {
  const year = now.getFullYear();
  const month = now.getMonth();
  switch (range) {
    case 'last30':
      return { start: null, end: null };
    case 'thisMonth':
      return {
        start: new Date(year, month, 1).toISOString(),
        end: new Date(new Date(year, month + 1, 1).getTime() - 1).toISOString(),
      };
    case 'lastMonth':
      return {
        start: new Date(year, month - 1, 1).toISOString(),
        end: new Date(new Date(year, month, 1).getTime() - 1).toISOString(),
      };
  }
}

/** From the day a batch was first sent (or made) up to the service's now. */
export function batchRange(batch: {
  created_at: string;
  last_sync: { started_at: string } | null;
}): StatementRange {
  const from = new Date(batch.last_sync?.started_at ?? batch.created_at);
  return { start: startOfDay(from).toISOString(), end: null };
}

/** Typed days (YYYY-MM-DD from date inputs), whole days in the user's calendar. */
export function dayRange(from: string, to: string): StatementRange {
  const day = (text: string) => {
    const [y, m, d] = text.split('-').map(Number);
    return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1);
  };
  return {
    start: from ? startOfDay(day(from)).toISOString() : null,
    end: to ? endOfDay(day(to)).toISOString() : null,
  };
}

/** An instant as the YYYY-MM-DD of the user's calendar, for a date input. */
export function dayOf(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
