/** The API contract: every non-CRUD operation's schemas, imported by the server and the client. */
export * from './account.ts';
export * from './appointment.ts';
export * from './booking.ts';
export * from './calendar.ts';
export * from './common.ts';
export * from './crud.ts';
export * from './documents.ts';
export * from './files.ts';
export * from './health.ts';
export * from './home.ts';
export * from './import.ts';
export * from './integration.ts';
export * from './locationTracking.ts';
export * from './privacy.ts';
export * from './savedViews.ts';
export * from './search.ts';
export * from './shipmentPlanning.ts';
