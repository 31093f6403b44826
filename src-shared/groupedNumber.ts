// Numbers in sentences a model or a scientist reads, grouped by thousands the way en-US writes them
// ("20,000 characters"), without Intl: a process's first toLocaleString or Intl formatter loads
// ICU's locale data, which cost every server start ~180 ms while a tool description called it at
// load (docs/benchmarks.md, cold start of 2026-11-29).

/** `value` with a comma between each group of three digits of its whole part: 1234567.5 → "1,234,567.5". */
export function groupedNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  if (/e/i.test(whole)) return String(value);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
