// Compiles src/evm/contracts/*.sol with the pinned `solc` npm package and writes src/evm/contracts/compiled.json
// (committed: the app never compiles at run time). Usage: node scripts/compile-contracts.mjs [--check]
// --check exits 1 when compiled.json is out of date instead of writing it.
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'evm', 'contracts');
const outFile = join(dir, 'compiled.json');
const evmVersion = 'prague';

const files = readdirSync(dir)
  .filter((f) => f.endsWith('.sol'))
  .sort();
const sources = Object.fromEntries(files.map((f) => [f, { content: readFileSync(join(dir, f), 'utf8') }]));
const input = {
  language: 'Solidity',
  sources,
  settings: {
    evmVersion,
    optimizer: { enabled: true, runs: 200 },
    // No metadata hash: the bytecode then depends only on the source text, not on file paths or comments' IPFS hash.
    metadata: { bytecodeHash: 'none', appendCBOR: false },
    outputSelection: {
      '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.methodIdentifiers'] },
    },
  },
};

const output = JSON.parse(solc.compile(JSON.stringify(input)));
const problems = (output.errors ?? []).filter((e) => !/selfdestruct/i.test(e.message));
for (const p of problems) console.error(p.formattedMessage ?? p.message);
if (problems.some((p) => p.severity === 'error')) process.exit(1);

const contracts = {};
for (const file of files) {
  for (const [name, c] of Object.entries(output.contracts[file] ?? {}).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    contracts[name] = {
      source: file,
      abi: c.abi,
      bytecode: '0x' + c.evm.bytecode.object,
      deployedBytecode: '0x' + c.evm.deployedBytecode.object,
      methodIdentifiers: c.evm.methodIdentifiers,
    };
  }
}
const text =
  JSON.stringify({ compiler: `solc ${solc.version()}`, evmVersion, optimizerRuns: 200, contracts }, null, 2) +
  '\n';

if (process.argv.includes('--check')) {
  const same = existsSync(outFile) && readFileSync(outFile, 'utf8') === text;
  console.log(
    same
      ? 'compiled.json is up to date'
      : 'compiled.json is out of date: run node scripts/compile-contracts.mjs',
  );
  process.exit(same ? 0 : 1);
}
writeFileSync(outFile, text);
console.log(`wrote ${outFile}: ${Object.keys(contracts).join(', ')}`);
