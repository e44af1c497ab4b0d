import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names; a later Tailwind class overrides a conflicting earlier one (max-w-md <
 * max-w-lg, `h-9 px-4` < `h-7 px-2`, `p-4` < `px-2` but not the other way round).
 *
 * The merge is tailwind-merge's (its algorithm, and its class groups and conflicts) limited to
 * the utilities Kiln writes, for 2 KB of gzip on every page instead of its 8 (decision 0026).
 * cn.test.ts runs every pair of classes written in client/src through both and requires the
 * same answer, so a class of a kind this file does not know fails that test, not the page.
 */
export function cn(...values: ClassValue[]): string {
  return mergeClasses(clsx(values));
}

type Group = string;

/** `group:name name …` lines, parsed once: ' '-separated names, ','-separated entries. */
const table = (source: string) =>
  new Map(
    source.split(',').map((entry) => {
      const [group, names = ''] = entry.split(':');
      return [group!, names.split(' ')] as const;
    }),
  );

/** Whole class names (after modifiers, `!` and a leading `-`) and their group. */
const KEYWORDS = new Map<string, Group>();
for (const [group, names] of table(
  'display:block inline inline-block inline-flex flex grid contents table table-cell hidden,' +
    'position:static fixed absolute relative sticky,visibility:visible invisible,' +
    'font-style:italic not-italic,text-decoration:underline no-underline,' +
    'text-transform:uppercase lowercase capitalize normal-case,text-overflow:truncate,' +
    'sr:sr-only not-sr-only,fvn-spacing:tabular-nums,border-w:border,outline-w:outline,' +
    'ring-w-inset:ring-inset,shadow:shadow,rounded:rounded,transition:transition,resize:resize,' +
    'shrink:shrink,backdrop-blur:backdrop-blur,divide-y:divide-y,container-type:@container,' +
    'border-collapse:border-collapse',
)) {
  for (const name of names) KEYWORDS.set(name, group);
}

/** `prefix-value` utilities whose group does not depend on the value, and their group. */
const PREFIXES = new Map<string, Group>();
for (const prefix of (
  'p px py pt pr pb pl m mx my mt mr mb ml gap gap-x gap-y space-x space-y w h size min-w ' +
  'min-h max-w max-h inset inset-x inset-y top right bottom left z opacity leading tracking ' +
  'line-clamp columns grid-cols rotate translate-x translate-y underline-offset outline-offset ' +
  'cursor select pointer-events resize whitespace break-inside justify-items justify-self ' +
  'place-items transition accent fill field-sizing backdrop-blur scroll-mt overflow overflow-x ' +
  'overflow-y wrap shrink'
).split(' ')) {
  PREFIXES.set(prefix, prefix);
}
for (const [group, [prefix]] of table(
  'col-start-end:col-span,align-items:items,align-self:self,vertical-align:align,' +
    'align-content:content,justify-content:justify,list-style-type:list,object-fit:object',
)) {
  PREFIXES.set(prefix!, group);
}

/** What a group removes when it comes later: `p-4` removes an earlier `px-2`, not the reverse. */
const CONFLICTS = table(
  'p:px py pt pr pb pl,px:pr pl,py:pt pb,m:mx my mt mr mb ml,mx:mr ml,my:mt mb,gap:gap-x gap-y,' +
    'size:w h,inset:inset-x inset-y top right bottom left,inset-x:right left,inset-y:top bottom,' +
    'overflow:overflow-x overflow-y,flex:basis grow shrink,font-size:leading,' +
    'line-clamp:display overflow,fvn-spacing:fvn-normal,' +
    'rounded:rounded-t rounded-r rounded-b rounded-l rounded-tl rounded-tr rounded-br rounded-bl,' +
    'rounded-t:rounded-tl rounded-tr,rounded-r:rounded-tr rounded-br,' +
    'rounded-b:rounded-br rounded-bl,rounded-l:rounded-tl rounded-bl,' +
    'border-w:border-w-x border-w-y border-w-t border-w-r border-w-b border-w-l,' +
    'border-w-x:border-w-r border-w-l,border-w-y:border-w-t border-w-b,' +
    'border-color:border-color-x border-color-y border-color-t border-color-r border-color-b border-color-l,' +
    'border-color-x:border-color-r border-color-l,border-color-y:border-color-t border-color-b',
);

const isNumber = (value: string) => /^\d+$/.test(value);
/** `[12px]`, `[calc(…)]`, `[length:…]`: what tailwind-merge takes for a length. */
const isLength = (value: string) =>
  isNumber(value) || /^\[(length:|-?[\d.]+[a-z%]|(calc|min|max|clamp)\()/.test(value);

/** The group of the utilities whose group depends on their value. */
function valueGroup(prefix: string, value: string): Group | undefined {
  switch (prefix) {
    case 'text':
      if (/^(xs|sm|base|lg|\d?xl)$/.test(value) || isLength(value)) return 'font-size';
      if (/^(left|center|right|justify|start|end)$/.test(value)) return 'text-alignment';
      return /^(balance|pretty|wrap|nowrap)$/.test(value) ? 'text-wrap' : 'text-color';
    case 'bg':
      return 'bg-color';
    case 'border': {
      if (isLength(value)) return 'border-w';
      if (/^(solid|dashed|dotted|double|none)$/.test(value)) return 'border-style';
      const [side, ...rest] = value.split('-');
      if (!/^[xytrbl]$/.test(side!)) return 'border-color';
      return rest.length === 0 || isLength(rest.join('-'))
        ? `border-w-${side}`
        : `border-color-${side}`;
    }
    case 'ring':
      return isLength(value) ? 'ring-w' : 'ring-color';
    case 'outline':
      if (/^(none|hidden|solid|dashed|dotted|double)$/.test(value)) return 'outline-style';
      return isLength(value) ? 'outline-w' : 'outline-color';
    case 'font':
      return /^(thin|light|normal|medium|semibold|bold|extrabold|black|\d+)$/.test(value)
        ? 'font-weight'
        : 'font-family';
    case 'shadow':
      return /^(2?xs|sm|md|lg|2?xl|none|\[.*)$/.test(value) ? 'shadow' : 'shadow-color';
    case 'decoration':
      return isLength(value) ? 'text-decoration-thickness' : 'text-decoration-color';
    case 'rounded': {
      const [corner, ...rest] = value.split('-');
      if (/^([trbl]|tl|tr|br|bl)$/.test(corner!)) return `rounded-${corner}`;
      return rest.length === 0 ? 'rounded' : undefined;
    }
    case 'flex':
      if (/^(row|col)(-reverse)?$/.test(value)) return 'flex-direction';
      return /^(wrap|wrap-reverse|nowrap)$/.test(value) ? 'flex-wrap' : 'flex';
    case 'break':
      return /^(normal|words|all|keep)$/.test(value) ? 'break' : undefined;
    case 'animate':
      // `animate-in` is another library's class, not Tailwind's.
      return /^(spin|ping|pulse|bounce|none|\[.*)$/.test(value) ? 'animate' : undefined;
    default:
      return undefined;
  }
}

/** tailwind-merge's group of a class without its modifiers, or undefined for other classes. */
function groupOf(className: string): Group | undefined {
  const arbitraryProperty = /^\[([a-z-]+):.+\]$/.exec(className);
  if (arbitraryProperty) return `arbitrary..${arbitraryProperty[1]}`;
  const name = className.startsWith('-') ? className.slice(1) : className;
  const keyword = KEYWORDS.get(name);
  if (keyword) return keyword;
  // The longest prefix that is a known utility: `gap-x-2` is gap-x, `gap-2` gap.
  for (let dash = name.lastIndexOf('-'); dash > 0; dash = name.lastIndexOf('-', dash - 1)) {
    const prefix = name.slice(0, dash);
    const value = name.slice(dash + 1);
    const group = value === '' ? undefined : (valueGroup(prefix, value) ?? PREFIXES.get(prefix));
    if (group) return group;
  }
  return undefined;
}

/** Splits `md:hover:!px-2/50` into its modifiers, `!`, the class and where a `/` postfix starts. */
function parse(className: string) {
  const modifiers: string[] = [];
  let depth = 0;
  let start = 0;
  let postfix: number | undefined;
  for (let index = 0; index < className.length; index++) {
    const character = className[index];
    if (depth === 0 && character === ':') {
      modifiers.push(className.slice(start, index));
      start = index + 1;
    } else if (depth === 0 && character === '/') {
      postfix = index;
    } else if (character === '[' || character === '(') {
      depth++;
    } else if (character === ']' || character === ')') {
      depth--;
    }
  }
  let base = className.slice(start);
  const important = base.endsWith('!') || base.startsWith('!');
  if (important) base = base.endsWith('!') ? base.slice(0, -1) : base.slice(1);
  const postfixAt = postfix !== undefined && postfix > start ? postfix - start : undefined;
  return { modifiers, important, base, postfixAt };
}

/** tailwind-merge's merge: from the last class back, a class whose group was seen is dropped. */
export function mergeClasses(classList: string): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  const classes = classList.trim().split(/\s+/);
  for (let index = classes.length - 1; index >= 0; index--) {
    const className = classes[index]!;
    const { modifiers, important, base, postfixAt } = parse(className);
    const group =
      (postfixAt !== undefined ? groupOf(base.slice(0, postfixAt)) : undefined) ?? groupOf(base);
    if (!group) {
      kept.push(className);
      continue;
    }
    // tailwind-merge also sorts modifiers but for a few; in Kiln's classes they come in one order.
    const modifierId = modifiers.join(':') + (important ? '!' : '');
    if (seen.has(modifierId + group)) continue;
    seen.add(modifierId + group);
    for (const conflict of CONFLICTS.get(group) ?? []) seen.add(modifierId + conflict);
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
