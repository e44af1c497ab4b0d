import { describe, expect, it } from 'vitest';
import { isTextFile, isZipUpload, mimeTypeFromName, resolveMimeType } from './file-types';

describe('mimeTypeFromName', () => {
  it.each([
    // Source code keeps the types Kiln has always given it, whatever mime-types says.
    ['index.js', 'text/javascript'],
    ['module.mjs', 'text/javascript'],
    ['config.cjs', 'text/javascript'],
    ['App.jsx', 'text/javascript'],
    ['src/main.ts', 'text/typescript'],
    ['App.tsx', 'text/typescript'],
    ['vite.config.mts', 'text/typescript'],
    ['tool.cts', 'text/typescript'],
    ['app.py', 'text/x-python'],
    ['main.go', 'text/x-go'],
    ['lib.rs', 'text/x-rust'],
    ['app.rb', 'text/x-ruby'],
    ['Main.java', 'text/x-java'],
    ['main.cpp', 'text/x-c++'],
    ['main.c', 'text/x-c'],
    ['main.h', 'text/x-c'],
    ['.github/ci.yml', 'application/yaml'],
    ['compose.yaml', 'application/yaml'],
    ['Cargo.toml', 'application/toml'],
    ['package.json', 'application/json'],
    ['README.md', 'text/markdown'],
    ['notes.markdown', 'text/markdown'],
    ['index.html', 'text/html'],
    ['page.htm', 'text/html'],
    ['style.css', 'text/css'],
    ['data.csv', 'text/csv'],
    ['data.tsv', 'text/tab-separated-values'],
    ['notes.txt', 'text/plain'],
    ['server.log', 'text/plain'],
    ['feed.xml', 'application/xml'],
    ['schema.sql', 'application/sql'],
    ['build.sh', 'application/x-sh'],
    // Everything else comes from mime-types.
    ['logo.svg', 'image/svg+xml'],
    ['logo.png', 'image/png'],
    ['photo.JPG', 'image/jpeg'],
    ['photo.jpeg', 'image/jpeg'],
    ['anim.gif', 'image/gif'],
    ['pic.webp', 'image/webp'],
    ['pic.avif', 'image/avif'],
    ['pic.bmp', 'image/bmp'],
    ['favicon.ico', 'image/vnd.microsoft.icon'],
    ['font.woff', 'font/woff'],
    ['font.woff2', 'font/woff2'],
    ['font.ttf', 'font/ttf'],
    ['font.otf', 'font/otf'],
    ['doc.pdf', 'application/pdf'],
    ['project.zip', 'application/zip'],
    ['backup.tar', 'application/x-tar'],
    ['backup.gz', 'application/gzip'],
    ['report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['module.wasm', 'application/wasm'],
    ['song.mp3', 'audio/mpeg'],
    ['clip.mp4', 'video/mp4'],
    ['clip.webm', 'video/webm'],
    ['app.js.map', 'application/json'],
  ])('%s is %s', (name, type) => {
    expect(mimeTypeFromName(name)).toBe(type);
  });

  it.each([
    'App.vue',
    'Widget.svelte',
    '.env',
    'config.env',
    'Dockerfile',
    'Makefile',
    'notes.unknownext',
    'firmware.bin',
    'lib.so',
    'no-extension',
    'odd.constructor',
  ])('%s has no type (the fallbacks decide)', (name) => {
    expect(mimeTypeFromName(name)).toBeNull();
  });
});

describe('resolveMimeType', () => {
  it('keeps a specific type the browser sent, without parameters', () => {
    expect(resolveMimeType('notes.txt', 'text/plain; charset=utf-8')).toBe('text/plain');
    expect(resolveMimeType('blob', 'image/png')).toBe('image/png');
  });

  it('falls back to the extension for a generic type, then to application/octet-stream', () => {
    expect(resolveMimeType('logo.png', 'application/octet-stream')).toBe('image/png');
    expect(resolveMimeType('data.json', '')).toBe('application/json');
    expect(resolveMimeType('mystery.unknownext', 'application/octet-stream')).toBe(
      'application/octet-stream',
    );
    expect(resolveMimeType('mystery', undefined)).toBe('application/octet-stream');
  });

  it("answers Kiln's type for source code even when the browser calls .ts a video", () => {
    expect(resolveMimeType('src/main.ts', 'video/mp2t')).toBe('text/typescript');
    expect(resolveMimeType('src/App.tsx', 'application/octet-stream')).toBe('text/typescript');
  });
});

describe('text and binary', () => {
  const text = Buffer.from('export const answer = 42;\n');

  it.each(['main.ts', 'App.tsx', 'vite.config.mts', 'lib.rs', 'App.vue', 'Dockerfile', '.env'])(
    '%s with UTF-8 bytes is text',
    (name) => {
      expect(isTextFile({ name, mimeType: mimeTypeFromName(name), bytes: text })).toBe(true);
    },
  );

  it.each(['logo.png', 'font.woff2', 'doc.pdf', 'clip.mp4', 'project.zip'])(
    '%s is binary whatever its bytes',
    (name) => {
      expect(isTextFile({ name, mimeType: mimeTypeFromName(name), bytes: text })).toBe(false);
    },
  );

  it('recognises a zip by its signature only when the extension names no other format', () => {
    const zip = Buffer.from([0x50, 0x4b, 3, 4, 0, 0]);
    expect(isZipUpload({ name: 'archive', mimeType: 'application/octet-stream', bytes: zip })).toBe(
      true,
    );
    expect(isZipUpload({ name: 'firmware.bin', mimeType: '', bytes: zip })).toBe(true);
    expect(isZipUpload({ name: 'photo.png', mimeType: 'image/png', bytes: zip })).toBe(false);
    expect(isZipUpload({ name: 'report.docx', mimeType: 'application/zip', bytes: zip })).toBe(
      false,
    );
  });
});
