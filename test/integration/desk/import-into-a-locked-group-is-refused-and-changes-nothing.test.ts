// The service takes no new payment into a locked group, so every row would fail at its sync:
// an import into one is refused before anything is written, naming the group, and a batch
// cannot be moved into one either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGroup } from '../../../shared/service';
import { openTestDesk, type TestDesk } from '../../support/desk';

const SHEET = 'test/fixtures/payouts-template.csv';

let t: TestDesk;
let locked: PaymentGroup;
beforeAll(async () => {
  t = await openTestDesk();
  const page = await t.desk.api.listGroups({ query: { locked: [true] } });
  locked = page.items[0] as PaymentGroup;
  expect(locked.locked).toBe(true);
});
afterAll(() => t.close());

const refusal = () => ({
  code: 'invalid_input',
  message: `payment group "${locked.name}" (${locked.id}) is locked: no new payments can be added to it`,
  details: { group_id: locked.id, locked: true },
});

describe('a locked payment group', () => {
  it('is refused for an import, which leaves no batch and no saved mapping behind', async () => {
    const { api } = t.desk;
    await expect(
      api.importSheet({ file: SHEET, group_id: locked.id, batch_name: 'Into a locked group' }),
    ).rejects.toMatchObject(refusal());
    expect(await api.listBatches({})).toEqual({ batches: [] });
    expect(await api.listMappings({})).toEqual({ mappings: [] });
  });

  it('is refused for a batch already imported, which keeps its group', async () => {
    const { api } = t.desk;
    const imported = await api.importSheet({ file: SHEET, batch_name: 'Open' });
    await expect(api.setBatchGroup({ batch: 'Open', group_id: locked.id })).rejects.toMatchObject(
      refusal(),
    );
    expect((await api.getBatch({ batch: 'Open' })).group).toEqual(imported.group);
  });
});
