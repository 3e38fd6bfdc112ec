import { median } from '../lib/harness.mjs';

/** Median, min and max of one candidate's samples of one figure. */
export function summarize(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), n: values.length };
}

/** "1734 (1690–1780)". */
export function spread({ median: mid, min, max }, format) {
  return `${format(mid)} (${format(min)}–${format(max)})`;
}
