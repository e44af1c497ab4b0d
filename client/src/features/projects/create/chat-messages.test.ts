import type { ChatMessage } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { latestPlan, openingMessage, toChatRequestMessages } from './chat-messages';

describe('openingMessage', () => {
  it('is the trimmed prompt', () => {
    expect(openingMessage('  A quiz app ', [{ name: 'q.csv' }])).toBe('A quiz app');
  });

  it('asks about the attachments when there is no prompt', () => {
    expect(openingMessage('', [{ name: 'mockup.png' }])).toBe(
      'Help me plan a project from the attached file: mockup.png.',
    );
    expect(openingMessage(' ', [{ name: 'a.png' }, { name: 'b.pdf' }])).toBe(
      'Help me plan a project from the attached files: a.png, b.pdf.',
    );
  });

  it('is empty with neither', () => {
    expect(openingMessage('  ', [])).toBe('');
  });
});

describe('toChatRequestMessages', () => {
  it('keeps an alternating conversation as it is', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'A quiz app' },
      { role: 'assistant', content: 'What topics?' },
      { role: 'user', content: 'History' },
    ];
    expect(toChatRequestMessages(messages)).toEqual(messages);
  });

  it('merges a follow-up sent after an unanswered message', () => {
    expect(
      toChatRequestMessages([
        { role: 'user', content: 'A quiz app' },
        { role: 'user', content: 'With a timer' },
      ]),
    ).toEqual([{ role: 'user', content: 'A quiz app\n\nWith a timer' }]);
  });
});

describe('latestPlan', () => {
  it("is the assistant's most recent answer", () => {
    expect(
      latestPlan([
        { role: 'user', content: 'A quiz app' },
        { role: 'assistant', content: 'Plan one' },
        { role: 'user', content: 'Add a timer' },
        { role: 'assistant', content: 'Plan two' },
        { role: 'user', content: 'Thanks' },
      ]),
    ).toBe('Plan two');
  });

  it('is undefined before any answer', () => {
    expect(latestPlan([{ role: 'user', content: 'A quiz app' }])).toBeUndefined();
  });
});
