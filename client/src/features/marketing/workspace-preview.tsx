import { FileCode2, Folder, Play, Sparkles } from 'lucide-react';

const CODE = [
  [
    ['kw', 'export function '],
    ['fn', 'Tracker'],
    ['', '() {'],
  ],
  [
    ['', '  const '],
    ['var', 'habits'],
    ['', ' = '],
    ['fn', 'useHabits'],
    ['', '();'],
  ],
  [['', '  return (']],
  [
    ['', '    <'],
    ['tag', 'main'],
    ['', '>'],
  ],
  [
    ['', '      <'],
    ['tag', 'Streaks'],
    ['', ' of={'],
    ['var', 'habits'],
    ['', '} />'],
  ],
  [
    ['', '    </'],
    ['tag', 'main'],
    ['', '>'],
  ],
  [['', '  );']],
  [['', '}']],
] as const;

const TOKEN_CLASS: Record<string, string> = {
  kw: 'text-violet-600 dark:text-violet-400',
  fn: 'text-sky-700 dark:text-sky-400',
  var: 'text-foreground',
  tag: 'text-rose-600 dark:text-rose-400',
  str: 'text-emerald-600 dark:text-emerald-400',
  '': 'text-muted-foreground',
};

/** A drawn, static picture of the workspace for the hero; no editor code is loaded here. */
export function WorkspacePreview() {
  return (
    <div
      className="bg-card relative mx-auto w-full max-w-xl overflow-hidden rounded-xl border shadow-2xl"
      role="img"
      aria-label="The Kiln workspace: a file tree, a code editor and an AI assistant side by side"
    >
      <div className="flex items-center gap-2 border-b px-4 py-2.5">
        <span className="size-3 rounded-full bg-red-400" />
        <span className="size-3 rounded-full bg-amber-400" />
        <span className="size-3 rounded-full bg-emerald-400" />
        <span className="text-muted-foreground ml-3 text-xs">habit-tracker</span>
        <span className="bg-primary text-primary-foreground ml-auto inline-flex items-center gap-1 rounded px-2 py-0.5 text-xs font-medium">
          <Play className="size-3" /> Run
        </span>
      </div>
      <div className="grid grid-cols-[7.5rem_1fr] text-xs sm:grid-cols-[8.5rem_1fr_9rem]">
        <div className="bg-muted/40 grid content-start gap-1.5 border-r p-3">
          <span className="flex items-center gap-1.5 font-medium">
            <Folder className="text-primary size-3.5" /> src
          </span>
          {['App.tsx', 'Tracker.tsx', 'streaks.ts', 'index.css'].map((name, index) => (
            <span
              key={name}
              className={`flex items-center gap-1.5 rounded px-1.5 py-0.5 pl-4 ${index === 1 ? 'bg-accent text-accent-foreground' : 'text-muted-foreground'}`}
            >
              <FileCode2 className="size-3.5" /> {name}
            </span>
          ))}
        </div>
        <pre className="overflow-hidden p-3 font-mono text-[11px] leading-6">
          {CODE.map((line, index) => (
            <div key={index} className="whitespace-pre">
              <span className="text-muted-foreground/50 mr-3 inline-block w-3 text-right select-none">
                {index + 1}
              </span>
              {line.map(([kind, text], part) => (
                <span key={part} className={TOKEN_CLASS[kind]}>
                  {text}
                </span>
              ))}
            </div>
          ))}
        </pre>
        <div className="hidden content-start gap-2 border-l p-3 sm:grid">
          <span className="flex items-center gap-1.5 font-medium">
            <Sparkles className="text-primary size-3.5" /> AI Chat
          </span>
          <p className="bg-muted rounded-md p-2">Add a streak counter to each habit</p>
          <p className="bg-accent text-accent-foreground rounded-md p-2">
            Updated Tracker.tsx and added streaks.ts. Streaks reset after a missed day.
          </p>
        </div>
      </div>
    </div>
  );
}
