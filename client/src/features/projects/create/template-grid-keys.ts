/**
 * Where an arrow key moves focus in a grid of `count` items laid out in `columns` columns:
 * Left and Right step through the reading order, Up and Down move a row, Home and End go to
 * the ends. Null for any other key, or when there is nowhere to go.
 */
export function gridTarget(
  key: string,
  index: number,
  count: number,
  columns: number,
): number | null {
  const across = Math.max(1, columns);
  const target =
    key === 'ArrowRight'
      ? index + 1
      : key === 'ArrowLeft'
        ? index - 1
        : key === 'ArrowDown'
          ? index + across
          : key === 'ArrowUp'
            ? index - across
            : key === 'Home'
              ? 0
              : key === 'End'
                ? count - 1
                : null;
  if (target === null || target < 0 || target >= count || target === index) return null;
  return target;
}
