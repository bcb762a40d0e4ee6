import type { Hono } from 'hono';
import type { AreaDeps } from '../../areas/area.ts';
import type { UiEnv } from './context.ts';

// Placeholder: filled in by the UI work in progress.
export function registerBucketPages(_ui: Hono<UiEnv>, _deps: AreaDeps): void {}
