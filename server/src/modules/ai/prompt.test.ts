import type { ConversationMessage } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { agentSystemPrompt, conversationForModel } from './prompt';

function message(role: 'user' | 'assistant', content: string): ConversationMessage {
  return {
    id: content,
    role,
    content,
    attachments: [],
    filesModified: [],
    actionLog: [],
    checkpointId: null,
    undone: false,
    model: null,
    createdAt: new Date(0).toISOString(),
  };
}

describe('the conversation the model reads', () => {
  it('keeps a short conversation whole, with what each turn changed', () => {
    const history = [
      message('user', 'Add a footer'),
      {
        ...message('assistant', 'Added.'),
        filesModified: [{ path: 'index.html', action: 'modified' as const }],
      },
    ];
    expect(conversationForModel(history)).toEqual([
      { role: 'user', content: 'Add a footer' },
      { role: 'assistant', content: 'Added.\n(files changed in that turn: modified index.html)' },
    ]);
  });

  it('keeps the newest messages of a long conversation within its budget and says what was left out', () => {
    const history = Array.from({ length: 40 }, (_, index) =>
      message(index % 2 === 0 ? 'user' : 'assistant', `${index}:${'x'.repeat(1000)}`),
    );
    const kept = conversationForModel(history, 10_500);
    const text = kept.map((entry) => String(entry.content));
    expect(text[0]).toBe('(30 earlier messages were left out to keep this conversation short.)');
    expect(text.at(-1)).toMatch(/^39:/);
    // It starts with a person's message, after the note.
    expect(kept[2]?.role).toBe('user');
    const total = text.slice(2).reduce((sum, part) => sum + part.length, 0);
    expect(total).toBeLessThanOrEqual(10_500);
  });
});

describe("the agent's instructions", () => {
  it('carry the file tree and the open file, not the other files', () => {
    const prompt = agentSystemPrompt({
      name: 'Shop',
      description: 'A small shop',
      language: 'javascript',
      paths: [
        { path: 'src', isDirectory: true },
        { path: 'src/app.js', isDirectory: false },
        { path: 'index.html', isDirectory: false },
      ],
      openFile: { path: 'src/app.js', content: 'const cart = [];' },
    });
    expect(prompt).toContain('"Shop" (javascript)');
    expect(prompt).toContain('src/\nsrc/app.js\nindex.html');
    expect(prompt).toContain(
      'The person has src/app.js open in the editor:\n```\nconst cart = [];',
    );
  });

  it('list at most 300 paths and cut a large open file', () => {
    const prompt = agentSystemPrompt({
      name: 'Big',
      description: '',
      language: 'python',
      paths: Array.from({ length: 1000 }, (_, index) => ({
        path: `f${index}.py`,
        isDirectory: false,
      })),
      openFile: { path: 'f0.py', content: 'y'.repeat(50_000) },
    });
    expect(prompt).toContain('… 700 more (use list_files)');
    expect(prompt).not.toContain('f300.py');
    expect(prompt).toContain('(cut; read_file for the rest)');
    expect(prompt.length).toBeLessThan(30_000);
  });
});
