import { defineRule, type LintPass, type TracerRule } from './defineRule.ts';
import {
  accessorHook,
  duplicateMember,
  enterExitPair,
  hookArity,
  hookNotFunction,
  missingFault,
  missingResult,
} from './checkShape.ts';
import { notAnObject } from './extractTracerObject.ts';
import {
  exportDefault,
  functionWrapper,
  moduleExports,
  parenthesized,
  trailingSemicolon,
} from './formDiagnostics.ts';
import { lintBufferArgs } from './lintBufferArgs.ts';
import { lintConsole } from './lintConsole.ts';
import { lintDoubleQuoted } from './lintDoubleQuoted.ts';
import { lintBigIntHexPrefix, lintCreate2Salt, lintPrecompiledInSetup } from './lintHelperCalls.ts';
import { lintKnownStrings } from './lintKnownStrings.ts';
import { lintMembers } from './lintMembers.ts';
import { lintBigIntEquality, lintNegativePeek, lintUnknownGlobal } from './lintMisc.ts';
import { lintResultReturn } from './lintResultReturn.ts';
import { lintSetupConfig } from './lintSetupConfig.ts';
import { lintStoredLog } from './lintStoredLog.ts';
import { lintThis } from './lintThis.ts';
import { lintUndeclared } from './lintUndeclared.ts';

export type { LintPass, TracerRule } from './defineRule.ts';

/** The lint modules `checkTracer` runs on every node of the tracer object, in this order. */
export const lintPasses: readonly LintPass[] = [
  lintMembers,
  lintKnownStrings,
  lintThis,
  lintBufferArgs,
  lintStoredLog,
  lintSetupConfig,
  lintResultReturn,
  lintDoubleQuoted,
  lintUnknownGlobal,
  lintUndeclared,
  lintNegativePeek,
  lintBigIntEquality,
  lintCreate2Salt,
  lintPrecompiledInSetup,
  lintBigIntHexPrefix,
  lintConsole,
];

/** The diagnostic `checkTracer` reports when it throws. */
export const internalError = defineRule('internal-error', 'error', 'the check itself failed (a bug)');

/**
 * Every rule `checkTracer` can report (besides checkEs5's `es5/*`), for docs, help and filters: derived from the
 * rule objects of the form, shape and lint modules.
 */
export const tracerRules: readonly TracerRule[] = [
  notAnObject,
  parenthesized,
  trailingSemicolon,
  moduleExports,
  exportDefault,
  functionWrapper,
  missingResult,
  missingFault,
  enterExitPair,
  hookNotFunction,
  hookArity,
  duplicateMember,
  accessorHook,
  ...lintPasses.flatMap((pass) => pass.rules),
  internalError,
];
