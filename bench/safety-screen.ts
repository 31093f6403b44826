// Precision and recall of the safety screen (engine/safety.ts) on the labelled set in
// test/fixtures/safety/labelled.json. Run: node --import tsx bench/safety-screen.ts
// Prints a Markdown table for docs/benchmarks.md ("Safety screen").
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screenText } from '../src-mcp/engine/safety.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const set = JSON.parse(fs.readFileSync(path.join(root, 'test/fixtures/safety/labelled.json'), 'utf8')) as Record<'harmful' | 'benign_alarming' | 'ordinary', string[]>;
const flagged = (texts: string[]) => texts.filter((text) => screenText(text).flagged).length;
const truePositives = flagged(set.harmful);
const benignFlags = flagged(set.benign_alarming);
const ordinaryFlags = flagged(set.ordinary);
const falsePositives = benignFlags + ordinaryFlags;
const precision = truePositives / Math.max(1, truePositives + falsePositives);
const recall = truePositives / set.harmful.length;
console.log(`| Set | Texts | Flagged |\n| --- | ---: | ---: |`);
console.log(`| harmful | ${set.harmful.length} | ${truePositives} |`);
console.log(`| benign but alarming | ${set.benign_alarming.length} | ${benignFlags} |`);
console.log(`| ordinary | ${set.ordinary.length} | ${ordinaryFlags} |`);
console.log(`\nPrecision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} (${new Date().toISOString()}, Node ${process.version}).`);
