/** How many projects there are, or, while a filter hides some, how many of them are shown. */
export function projectCountLabel(options: {
  total: number;
  shown: number;
  starredOnly: boolean;
  searching: boolean;
}): string {
  const { total, shown, starredOnly, searching } = options;
  const projects = `project${total === 1 ? '' : 's'}`;
  if (searching) return `Showing ${shown} of ${total} ${projects}`;
  if (starredOnly) return `${shown} starred of ${total} ${projects}`;
  return `${total} ${projects}`;
}
