// A new batch pays from the first open group unless the person picks another. For a sheet whose
// payments are mostly in another currency than that group's wallet, the wizard proposes the
// first open group whose wallet is in theirs, and says why; where there is none, it says so.
// The command proposes the same (the CLI's import test).
import { describe, expect, it } from 'vitest';
import { proposedGroup } from '../../../shared/domain/group-proposal';

const group = (id: string, currency: string, locked = false) => ({
  id,
  name: id,
  locked,
  wallet: { currency },
});
const GROUPS = [
  group('Payroll last month', 'EUR', true),
  group('Payroll this month', 'GBP'),
  group('EU suppliers', 'EUR'),
  group('Customer refunds', 'EUR'),
];

describe('the group proposed for a sheet', () => {
  it('is the first open group paying from a wallet in the currency most payments name', () => {
    const proposal = proposedGroup(GROUPS, [
      { currency: 'EUR', payments: 18 },
      { currency: 'GBP', payments: 2 },
    ]);
    expect(proposal?.group?.id).toBe('EU suppliers');
    expect(proposal?.reason).toBe(
      'Proposed for this sheet: 18 of the 20 payments previewed are in EUR or to EUR accounts, and the first open group, Payroll this month, pays from a GBP wallet.',
    );
  });

  it('is none when the first open group pays in their currency already', () => {
    expect(proposedGroup(GROUPS, [{ currency: 'GBP', payments: 20 }])).toBeNull();
  });

  it('is none when no currency is named by most of the payments, or none is named', () => {
    expect(
      proposedGroup(GROUPS, [
        { currency: 'EUR', payments: 10 },
        { currency: 'USD', payments: 10 },
      ]),
    ).toBeNull();
    expect(proposedGroup(GROUPS, [])).toBeNull();
  });

  it('says so when no open group pays from a wallet in that currency', () => {
    expect(proposedGroup(GROUPS, [{ currency: 'USD', payments: 5 }])).toEqual({
      group: null,
      reason:
        '5 of the 5 payments previewed are in USD or to USD accounts, and no open group pays from a USD wallet: the first open group, Payroll this month, pays from a GBP wallet.',
    });
  });

  it("writes its counts as the face asks (the window: in the person's locale)", () => {
    const proposal = proposedGroup(GROUPS, [{ currency: 'EUR', payments: 1200 }], (count) =>
      new Intl.NumberFormat('de-DE').format(count),
    );
    expect(proposal?.reason).toContain('1.200 of the 1.200 payments previewed are in EUR');
  });

  it('is none when there is no open group', () => {
    expect(
      proposedGroup([group('Closed', 'GBP', true)], [{ currency: 'EUR', payments: 3 }]),
    ).toBeNull();
  });
});
