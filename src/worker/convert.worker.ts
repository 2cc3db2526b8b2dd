// Convert to ES5: TypeScript's transpiler runs here, in a worker the page starts on the first conversion, so the
// page and the check worker never load it.
import { expose, type Endpoint } from 'comlink';
import { convertToEs5 } from '../core/convert/convertToEs5.ts';
import type { ConvertWorkerApi } from './contracts.ts';

/** The worker implementation (also used directly by unit tests). */
export const convertWorkerApi: ConvertWorkerApi = {
  convert: (source) => convertToEs5(source),
};

/** Serves the API on `endpoint` (a worker scope, or a MessagePort in a Node test). */
export function serve(endpoint: Endpoint): void {
  expose(convertWorkerApi, endpoint);
}

declare const WorkerGlobalScope: unknown;
if (typeof WorkerGlobalScope !== 'undefined') serve(self as unknown as Endpoint);
