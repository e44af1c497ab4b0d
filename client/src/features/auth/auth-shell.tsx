import type { ReactNode } from 'react';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';

const SAMPLE = [
  ['kiln', ' › ', 'describe', ' "a habit tracker with streaks"'],
  ['', '✓ ', 'planned', ' 6 files · React + Express'],
  ['', '✓ ', 'generated', ' src/App.tsx, server/index.js …'],
  ['', '▶ ', 'running', ' on preview · desktop 1280px'],
];

/** The frame of the sign-in, registration and account pages: a form beside a brand panel. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <aside className="ember-glow relative hidden flex-col justify-between border-r p-10 lg:flex">
        <Logo />
        <div className="grid gap-6">
          <p className="text-3xl leading-tight font-bold tracking-tight text-balance">
            From an idea to a running app,{' '}
            <span className="ember-text">without leaving your browser.</span>
          </p>
          <div className="bg-card rounded-xl border p-5 font-mono text-sm shadow-xl">
            {SAMPLE.map(([prompt, mark, verb, rest]) => (
              <div key={verb} className="leading-7">
                <span className="text-primary">{prompt}</span>
                <span className="text-success">{mark}</span>
                <span className="font-semibold">{verb}</span>
                <span className="text-muted-foreground">{rest}</span>
              </div>
            ))}
          </div>
        </div>
        <p className="text-muted-foreground text-sm">
          Editor, AI assistant, preview, Git and deploys in one workspace.
        </p>
      </aside>
      <main className="flex flex-col">
        <div className="flex items-center justify-between p-4 lg:justify-end">
          <span className="lg:hidden">
            <Logo />
          </span>
          <ThemeToggle />
        </div>
        <div className="flex flex-1 items-center justify-center px-4 pb-16">
          <div className="w-full max-w-sm">{children}</div>
        </div>
      </main>
    </div>
  );
}
