import { embeddedNodeHandle } from '../../io/embeddedNode.ts';
import type { PanelContext } from '../shell/panelContext.ts';
import { createRunHere, type RunHere } from './createRunHere.ts';

const made = new WeakMap<object, RunHere>();

/**
 * The page's one run-here (the probe card and the Replay panel share its status), made on first use over the panel
 * context, with the embedded node's restart (a cancelled run stops the worker, as a cancelled trace does).
 */
export function runHereFor(panel: PanelContext): RunHere {
  let r = made.get(panel.store);
  if (!r) {
    const { store, requests, node, transportFor } = panel;
    r = createRunHere({ store, requests, node, transportFor, restartNode: embeddedNodeHandle.restart });
    made.set(panel.store, r);
  }
  return r;
}
