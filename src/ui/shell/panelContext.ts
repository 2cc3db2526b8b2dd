import type { Endpoint } from '../../core/rpc/endpoint/endpoint.ts';
import type { EmbeddedNodeClient } from '../../io/embeddedNode.ts';
import type { Transport } from '../../io/transport/transport.ts';
import type { AppState } from '../../state/appState.ts';
import type { Store } from '../../state/createStore.ts';
import type { TemplateInfo } from '../tracers/loadTemplates.ts';
import type { ThemeSwitch } from './theme.ts';
import type { RequestController } from '../request/createRequestController.ts';
import type { PanelId } from './panelRegistry.ts';

/** The one context every side panel is mounted with (see panelRegistry). */
export interface PanelContext {
  store: Store<AppState>;
  /** Sending, cancelling, re-sending, demo values, probing (DOM-free: src/ui/request/createRequestController.ts). */
  requests: RequestController;
  /** Moves the editor's cursor to an offset of the active tracer and shows it. */
  reveal(offset: number): void;
  /** The embedded node's worker (the one the embedded endpoint's transport talks to). */
  node(): EmbeddedNodeClient;
  /** The transport for an endpoint: what Send uses, for panels that make their own calls (Replay's capture). */
  transportFor(endpoint: Endpoint): Transport;
  showPanel(id: PanelId): void;
  notify(message: string | null): void;
  /** The tracer templates (tracer-templates/), and opening one as a new tracer by its name. */
  templates: readonly TemplateInfo[];
  /** The page's colour theme (panels with their own widgets follow it). */
  theme: ThemeSwitch;
  openTemplate(name: string): void;
}
