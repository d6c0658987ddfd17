// Rules every process needs: exact money, code lists, bank identifier checks.
export * from './money';
export * from './currencies';
export * from './countries';
export * from './purpose-codes';
export * from './bank-identifiers';
