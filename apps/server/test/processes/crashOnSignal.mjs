// Loaded into the supervised server by supervisor.test.ts (NODE_OPTIONS=--import): SIGUSR2 makes
// it throw an error nobody catches, as a bug would, so the test can see the supervisor recover.
process.on('SIGUSR2', () => {
  setTimeout(() => {
    throw new Error('an uncaught error thrown by the supervisor test');
  });
});
