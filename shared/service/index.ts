// The Payments Service wire format: the one place field names and rules are written.
export * from './common';
export * from './token';
export * from './payment';
export * from './beneficiary';
export * from './validation';
export * from './import-job';
export * from './group';
export * from './wallet';
