/**
 * How much of a page load's long main-thread tasks was work and how much was waiting for a core,
 * read from the trace Lighthouse recorded (unthrottled, on this machine).
 *
 * Why: Lighthouse's simulation keeps the main-thread tasks of 10 ms or more (shorter ones are
 * pruned from its graph) and multiplies their wall time by 4 for a phone's CPU. On a shared 2-core
 * machine, the renderer also waits for a core behind the browser process, the tracing service,
 * the GPU process and the server, and that waiting is multiplied too. Trace events carry both
 * the wall time (`dur`) and the thread's CPU time (`tdur`): their sum over the long tasks before
 * the LCP tells a slower page (more CPU) from a busier machine (more waiting).
 */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Lantern's SIGNIFICANT_DUR_THRESHOLD_MS: shorter tasks are pruned from the simulation. */
const SIGNIFICANT_TASK_MS = 10;

export interface MainThreadWaits {
  /** Top-level tasks of 10 ms or more that started before the last LCP candidate. */
  tasks: number;
  wallMs: number;
  cpuMs: number;
}

export function mainThreadWaits(events: readonly TraceEvent[]): MainThreadWaits | null {
  // The page's renderer: of the renderer main threads, the one with the most events.
  const counts = new Map<string, number>();
  for (const event of events)
    counts.set(`${event.pid}:${event.tid}`, (counts.get(`${event.pid}:${event.tid}`) ?? 0) + 1);
  let main: TraceEvent | undefined;
  for (const event of events) {
    if (event.name !== 'thread_name' || event.args?.name !== 'CrRendererMain') continue;
    const count = counts.get(`${event.pid}:${event.tid}`) ?? 0;
    if (!main || count > (counts.get(`${main.pid}:${main.tid}`) ?? 0)) main = event;
  }
  if (!main) return null;
  const onMain = (event: TraceEvent) => event.pid === main.pid && event.tid === main.tid;
  const lcp = events
    .filter((event) => event.pid === main.pid && event.name === 'largestContentfulPaint::Candidate')
    .reduce((latest, event) => Math.max(latest, event.ts), -Infinity);
  if (lcp === -Infinity) return null;
  const result: MainThreadWaits = { tasks: 0, wallMs: 0, cpuMs: 0 };
  for (const event of events) {
    if (!onMain(event) || event.name !== 'RunTask' || event.ph !== 'X' || event.ts > lcp) continue;
    if ((event.dur ?? 0) < SIGNIFICANT_TASK_MS * 1000) continue;
    result.tasks += 1;
    result.wallMs += (event.dur ?? 0) / 1000;
    result.cpuMs += (event.tdur ?? 0) / 1000;
  }
  return result;
}
