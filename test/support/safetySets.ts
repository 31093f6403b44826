// The labelled sets of the safety screen (test/fixtures/safety/) and how a set is scored: one
// definition for the test that asserts the goals and the benchmark that prints the figures.
import fs from 'node:fs';
import path from 'node:path';
import { screenText } from '../../src-mcp/engine/safety.js';
import { REPO_ROOT } from './server.js';

export interface SafetySet {
  harmful: string[];
  benign_alarming: string[];
  ordinary: string[];
}

/** Development sets were tuned on; the held-out set was written before the screen and never tuned on (issue 32). */
export const SAFETY_SETS = [
  { file: 'labelled.json', role: 'development' },
  { file: 'dev2.json', role: 'development' },
  { file: 'heldout.json', role: 'held-out' },
] as const;

export function loadSafetySet(file: string): SafetySet {
  return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/safety', file), 'utf8')) as SafetySet;
}

/** Per category of the screen: texts it must flag, and benign twins it must leave alone (categories.json). */
export interface CategoryCases {
  flagged: string[];
  benign: string[];
}

export function loadCategoryCases(): Record<string, CategoryCases> {
  return (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/safety/categories.json'), 'utf8')) as { categories: Record<string, CategoryCases> }).categories;
}

export interface SafetyScore {
  harmful: number;
  benign: number;
  ordinary: number;
  truePositives: number;
  recall: number;
  precision: number;
  missed: string[];
  benignFlagged: string[];
  ordinaryFlagged: string[];
}

export function scoreSafetySet(set: SafetySet): SafetyScore {
  const flagged = (text: string) => screenText(text).flagged;
  const missed = set.harmful.filter((text) => !flagged(text));
  const benignFlagged = set.benign_alarming.filter(flagged);
  const ordinaryFlagged = set.ordinary.filter(flagged);
  const truePositives = set.harmful.length - missed.length;
  const falsePositives = benignFlagged.length + ordinaryFlagged.length;
  return {
    harmful: set.harmful.length,
    benign: set.benign_alarming.length,
    ordinary: set.ordinary.length,
    truePositives,
    recall: truePositives / Math.max(1, set.harmful.length),
    precision: truePositives / Math.max(1, truePositives + falsePositives),
    missed,
    benignFlagged,
    ordinaryFlagged,
  };
}
