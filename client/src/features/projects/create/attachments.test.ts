import { describe, expect, it } from 'vitest';
import { attachmentLabel, attachmentProblem, isAcceptedAttachment } from './attachments';

const MB = 1024 * 1024;

describe('isAcceptedAttachment', () => {
  it.each([
    ['shot.png', 'image/png'],
    ['spec.PDF', 'application/pdf'],
    ['notes.md', ''],
    ['brief.docx', 'application/octet-stream'],
    ['data.csv', 'text/csv'],
    ['site.zip', 'application/zip'],
    ['archive', 'application/zip'],
  ])('accepts %s (%s)', (name, type) => {
    expect(isAcceptedAttachment({ name, type })).toBe(true);
  });

  it.each([
    ['setup.exe', 'application/x-msdownload'],
    ['movie.mp4', 'video/mp4'],
    ['script.sh', 'text/x-sh'],
  ])('refuses %s (%s)', (name, type) => {
    expect(isAcceptedAttachment({ name, type })).toBe(false);
  });
});

describe('attachmentProblem', () => {
  it('passes files within the limits', () => {
    expect(attachmentProblem({ name: 'shot.png', type: 'image/png', size: 2 * MB })).toBeNull();
    expect(
      attachmentProblem({ name: 'site.zip', type: 'application/zip', size: 40 * MB }),
    ).toBeNull();
  });

  it('names an unsupported file', () => {
    expect(attachmentProblem({ name: 'setup.exe', type: '', size: 10 })).toMatch(
      /^setup\.exe is not a supported file type/,
    );
  });

  it('holds ordinary files to 10 MB and zips to 50 MB', () => {
    expect(attachmentProblem({ name: 'big.pdf', type: 'application/pdf', size: 11 * MB })).toBe(
      'big.pdf is larger than 10 MB.',
    );
    expect(attachmentProblem({ name: 'big.zip', type: 'application/zip', size: 51 * MB })).toBe(
      'big.zip is larger than 50 MB.',
    );
  });
});

describe('attachmentLabel', () => {
  it('shows a zip with its file count', () => {
    expect(attachmentLabel({ name: 'site.zip', isZip: true, fileCount: 12 })).toBe(
      'site.zip · 12 files',
    );
    expect(attachmentLabel({ name: 'one.zip', isZip: true, fileCount: 1 })).toBe(
      'one.zip · 1 file',
    );
  });

  it('shows other files by name', () => {
    expect(attachmentLabel({ name: 'shot.png', isZip: false, fileCount: 0 })).toBe('shot.png');
  });
});
