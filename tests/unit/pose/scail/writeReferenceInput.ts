// Writes tests/fixtures/scail/cases.json, the input of the reference drawing:
// node --import tsx tests/unit/pose/scail/writeReferenceInput.ts
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { referenceInput, scailCases } from './cases.js';

const out = fileURLToPath(new URL('../../../fixtures/scail/cases.json', import.meta.url));
writeFileSync(out, `${JSON.stringify(scailCases().map(referenceInput))}\n`);
process.stdout.write(`wrote ${out}\n`);
