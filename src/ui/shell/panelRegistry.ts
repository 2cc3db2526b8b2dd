import type { AppState } from '../../state/appState.ts';
import type { Panel } from './dom.ts';
import { mountApiPanel } from '../api/mountApiPanel.ts';
import { mountDebugPanel } from '../debug/mountDebugPanel.ts';
import { mountEndpointsPanel } from '../endpoints/mountEndpointsPanel.ts';
import { mountHistoryPanel } from '../history/mountHistoryPanel.ts';
import { mountProblemsPanel } from '../problems/mountProblemsPanel.ts';
import { mountReplayPanel } from '../replay/mountReplayPanel.ts';
import { mountRequestPanel } from '../request/mountRequestPanel.ts';
import { mountResultPanel } from '../result/mountResultPanel.ts';
import { mountSendPanel } from '../send/mountSendPanel.ts';
import type { PanelContext } from './panelContext.ts';

/** A side panel: its id, its tab's title, and how it is mounted into its tab's element. */
export interface PanelSpec {
  readonly id: string;
  readonly title: string;
  mount(el: HTMLElement, ctx: PanelContext): Panel<AppState>;
}

/**
 * Every side panel, in tab order: the layout makes a tab per row, Alt+1…Alt+N follow this order, and the page
 * mounts each with the same {@link PanelContext}. Adding a panel is a row here (see docs/architecture.md).
 */
export const panelRegistry = [
  { id: 'problems', title: 'Problems', mount: mountProblemsPanel },
  { id: 'send', title: 'Ready to send', mount: mountSendPanel },
  { id: 'request', title: 'Request', mount: mountRequestPanel },
  { id: 'result', title: 'Result', mount: mountResultPanel },
  { id: 'history', title: 'History', mount: mountHistoryPanel },
  { id: 'endpoints', title: 'Endpoints', mount: mountEndpointsPanel },
  { id: 'replay', title: 'Replay', mount: mountReplayPanel },
  { id: 'api', title: 'Tracer API', mount: mountApiPanel },
  { id: 'debug', title: 'Debug', mount: mountDebugPanel },
] as const satisfies readonly PanelSpec[];

/** A side panel's id. */
export type PanelId = (typeof panelRegistry)[number]['id'];
