/**
 * Reads a Chromium performance trace (the DevTools timeline categories) of the scroll: the
 * renderer main thread's busy time per scroll step (between two `step` marks) and where that
 * time went, as self time per kind of work (script, style, layout, paint …).
 */
interface TraceEvent {
  readonly name: string;
  readonly cat: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  /** Thread (CPU) time: what the step cost the core, whatever else the machine ran. */
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { readonly name?: string };
}

export const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
];

/** The DevTools summary's kinds, by trace event name; anything else is "other". */
const KINDS: Record<string, string> = {
  FunctionCall: 'script',
  EventDispatch: 'script',
  FireAnimationFrame: 'script',
  TimerFire: 'script',
  RunMicrotasks: 'script',
  EvaluateScript: 'script',
  'v8.run': 'script',
  'v8.callFunction': 'script',
  V8Execute: 'script',
  'V8.Execute': 'script',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  Commit: 'paint',
  CompositeLayers: 'paint',
  ScrollLayer: 'paint',
  HitTest: 'other',
  GCEvent: 'gc',
  MajorGC: 'gc',
  MinorGC: 'gc',
  'V8.GC_SCAVENGER': 'gc',
};

export interface TraceSummary {
  /** Main-thread busy ms of each step (wall clock). */
  readonly stepBusy: number[];
  /** The same steps' main-thread CPU ms (thread time). */
  readonly stepCpu: number[];
  /** Self CPU ms per kind over the whole scroll. */
  readonly byKind: Record<string, number>;
  /** Self ms per event name, most first. */
  readonly byName: [string, number][];
}

export function summarizeTrace(json: string): TraceSummary {
  const events = (JSON.parse(json) as { traceEvents: TraceEvent[] }).traceEvents;
  const marks = events.filter((e) => e.name === 'step' && e.cat.includes('blink.user_timing'));
  if (marks.length < 2) throw new Error('the trace has no step marks: was the scroll traced?');
  const { pid, tid } = marks[0]!;
  const from = Math.min(...marks.map((m) => m.ts));
  const to = Math.max(...marks.map((m) => m.ts));
  const stepStarts = marks.map((m) => m.ts).sort((a, b) => a - b);
  const complete = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined)
    .filter((e) => e.ts >= from && e.ts < to)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));

  const stepBusy = new Array<number>(stepStarts.length - 1).fill(0);
  const stepCpu = new Array<number>(stepStarts.length - 1).fill(0);
  const selfByName = new Map<string, number>();
  const stack: { end: number; name: string; childCpu: number; cpu: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length > 0 && stack.at(-1)!.end <= upTo) {
      const done = stack.pop()!;
      selfByName.set(
        done.name,
        (selfByName.get(done.name) ?? 0) + Math.max(0, done.cpu - done.childCpu) / 1000,
      );
    }
  };
  for (const event of complete) {
    close(event.ts);
    const dur = event.dur!;
    const cpu = event.tdur ?? dur;
    if (stack.length === 0) {
      // A top-level task: its time belongs to the step it started in.
      let step = stepStarts.findIndex((start) => start > event.ts) - 1;
      if (step < 0) step = stepBusy.length - 1;
      step = Math.min(step, stepBusy.length - 1);
      stepBusy[step]! += dur / 1000;
      stepCpu[step]! += cpu / 1000;
    } else {
      stack.at(-1)!.childCpu += cpu;
    }
    stack.push({ end: event.ts + dur, name: event.name, childCpu: 0, cpu });
  }
  close(Number.POSITIVE_INFINITY);
  const byKind: Record<string, number> = {};
  for (const [name, ms] of selfByName) {
    const kind = KINDS[name] ?? 'other';
    byKind[kind] = (byKind[kind] ?? 0) + ms;
  }
  const byName = [...selfByName].sort((a, b) => b[1] - a[1]);
  return { stepBusy, stepCpu, byKind, byName };
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}

/** A V8 CPU profile's self time per function (name, file and line), most first. */
export function topFunctions(
  profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] },
  count: number,
): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const file = frame.url.split('/').at(-1) || '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, count);
}
