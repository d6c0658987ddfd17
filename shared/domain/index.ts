// The public API of shared/domain: exact money, ISO code lists (currencies, countries and SEPA,
// purpose codes), bank identifier checks and the draft state machine. Pure TypeScript, usable in
// every process.
export * from './money';
export * from './currencies';
export * from './countries';
export * from './purpose-codes';
export * from './bank-identifiers';
export * from './draft-state';
