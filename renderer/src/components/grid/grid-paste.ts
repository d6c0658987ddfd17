// A paste in the grid: its values placed in the cells from the focused one on, then saved as
// one change where the source can (so that one undo takes the paste back), else cell by cell as
// if typed; and what the grid says of it.
import type { GridColumn, GridSource, PastedCell } from './grid-source';
import type { PageCache } from './page-cache.svelte';

/** A pasted value with the row it lands on and that row's place in the list. */
export type PlacedCell<Row> = PastedCell<Row> & { index: number };

/**
 * The cells the values land in, from the focused cell (`row`, `col`) on; the values refused
 * (a column that cannot be edited), and how many fell past the list's last row or column.
 */
export async function placePasted<Row>(
  values: string[][],
  at: {
    row: number;
    col: number;
    rowCount: number;
    columns: GridColumn<Row>[];
    cache: PageCache<Row>;
  },
): Promise<{ cells: PlacedCell<Row>[]; refused: string[]; beyond: number }> {
  const cells: PlacedCell<Row>[] = [];
  const refused: string[] = [];
  let beyond = 0;
  for (const [r, line] of values.entries()) {
    const index = at.row + r;
    if (index >= at.rowCount) {
      beyond += line.length;
      continue;
    }
    for (const [c, value] of line.entries()) {
      const column = at.columns[at.col + c];
      if (!column) {
        beyond += line.length - c;
        break;
      }
      if (!column.editText) {
        refused.push(`${column.header} cannot be edited`);
        continue;
      }
      const row = await at.cache.rowAt(index);
      if (row) cells.push({ index, row, column: column.id, text: value });
    }
  }
  return { cells, refused, beyond };
}

/**
 * Saves the cells, the rows as saved put back in the cache; how many were saved, and refused
 * without a reason of their own (`unnamed`). Each refusal's reason is added to `refused`.
 */
export async function savePasted<Row>(
  source: GridSource<Row>,
  cache: PageCache<Row>,
  cells: PlacedCell<Row>[],
  refused: string[],
): Promise<{ saved: number; unnamed: number }> {
  if (!source.saveBlock)
    return { saved: await saveEach(source, cache, cells, refused), unnamed: 0 };
  if (cells.length === 0) return { saved: 0, unnamed: 0 };
  try {
    const done = await source.saveBlock(cells);
    refused.push(...done.refused);
    const indexOf = new Map(cells.map((cell) => [source.rowId(cell.row), cell.index]));
    for (const row of done.rows) {
      const index = indexOf.get(source.rowId(row));
      if (index !== undefined) cache.setRow(index, row);
    }
    return { saved: done.saved, unnamed: done.unnamed };
  } catch (error) {
    refused.push(error instanceof Error ? error.message : String(error));
    return { saved: 0, unnamed: 0 };
  }
}

/** The cells saved one by one, as if typed; how many were saved. */
async function saveEach<Row>(
  source: GridSource<Row>,
  cache: PageCache<Row>,
  cells: PlacedCell<Row>[],
  refused: string[],
): Promise<number> {
  let saved = 0;
  for (const { index, row, column, text } of cells) {
    try {
      // The row as the last value saved into it left it (two values pasted into one row).
      const current = (await cache.rowAt(index)) ?? row;
      cache.setRow(index, await source.save(current, column, text));
      saved += 1;
    } catch (error) {
      refused.push(error instanceof Error ? error.message : String(error));
    }
  }
  return saved;
}

/** "Pasted 2 cells; 1 refused: …; 1 value past the last row or column not pasted" */
export function pastedNote(
  saved: number,
  refused: readonly string[],
  unnamed: number,
  beyond: number,
): string {
  const refusals = refused.length + unnamed;
  return (
    `Pasted ${saved} cell${saved === 1 ? '' : 's'}` +
    (refusals ? `; ${refusals} refused: ${[...new Set(refused)].join('; ')}` : '') +
    // Values past the list's last row or its last column: said, never dropped unsaid.
    (beyond
      ? `; ${beyond} value${beyond === 1 ? '' : 's'} past the last row or column not pasted`
      : '')
  );
}
