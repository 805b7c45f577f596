'use client';

import { useTheme } from 'next-themes';

// The charts' colors, light and dark: each series keeps its hue and gets a shade that reads on the
// page's background (slate-900 in dark mode). The charts render in the browser only, so the resolved
// theme is known.

const LIGHT = {
  contracted: '#1d4ed8', // blue-700
  pipeline: '#0d9488', // teal-600
  gap: '#dc2626', // red-600
  gapFill: 'rgba(220, 38, 38, 0.16)',
  target: '#b91c1c', // red-700
  backlog: '#7c3aed', // violet-600
  snapshot: '#475569', // slate-600
  cost: '#d97706', // amber-600
  axis: '#475569',
  grid: '#e2e8f0',
  cursor: 'rgba(148, 163, 184, 0.15)',
  surface: '#ffffff',
};

const DARK: typeof LIGHT = {
  contracted: '#60a5fa', // blue-400
  pipeline: '#2dd4bf', // teal-400
  gap: '#f87171', // red-400
  gapFill: 'rgba(248, 113, 113, 0.22)',
  target: '#fca5a5', // red-300
  backlog: '#c4b5fd', // violet-300
  snapshot: '#cbd5e1', // slate-300
  cost: '#fbbf24', // amber-400
  axis: '#cbd5e1',
  grid: '#334155',
  cursor: 'rgba(148, 163, 184, 0.12)',
  surface: '#0f172a', // slate-900
};

export type ChartColors = typeof LIGHT;

export function useChartColors(): ChartColors {
  return useTheme().resolvedTheme === 'dark' ? DARK : LIGHT;
}
