/**
 * bench/api's load generator, forked by run.ts so that autocannon's CPU is not the server's: the
 * options arrive as the first argument (JSON), the result goes back over IPC.
 */
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]!) as autocannon.Options;
const result = await autocannon(options);
process.send!({
  p50: result.latency.p50,
  p97_5: result.latency.p97_5,
  p99: result.latency.p99,
  rps: result.requests.average,
  non2xx: result.non2xx,
  errors: result.errors,
});
process.disconnect();
