export function parseColour(text: string): [number, number, number];
export function luminance(text: string): number;
export function contrastRatio(a: string, b: string): number;
export const MIN_ON_BACKGROUND: number;
export const MIN_WIN_LOSE: number;
export const MIN_DRAW: number;
