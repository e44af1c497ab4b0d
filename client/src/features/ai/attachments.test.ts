import { AI_ATTACHMENT_MAX_BYTES } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import {
  attachmentKind,
  attachmentMimeType,
  attachmentProblem,
  checkAttachments,
} from './attachments';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('attachmentProblem', () => {
  it('accepts images, text, Markdown, PDF and JSON', () => {
    for (const accepted of [
      file('shot.png', 'image/png'),
      file('notes.txt', 'text/plain'),
      file('README.md', ''),
      file('spec.pdf', 'application/pdf'),
      file('data.json', 'application/json'),
      file('page.html', 'text/html'),
    ]) {
      expect(attachmentProblem(accepted)).toBeNull();
    }
  });

  it('refuses other types with the spec’s words', () => {
    expect(attachmentProblem(file('app.zip', 'application/zip'))).toEqual({
      title: 'Unsupported file type',
      description: 'app.zip is not a supported file type',
    });
    expect(attachmentProblem(file('binary', ''))?.title).toBe('Unsupported file type');
  });

  it('refuses a file over 10 MB and takes one of exactly 10 MB', () => {
    expect(attachmentProblem(file('big.png', 'image/png', AI_ATTACHMENT_MAX_BYTES + 1))).toEqual({
      title: 'File too large',
      description: 'big.png exceeds 10MB limit',
    });
    expect(attachmentProblem(file('edge.png', 'image/png', AI_ATTACHMENT_MAX_BYTES))).toBeNull();
  });
});

describe('attachmentMimeType and attachmentKind', () => {
  it('names a type from the extension when the browser gives none', () => {
    expect(attachmentMimeType(file('Notes.MD', ''))).toBe('text/markdown');
    expect(attachmentMimeType(file('a.json', ''))).toBe('application/json');
    expect(attachmentMimeType(file('photo.jpg', 'IMAGE/JPEG'))).toBe('image/jpeg');
    expect(attachmentMimeType(file('unknown', ''))).toBe('application/octet-stream');
  });

  it('tells images from documents', () => {
    expect(attachmentKind('image/webp')).toBe('image');
    expect(attachmentKind('application/pdf')).toBe('document');
  });
});

describe('checkAttachments', () => {
  it('splits the accepted files from the problems', () => {
    const { accepted, problems } = checkAttachments(
      [file('a.png', 'image/png'), file('b.exe', 'application/x-msdownload')],
      0,
    );
    expect(accepted.map((item) => item.name)).toEqual(['a.png']);
    expect(problems).toEqual([
      { title: 'Unsupported file type', description: 'b.exe is not a supported file type' },
    ]);
  });

  it('counts files already attached against the limit of ten', () => {
    const three = [
      file('1.txt', 'text/plain'),
      file('2.txt', 'text/plain'),
      file('3.txt', 'text/plain'),
    ];
    const { accepted, problems } = checkAttachments(three, 8);
    expect(accepted.map((item) => item.name)).toEqual(['1.txt', '2.txt']);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.title).toBe('Too many attachments');
  });
});
