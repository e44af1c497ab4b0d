import type { Element, ElementContent, Root, RootContent } from 'hast';
import { cn } from '../../lib/cn';

/**
 * A policy's tables list named things (the cookies) in groups. Markdown tables have no captions,
 * row groups or row headers, so the policy writes them the way a reader would see them, and this
 * rehype plugin turns that into an accessible table:
 *
 *     Table: Cookies set by Kiln, with what each one does and how long it lasts
 *
 *     | Cookie | Purpose | Duration |
 *     | --- | --- | --- |
 *     | **Essential cookies** | | |
 *     | session_token | Keeps you signed in… | Session |
 *
 * - a paragraph starting "Table: " just before a table becomes its caption;
 * - a row with only its first cell filled heads a group of rows (a tbody, th scope=rowgroup);
 * - every other row's first cell names its row (th scope=row);
 * - the columns after the second leave a phone's width: each of their cells is repeated under
 *   the row's second cell, as "Duration: Session", so the table fits 375 px without scrolling.
 */
export function rehypeLegalTables() {
  return (tree: Root) => layOutTablesIn(tree);
}

const CAPTION_PREFIX = 'Table: ';

const CLASSES = {
  card: 'bg-card overflow-x-auto rounded-xl border',
  table: 'w-full border-collapse text-left text-sm leading-6',
  caption: 'text-muted-foreground border-b px-3 py-3 text-left text-sm sm:px-4',
  headerRow: 'border-b',
  columnHeader: 'px-3 py-3 font-semibold sm:px-4',
  groupRow: 'bg-muted/60 border-b',
  groupHeader: 'px-3 py-2 text-xs font-semibold tracking-wide uppercase sm:px-4',
  row: 'border-b align-top',
  rowHeader:
    'px-3 py-3 font-mono text-xs font-medium whitespace-nowrap sm:px-4 sm:text-[0.8125rem]',
  cell: 'px-3 py-3 sm:px-4',
  /** Cells of the columns after the second, shown from the sm breakpoint up. */
  wideOnly: 'hidden sm:table-cell',
  /** Those columns hold short values (a duration): the purpose column gets the rest. */
  wideOnlyWidth: 'sm:w-44',
  phoneCopy: 'text-muted-foreground mt-1 block sm:hidden',
} as const;

interface RowGroup {
  heading?: ElementContent[];
  rows: Element[][];
}

/** Tables may sit anywhere Markdown allows a block (a section's top level, a list item). */
function layOutTablesIn(parent: { children: RootContent[] }) {
  const laidOut: RootContent[] = [];
  for (const child of parent.children) {
    if (child.type === 'element' && child.tagName === 'table') {
      laidOut.push(layOutTable(child, takeCaption(laidOut)));
    } else {
      if (child.type === 'element') layOutTablesIn(child);
      laidOut.push(child);
    }
  }
  parent.children = laidOut;
}

/** Removes a "Table: …" paragraph that ends `laidOut` and returns its text without the prefix. */
function takeCaption(laidOut: RootContent[]): ElementContent[] | undefined {
  let index = laidOut.length - 1;
  while (index >= 0 && isWhitespace(laidOut[index])) index -= 1;
  const paragraph = laidOut[index];
  if (!isElement(paragraph, 'p')) return undefined;
  const [first, ...rest] = paragraph.children;
  if (first?.type !== 'text' || !first.value.startsWith(CAPTION_PREFIX)) return undefined;
  laidOut.splice(index);
  return [{ ...first, value: first.value.slice(CAPTION_PREFIX.length) }, ...rest];
}

function layOutTable(table: Element, caption: ElementContent[] | undefined): Element {
  const headers = cellsOf(rowsOf(childElement(table, 'thead'))[0]);
  const headerRow = element(
    'tr',
    CLASSES.headerRow,
    headers.map((header, column) =>
      element('th', cn(CLASSES.columnHeader, column >= 2 && CLASSES.wideOnly), header.children, {
        scope: 'col',
      }),
    ),
  );
  const bodies = groupRows(rowsOf(childElement(table, 'tbody'))).map((group) =>
    layOutGroup(group, headers),
  );
  return element('div', CLASSES.card, [
    element('table', CLASSES.table, [
      ...(caption ? [element('caption', CLASSES.caption, caption)] : []),
      element('thead', undefined, [headerRow]),
      ...bodies,
    ]),
  ]);
}

function layOutGroup(group: RowGroup, headers: Element[]): Element {
  const headingRow =
    group.heading &&
    element('tr', CLASSES.groupRow, [
      element('th', CLASSES.groupHeader, group.heading, {
        scope: 'rowgroup',
        colSpan: headers.length,
      }),
    ]);
  return element('tbody', undefined, [
    ...(headingRow ? [headingRow] : []),
    ...group.rows.map((cells) => layOutRow(cells, headers)),
  ]);
}

function layOutRow(cells: Element[], headers: Element[]): Element {
  const [name, main, ...wide] = cells;
  const phoneCopies = wide.map((cell, index) =>
    element('span', CLASSES.phoneCopy, [
      { type: 'text', value: `${textOf(headers[index + 2])}: ` },
      ...structuredClone(cell.children),
    ]),
  );
  return element('tr', CLASSES.row, [
    element('th', CLASSES.rowHeader, name?.children ?? [], { scope: 'row' }),
    ...(main ? [element('td', CLASSES.cell, [...main.children, ...phoneCopies])] : []),
    ...wide.map((cell) =>
      element('td', cn(CLASSES.wideOnly, CLASSES.cell, CLASSES.wideOnlyWidth), cell.children),
    ),
  ]);
}

/** A row whose cells after the first are all empty heads the rows below it. */
function groupRows(rows: Element[]): RowGroup[] {
  const groups: RowGroup[] = [];
  for (const row of rows) {
    const [first, ...others] = cellsOf(row);
    if (first && others.length > 0 && others.every((cell) => textOf(cell).trim() === '')) {
      groups.push({ heading: first.children, rows: [] });
    } else {
      if (groups.length === 0) groups.push({ rows: [] });
      groups.at(-1)?.rows.push(cellsOf(row));
    }
  }
  return groups;
}

function element(
  tagName: string,
  className: string | undefined,
  children: ElementContent[],
  properties: Element['properties'] = {},
): Element {
  return {
    type: 'element',
    tagName,
    properties: className ? { ...properties, className: className.split(' ') } : properties,
    children,
  };
}

function isElement(node: RootContent | undefined, tagName: string): node is Element {
  return node?.type === 'element' && node.tagName === tagName;
}

function isWhitespace(node: RootContent | undefined) {
  return node?.type === 'text' && node.value.trim() === '';
}

function childElement(parent: Element, tagName: string): Element | undefined {
  return parent.children.find((child): child is Element => isElement(child, tagName));
}

function rowsOf(section: Element | undefined): Element[] {
  return section?.children.filter((child): child is Element => isElement(child, 'tr')) ?? [];
}

function cellsOf(row: Element | undefined): Element[] {
  return (
    row?.children.filter(
      (child): child is Element => isElement(child, 'th') || isElement(child, 'td'),
    ) ?? []
  );
}

function textOf(node: ElementContent | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}
