/**
 * What stories and tests answer the screens with (docs/architecture.md "Packages"): the MSW
 * `mock(operation, resolver)`, the entities' handlers and fixtures, each feature's mocks and the
 * fake geolocation. No React here: a unit test may import it. Production code never does
 * (tests/architecture.test.ts "production code imports no mocks").
 */
export * from './booking/bookingFixtures.ts';
export * from './booking/bookingMocks.ts';
export * from './booking/calendarMocks.ts';
export * from './demo/fakeGeolocation.ts';
export * from './driver/boardMocks.ts';
export * from './driver/driverMocks.ts';
export * from './freight/freightMocks.ts';
export * from './home/homeMocks.ts';
export * from './mocks/index.ts';
export * from './mocks/savedViewHandlers.ts';
export * from './performance/performanceMocks.ts';
export * from './shipmentPlanning/bookingShipmentMocks.ts';
export * from './shipmentPlanning/planningMocks.ts';
