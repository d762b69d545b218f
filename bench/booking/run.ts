// `npm run bench -- booking`: the engine's suggestion latency, then confirm throughput against PostgreSQL.
await import('./engine.ts');
await import('./confirm.ts');

export {};
