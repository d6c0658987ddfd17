// What an issue keeps of a cell the sheet wrote unreadably ("12x3" for an amount), for the
// editor to start from. Apart from draft.ts, which is zod's: the importer's reading worker
// imports this, and a worker that loaded zod would start slower for every import.

/** Longer text is no value mistyped: it is not kept on the issue (its message quotes it). */
export const HELD_LIMIT = 100;
