import { getPriority, setPriority } from 'node:os';

/**
 * A setup file of the node-side projects (unit, server, e2e). Their workers, and the servers and
 * headless shells the e2e files start from them, run one step behind the stories' tab for the CPU.
 * The suite is CPU-bound on 2 cores and runs as two chains: the stories' one tab and the node side.
 * At nice 0 the tab ran ~40 s alone after the node side had ended, with a core idle; at nice 5,
 * once the stories had become cheaper, the node side ran ~45 s alone after the tab (553 s run,
 * docs/performance.md). Nice 3 lies between: the two chains end closer together. The node side
 * still gets what the tab leaves. Nothing here waits on a clock that this moves.
 */
const NODE_SIDE_NICE = 3;

// Only ever lower our priority (a higher number): raising it back would need privileges, and
// a run started at a lower priority already (nice npm test) keeps its own.
if (getPriority() < NODE_SIDE_NICE) setPriority(NODE_SIDE_NICE);
