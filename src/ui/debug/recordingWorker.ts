import { transfer, wrap, type Remote } from 'comlink';
import type { RecordingQueries, RecordingWorkerApi } from '../../worker/recording/recordingContract.ts';
import type { DebugRunAnswer, DebugRunOptions, Recording, RecordingClient } from './debugRun.ts';

let worker: Remote<RecordingWorkerApi> | null = null;

/** The page's recording worker (started on first use): it keeps the last recording and answers the Inspector. */
function recordingWorker(): Remote<RecordingWorkerApi> {
  worker ??= wrap<RecordingWorkerApi>(
    new Worker(new URL('../../worker/recording/recording.worker.ts', import.meta.url), {
      type: 'module',
      name: 'recording',
    }),
  );
  return worker;
}

/** A node's debugging run that can post its recording on a port (the embedded node's worker). */
export type PortDebugTrace = (
  request: unknown,
  options: DebugRunOptions & { recording?: MessagePort },
) => Promise<DebugRunAnswer>;

/**
 * Runs `debugTrace` with a recording that goes from the node's worker straight to the recording worker (the page
 * gives both ends of a channel): the page's main thread never holds the recorded steps, only the recording's
 * summary and a way to ask for what it draws.
 */
export async function runWithRecordingWorker(
  debugTrace: PortDebugTrace,
  request: unknown,
  options: DebugRunOptions,
): Promise<DebugRunAnswer> {
  if (!options.inspect) return debugTrace(request, options);
  const channel = new MessageChannel();
  const loading = recordingWorker().load(transfer(channel.port1, [channel.port1]));
  const answer = await debugTrace(
    request,
    transfer({ ...options, recording: channel.port2 }, [channel.port2]),
  );
  const loaded = await loading;
  const recording: Recording | null = loaded && {
    summary: loaded.summary,
    queries: wrap<RecordingQueries>(loaded.port) as unknown as RecordingClient,
  };
  return { ...answer, recording };
}
