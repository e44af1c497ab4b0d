import { describe, expect, it } from 'vitest';
import {
  detectDevCommand,
  goNeed,
  NO_COMMAND,
  rubyAppMessage,
  STATIC_SITE,
  UndetectableCommandError,
} from './detect-command';

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
    // Without DWARF, Go's own runtime package compiles to an archive under the 10 MB file limit.
    const go = ['go', 'run', '-gcflags=all=-dwarf=false', '-ldflags=-s', '.'];
    expect(await detect({ 'go.mod': 'module app', 'main.go': 'package main\n' })).toEqual({
      argv: go,
      display: go.join(' '),
      runtime: { name: 'go' },
    });
  });

  it("needs the Go that go.mod's go line names, checked before Go builds", async () => {
    const goMod = 'module example.com/app\n\ngo 1.22\n\nrequire example.com/x v1.0.0\n';
    const go = await detect({ 'go.mod': goMod, 'main.go': 'package main\n' });
    expect(go.runtime).toEqual({ name: 'go', minimum: '1.22' });
    expect(goNeed('module a\ngo 1.21.3\ntoolchain go1.23.0\n')).toEqual({
      name: 'go',
      minimum: '1.21.3',
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
    await expect(detect({ 'index.js': 'console.log(1)' })).rejects.toThrow(NO_COMMAND);
    await expect(detect({ 'index.html': '<p>', 'package.json': '{}' })).rejects.toThrow(NO_COMMAND);
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

  it('says a static site needs no app: the preview shows its index.html', async () => {
    await expect(detect({ 'index.html': '<p>', 'script.js': '' })).rejects.toThrow(STATIC_SITE);
    expect(STATIC_SITE).toMatch(/static site.*Preview/);
  });

  it('says what a Ruby app needs that Kiln lacks, naming Rails and its Ruby', async () => {
    const rails = 'source "https://rubygems.org"\n\ngem "rails", "~> 8.0"\ngem "puma"\n';
    const files = { Gemfile: rails, 'config.ru': 'run Rails.application\n', 'bin/rails': '' };
    await expect(detect(files)).rejects.toThrow(rubyAppMessage(rails));
    expect(rubyAppMessage(rails)).toBe(
      'This is a Ruby on Rails app, and Kiln cannot start Ruby apps yet: its gems come from ' +
        "RubyGems, which Kiln's package installs do not reach (they reach npm and PyPI only), so " +
        '`bundle install` cannot run here. Run it on a machine with Ruby 3.2 or newer (Rails 8 ' +
        'needs it) and Bundler: `bundle install`, then `bin/rails server`.',
    );
    expect(rubyAppMessage("gem 'rails', '7.1.3'\n")).toMatch(/machine with Ruby and Bundler/);
    expect(rubyAppMessage("gem 'sinatra'\n")).toMatch(
      /^This is a Ruby app \(it has a Gemfile\).*then its start command\.$/,
    );
    // The project's own command still wins, for a server that has what it needs.
    const own = { ...files, '.kiln/run.json': '{ "command": "bin/rails server" }' };
    expect((await detect(own)).display).toBe('bin/rails server');
  });
});
