// Writes tests/fixtures/wanAnimate/cases.json, the input of make_references.py:
// node --import tsx tests/unit/pose/wanAnimate/writeReferenceInput.ts
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { referenceInput, wanCases } from './cases.js';

const out = fileURLToPath(new URL('../../../fixtures/wanAnimate/cases.json', import.meta.url));
writeFileSync(out, `${JSON.stringify(wanCases().map(referenceInput))}\n`);
process.stdout.write(`wrote ${out}\n`);
