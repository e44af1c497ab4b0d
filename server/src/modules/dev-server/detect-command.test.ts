import { describe, expect, it } from 'vitest';
import { detectDevCommand, NO_COMMAND, UndetectableCommandError } from './detect-command';

const project = (files: Record<string, string>) => async (path: string) => files[path] ?? null;
const detect = (files: Record<string, string>, hasVenv = false) =>
  detectDevCommand(project(files), { hasVenv });
const scripts = (value: Record<string, string>) => JSON.stringify({ name: 'app', scripts: value });

describe('detectDevCommand', () => {
  it('prefers the dev script, and tells Vite its port and host', async () => {
    expect(await detect({ 'package.json': scripts({ dev: 'vite', start: 'node x.js' }) })).toEqual({
      argv: ['npm', 'run', 'dev', '--', '--host', '127.0.0.1', '--port', '3000', '--strictPort'],
      display: 'npm run dev -- --host 127.0.0.1 --port 3000 --strictPort',
    });
    expect(await detect({ 'package.json': scripts({ dev: 'node --watch index.js' }) })).toEqual({
      argv: ['npm', 'run', 'dev'],
      display: 'npm run dev',
    });
    expect((await detect({ 'package.json': scripts({ start: 'node server.js' }) })).display).toBe(
      'npm start',
    );
  });

  it('starts Django, then Flask (with the venv’s python once installed), then Go', async () => {
    const django = await detect({ 'manage.py': '', 'app.py': 'from flask import Flask' });
    expect(django.argv).toEqual(['python3', 'manage.py', 'runserver', '127.0.0.1:3000']);
    const flask = await detect({ 'app.py': 'from flask import Flask' }, true);
    expect(flask.argv.slice(0, 5)).toEqual([
      '/home/kiln/project/.venv/bin/python',
      '-m',
      'flask',
      '--app',
      'app',
    ]);
    expect(await detect({ 'go.mod': 'module app', 'main.go': 'package main\n' })).toEqual({
      argv: ['go', 'run', '.'],
      display: 'go run .',
    });
  });

  it('takes the project’s own command over anything it detects', async () => {
    const files = {
      '.kiln/run.json': '{ "command": "node api.js --watch", "port": 5173 }',
      'package.json': scripts({ dev: 'vite' }),
    };
    expect(await detect(files)).toEqual({
      argv: ['/bin/sh', '-c', 'node api.js --watch'],
      display: 'node api.js --watch',
      port: 5173,
    });
  });

  it('says what to add when it cannot tell, or when the setting is malformed', async () => {
    await expect(detect({ 'index.html': '<p>' })).rejects.toThrow(NO_COMMAND);
    await expect(detect({ 'package.json': scripts({ build: 'tsc' }) })).rejects.toThrow(
      UndetectableCommandError,
    );
    await expect(detect({ 'app.py': 'print("no web framework")' })).rejects.toThrow(NO_COMMAND);
    await expect(detect({ '.kiln/run.json': '{ command: 1 }' })).rejects.toThrow(
      '.kiln/run.json is not valid JSON.',
    );
    await expect(detect({ '.kiln/run.json': '{ "command": "" }' })).rejects.toThrow(
      /must hold \{ "command"/,
    );
  });
});
