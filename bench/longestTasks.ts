/** A task of a Chromium trace: its wall time and the CPU time its thread had meanwhile (ms). */
export interface TracedTask {
  wall: number;
  cpu: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The top-level tasks of the busiest renderer main thread (the page's) in a Chromium trace (`toplevel` category):
 * the longest by wall time and the longest by CPU time. On a loaded machine a task's wall time includes the time
 * its thread waited for a core; its CPU time does not.
 */
export function longestTasks(traceJson: string): { byWall: TracedTask; byCpu: TracedTask } {
  const parsed = JSON.parse(traceJson) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TracedTask[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name !== 'ThreadControllerImpl::RunTask' || e.ph !== 'X' || !mains.has(key)) continue;
    const list = byThread.get(key) ?? [];
    list.push({ wall: (e.dur ?? 0) / 1000, cpu: (e.tdur ?? 0) / 1000 });
    byThread.set(key, list);
  }
  const total = (ts: TracedTask[]) => ts.reduce((s, t) => s + t.cpu, 0);
  const tasks = [...byThread.values()].sort((a, b) => total(b) - total(a))[0] ?? [];
  const pick = (k: keyof TracedTask) => tasks.reduce((m, t) => (t[k] > m[k] ? t : m), { wall: 0, cpu: 0 });
  return { byWall: pick('wall'), byCpu: pick('cpu') };
}
