import type { KeyValueStorage } from '../../state/persist.ts';

/** What the user picks: follow the system, or always light or dark. */
export type ThemeChoice = 'system' | 'light' | 'dark';
/** What the page shows. */
export type Theme = 'light' | 'dark';

const storageKey = 'tracer-playground:theme';
const choices: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** The page's theme: the remembered choice, resolved against the system's preference, applied as data-theme. */
export interface ThemeSwitch {
  choice(): ThemeChoice;
  current(): Theme;
  set(choice: ThemeChoice): void;
  /** Called with the resolved theme now and on every change (the choice, or the system's while following it). */
  subscribe(listener: (theme: Theme) => void): void;
}

/**
 * Creates the theme switch over `storage` (an unreadable or unknown saved choice is `system`) and applies it to
 * `root` (the document element: CSS reads `data-theme`).
 */
export function createThemeSwitch(
  storage: KeyValueStorage,
  root: HTMLElement,
  systemDark: MediaQueryList,
): ThemeSwitch {
  const saved = storage.getItem(storageKey);
  let choice: ThemeChoice = choices.includes(saved as ThemeChoice) ? (saved as ThemeChoice) : 'system';
  const listeners: ((t: Theme) => void)[] = [];
  const resolve = (): Theme => (choice === 'system' ? (systemDark.matches ? 'dark' : 'light') : choice);
  const apply = () => {
    const theme = resolve();
    root.dataset.theme = theme;
    for (const l of listeners) l(theme);
  };
  systemDark.addEventListener('change', () => choice === 'system' && apply());
  apply();
  return {
    choice: () => choice,
    current: resolve,
    set(next) {
      choice = next;
      try {
        storage.setItem(storageKey, next);
      } catch {
        // Storage full or refused: the choice still applies to this tab.
      }
      apply();
    },
    subscribe(listener) {
      listeners.push(listener);
      listener(resolve());
    },
  };
}
