import { createOverflowRow } from './createOverflowMenu.ts';
import { h } from './dom.ts';

/** A side panel's tab: the layout needs only its id and title (the page passes panelRegistry). */
export interface PanelTab<Id extends string> {
  readonly id: Id;
  readonly title: string;
}

/** The elements of the page shell. */
export interface Layout<PanelId extends string> {
  topbar: HTMLElement;
  tracerTabs: HTMLElement;
  actions: HTMLElement;
  notice: HTMLElement;
  noticeText: HTMLElement;
  /** The bar above the editor: Run, and what it sends where (./send/mountRunBar.ts). */
  runBar: HTMLElement;
  editorHost: HTMLElement;
  panels: Record<PanelId, HTMLElement>;
  statusbar: HTMLElement;
  showPanel(id: PanelId): void;
}

/** The top bar: the title, the tracer tabs and the actions. */
function buildTopbar(): { topbar: HTMLElement; tracerTabs: HTMLElement; actions: HTMLElement } {
  const tracerTabs = h('div', { class: 'tabs', attrs: { role: 'tablist', 'aria-label': 'Tracers' } });
  // The actions take the rest of the bar's one line, right-aligned; what does not fit goes into their More menu.
  const actions = h('div', { class: 'actions' });
  const topbar = h('header', { class: 'topbar' }, [
    h('h1', { text: 'Tracer Playground' }),
    tracerTabs,
    actions,
  ]);
  return { topbar, tracerTabs, actions };
}

/** The editor's pane: the run bar over the editor. */
function buildEditorPane(): { editorPane: HTMLElement; runBar: HTMLElement; editorHost: HTMLElement } {
  const editorHost = h('div', { class: 'editor-host', attrs: { 'data-testid': 'editor' } });
  const runBar = h('div', { class: 'run-bar', attrs: { role: 'toolbar', 'aria-label': 'Run the tracer' } });
  const editorPane = h('section', { class: 'editor-pane', attrs: { 'aria-label': 'Tracer source' } }, [
    runBar,
    editorHost,
  ]);
  return { editorPane, runBar, editorHost };
}

const buildSplitter = () =>
  h('div', {
    class: 'splitter',
    attrs: {
      role: 'separator',
      'aria-orientation': 'vertical',
      tabindex: '0',
      title: 'Drag to resize (arrow keys too)',
    },
  });

/** The side pane: a tab strip and one body per panel, in the order given. */
function buildSidePane<PanelId extends string>(
  panelTabs: readonly PanelTab<PanelId>[],
  onTab: (id: PanelId) => void,
): {
  sidePane: HTMLElement;
  tabStrip: HTMLElement;
  panels: Record<PanelId, HTMLElement>;
  tabs: Record<PanelId, HTMLButtonElement>;
} {
  const tabStrip = h('div', { class: 'panel-tabs', attrs: { role: 'tablist', 'aria-label': 'Panels' } });
  const sidePane = h('section', { class: 'side-pane' }, [tabStrip]);
  const panels = {} as Record<PanelId, HTMLElement>;
  const tabs = {} as Record<PanelId, HTMLButtonElement>;
  panelTabs.forEach(({ id, title }, i) => {
    tabs[id] = h('button', {
      class: 'tab',
      text: title,
      title: `${title} (Alt+${i + 1})`,
      attrs: { role: 'tab', 'data-panel': id },
      on: { click: () => onTab(id) },
    });
    panels[id] = h('div', { class: 'panel-body', attrs: { role: 'tabpanel', 'data-testid': `panel-${id}` } });
    tabStrip.append(tabs[id]);
    sidePane.append(panels[id]);
  });
  return { sidePane, tabStrip, panels, tabs };
}

/** Builds the shell: top bar, notice line, run bar over the editor | splitter | a tab per side panel (in the order given), status bar. */
export function createLayout<PanelId extends string>(
  root: HTMLElement,
  panelTabs: readonly PanelTab<PanelId>[],
): Layout<PanelId> {
  const panelIds = panelTabs.map((t) => t.id);
  const { topbar, tracerTabs, actions } = buildTopbar();
  const noticeText = h('span', { attrs: { 'data-testid': 'notice' } });
  const notice = h('div', { class: 'notice', attrs: { role: 'status' } }, [noticeText]);
  notice.hidden = true;
  const { editorPane, runBar, editorHost } = buildEditorPane();
  const splitter = buildSplitter();
  let fitTabs = () => {};
  const showPanel = (id: PanelId) => {
    for (const p of panelIds) {
      panels[p].hidden = p !== id;
      tabs[p].setAttribute('aria-selected', String(p === id));
    }
    // The chosen tab is always in the strip (Alt+digit never opens a tab nobody sees).
    fitTabs();
  };
  const { sidePane, tabStrip, panels, tabs } = buildSidePane(panelTabs, showPanel);
  const statusbar = h('footer', { class: 'statusbar' });
  root.replaceChildren(
    topbar,
    notice,
    h('main', { class: 'workspace' }, [editorPane, splitter, sidePane]),
    statusbar,
  );
  attachSplitter(splitter, editorPane, sidePane);
  const tabOverflow = createOverflowRow(
    tabStrip,
    panelIds.map((id) => tabs[id]),
    {
      label: 'More',
      testId: 'panel-more',
      popupRole: 'tablist',
      keep: (tab) => tab.getAttribute('aria-selected') === 'true',
    },
  );
  fitTabs = tabOverflow.fit;
  showPanel(panelIds[0]);
  return {
    topbar,
    tracerTabs,
    actions,
    notice,
    noticeText,
    runBar,
    editorHost,
    panels,
    statusbar,
    showPanel,
  };
}

function attachSplitter(splitter: HTMLElement, left: HTMLElement, right: HTMLElement): void {
  const setRight = (px: number) => {
    const total = left.offsetWidth + right.offsetWidth;
    const clamped = Math.max(280, Math.min(total - 200, px));
    right.style.flex = `0 0 ${clamped}px`;
  };
  splitter.addEventListener('pointerdown', (e) => {
    splitter.setPointerCapture(e.pointerId);
    splitter.classList.add('dragging');
    const move = (ev: PointerEvent) => setRight(right.getBoundingClientRect().right - ev.clientX);
    const up = () => {
      splitter.classList.remove('dragging');
      splitter.removeEventListener('pointermove', move);
      splitter.removeEventListener('pointerup', up);
    };
    splitter.addEventListener('pointermove', move);
    splitter.addEventListener('pointerup', up);
  });
  splitter.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft') setRight(right.offsetWidth + 40);
    else if (e.key === 'ArrowRight') setRight(right.offsetWidth - 40);
  });
}
