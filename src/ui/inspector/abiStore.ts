// The ABI the user pasted for decoding, kept in localStorage beside the saved work, and the book built from it
// (the shipped table plus the user's items), rebuilt only when the text changes.
import { createAbiBook, parseAbiText, signatureOfSelector, type AbiBook } from '../../core/abi/abiBook.ts';

/** The localStorage key of the pasted ABI text. */
export const abiStorageKey = 'tracer-playground.abi';

let cachedText: string | null = null;
let cachedBook: AbiBook | null = null;
let cachedError: string | null = null;
const listeners = new Set<() => void>();

const storage = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

/** The ABI text the user saved ('' when none). */
export function savedAbiText(): string {
  return storage()?.getItem(abiStorageKey) ?? '';
}

function rebuild(): void {
  const text = savedAbiText();
  if (text === cachedText && cachedBook) return;
  const parsed = parseAbiText(text);
  cachedText = text;
  cachedError = parsed.error;
  cachedBook = createAbiBook(parsed.abi);
}

/** The book the views decode with. */
export function abiBook(): AbiBook {
  rebuild();
  return cachedBook!;
}

/** Why the saved ABI could not be read, or null. */
export function abiError(): string | null {
  rebuild();
  return cachedError;
}

/** Saves a new ABI text (empty to forget it) and tells the views, which name their frames again. */
export function saveAbiText(text: string): void {
  const s = storage();
  if (text.trim()) s?.setItem(abiStorageKey, text);
  else s?.removeItem(abiStorageKey);
  for (const fn of listeners) fn();
}

/** Calls `fn` whenever the ABI changes; returns the unsubscribe. */
export function onAbiChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The signature of a selector from the shipped table or the user's ABI. */
export function nameOfSelector(selector: string | null): string | null {
  return signatureOfSelector(abiBook(), selector);
}
