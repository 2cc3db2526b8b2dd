import type { AppState } from '../../state/appState.ts';
import { mountConsoleView } from './mountConsoleView.ts';
import { mountInspectorView } from './mountInspectorView.ts';
import { clear, h, type Panel } from '../shell/dom.ts';
import type { PanelContext } from '../shell/panelContext.ts';

/**
 * Debugging a tracer on the embedded node: the Console (the tracer's console lines and each hook's cost, with geth's
 * estimated time) and the Inspector (the recorded steps, `this` after each, breakpoints), one view at a time.
 */
export function mountDebugPanel(el: HTMLElement, ctx: PanelContext): Panel<AppState> {
  const consoleBox = h('div', { attrs: { 'data-testid': 'debug-console-view' } });
  const inspectorBox = h('div', { attrs: { 'data-testid': 'debug-inspector-view' } });
  const tab = (text: string, testId: string) =>
    h('button', { class: 'tab', text, attrs: { role: 'tab', 'data-testid': testId } });
  const consoleTab = tab('Console', 'debug-tab-console');
  const inspectorTab = tab('Inspector', 'debug-tab-inspector');
  const choose = (inspector: boolean) => {
    ctx.showPanel('debug');
    consoleBox.hidden = inspector;
    inspectorBox.hidden = !inspector;
    consoleTab.setAttribute('aria-selected', String(!inspector));
    inspectorTab.setAttribute('aria-selected', String(inspector));
  };
  consoleTab.addEventListener('click', () => choose(false));
  inspectorTab.addEventListener('click', () => choose(true));
  el.append(
    h('div', { class: 'debug-tabs', attrs: { role: 'tablist', 'aria-label': 'Debug views' } }, [
      consoleTab,
      inspectorTab,
    ]),
    consoleBox,
    inspectorBox,
  );
  const views = [
    mountConsoleView(consoleBox, ctx, () => choose(true)),
    mountInspectorView(inspectorBox, ctx, () => choose(true)),
  ];
  consoleBox.hidden = false;
  inspectorBox.hidden = true;
  consoleTab.setAttribute('aria-selected', 'true');
  inspectorTab.setAttribute('aria-selected', 'false');
  return {
    update() {},
    dispose() {
      views.forEach((v) => v.dispose());
      clear(el);
    },
  };
}
