/** What the page's keyboard shortcuts do. */
export interface ShortcutActions {
  /** Alt+1…Alt+9: the side panel at this position (0-based) of the registry, when there is one. */
  showPanelAt(index: number): boolean;
  save(): void;
  newTracer(): void;
  send(): void;
  /** Cancels the request in flight; false when there is none (Escape then does what it does elsewhere). */
  cancel(): boolean;
}

/**
 * Binds the page-wide shortcuts: Alt+digit panels, Ctrl/Cmd+S save, Alt+N new tracer, Ctrl/Cmd+Enter send, Escape
 * cancels a request in flight.
 */
export function bindShortcuts(target: Window, actions: ShortcutActions): void {
  target.addEventListener('keydown', (e) => {
    if (e.altKey && /^Digit[1-9]$/.test(e.code)) {
      if (actions.showPanelAt(Number(e.code.slice(5)) - 1)) e.preventDefault();
    } else if ((e.ctrlKey || e.metaKey) && e.code === 'KeyS') {
      // Work is saved automatically; the reflex shortcut saves at once instead of opening the browser's dialog.
      actions.save();
      e.preventDefault();
    } else if (e.altKey && e.code === 'KeyN') {
      actions.newTracer();
      e.preventDefault();
    } else if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
      actions.send();
      e.preventDefault();
    } else if (e.key === 'Escape' && !e.altKey && !e.ctrlKey && !e.metaKey) {
      if (actions.cancel()) e.preventDefault();
    }
  });
}
