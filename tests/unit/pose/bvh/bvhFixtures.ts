// The BVH excerpts of tests/fixtures/bvh (sources and licences in its SOURCES.md) and their reference joint positions.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A BVH fixture's text. */
export const bvhFixture = (name: string): string => readFileSync(fileURLToPath(new URL(`../../../fixtures/bvh/${name}`, import.meta.url)), 'utf8');

/** reference.json: per file, its frame count and, per joint, its world position at every frame, worked out by reference.py (scipy). */
export const bvhReference = JSON.parse(bvhFixture('reference.json')) as Record<string, { frames: number; joints: Record<string, [number, number, number][]> }>;
