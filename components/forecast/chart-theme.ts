'use client';

import { useTheme } from 'next-themes';

// The charts' colors, light and dark: each series keeps its hue and gets a shade that reads on the
// page's background (slate-900 in dark mode). The charts render in the browser only, so the resolved
// theme is known.

/** Each color as [light, dark]. */
const SHADES = {
  contracted: ['#1d4ed8', '#60a5fa'], // blue-700, blue-400
  pipeline: ['#0d9488', '#2dd4bf'], // teal-600, teal-400
  gap: ['#dc2626', '#f87171'], // red-600, red-400
  gapFill: ['rgba(220, 38, 38, 0.16)', 'rgba(248, 113, 113, 0.22)'],
  target: ['#b91c1c', '#fca5a5'], // red-700, red-300
  backlog: ['#7c3aed', '#c4b5fd'], // violet-600, violet-300
  snapshot: ['#475569', '#cbd5e1'], // slate-600, slate-300
  cost: ['#d97706', '#fbbf24'], // amber-600, amber-400
  axis: ['#475569', '#cbd5e1'],
  grid: ['#e2e8f0', '#334155'],
  cursor: ['rgba(148, 163, 184, 0.15)', 'rgba(148, 163, 184, 0.12)'],
  surface: ['#ffffff', '#0f172a'], // white, slate-900
} as const satisfies Record<string, readonly [light: string, dark: string]>;

export type ChartColors = Record<keyof typeof SHADES, string>;

const shade = (i: 0 | 1) => Object.fromEntries(Object.entries(SHADES).map(([key, pair]) => [key, pair[i]])) as ChartColors;
const LIGHT = shade(0);
const DARK = shade(1);

export function useChartColors(): ChartColors {
  return useTheme().resolvedTheme === 'dark' ? DARK : LIGHT;
}
