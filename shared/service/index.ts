// The Payments Service wire format: the one place its field names and rules are written.
// The sandbox (server) and the app's client both use these schemas and nothing else.
export * from './common';
export * from './token';
export * from './payment';
export * from './beneficiary';
export * from './validation';
export * from './import-job';
export * from './group';
export * from './wallet';
