import { AI_ATTACHMENT_MAX_BYTES, isAllowedAttachmentType, type AiAttachment } from '@kiln/shared';
import type { FilePart, ImagePart, TextPart } from 'ai';
import { PDFParse } from 'pdf-parse';
import { AppError } from '../../lib/app-error';

/** Text of one attachment given to the model; more is cut with a note. */
const ATTACHMENT_TEXT_MAX_CHARS = 100_000;

function decodeDataUrl(attachment: AiAttachment): Buffer {
  const comma = attachment.data.indexOf(',');
  const header = attachment.data.slice(5, comma);
  const body = attachment.data.slice(comma + 1);
  return header.endsWith(';base64')
    ? Buffer.from(body, 'base64')
    : Buffer.from(decodeURIComponent(body), 'utf8');
}

/** Checks an attachment as the browser does, so a client that skips the checks gets the same. */
export function checkAttachment(attachment: AiAttachment): Buffer {
  if (!isAllowedAttachmentType(attachment.mimeType)) {
    throw new AppError('VALIDATION_FAILED', `${attachment.name} is not a supported file type`);
  }
  const bytes = decodeDataUrl(attachment);
  if (bytes.length > AI_ATTACHMENT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `${attachment.name} exceeds 10MB limit`);
  }
  return bytes;
}

async function pdfText(name: string, bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const { text } = await parser.getText();
    return text;
  } catch {
    throw new AppError('VALIDATION_FAILED', `${name} could not be read as a PDF`);
  } finally {
    await parser.destroy();
  }
}

function asDocument(name: string, text: string): TextPart {
  const clipped =
    text.length > ATTACHMENT_TEXT_MAX_CHARS
      ? `${text.slice(0, ATTACHMENT_TEXT_MAX_CHARS)}\n… (the rest of the file was cut)`
      : text;
  return { type: 'text', text: `Attached file ${name}:\n\`\`\`\n${clipped}\n\`\`\`` };
}

/**
 * The parts a model reads for the attachments: images as images when the model sees them, text,
 * JSON and Markdown as text, PDFs as the text extracted from them.
 */
export async function attachmentParts(
  attachments: readonly AiAttachment[],
  acceptsImages: boolean,
): Promise<(TextPart | ImagePart | FilePart)[]> {
  const parts: (TextPart | ImagePart | FilePart)[] = [];
  for (const attachment of attachments) {
    const bytes = checkAttachment(attachment);
    const type = attachment.mimeType.toLowerCase();
    if (type.startsWith('image/')) {
      parts.push(
        acceptsImages
          ? { type: 'image', image: bytes, mediaType: type }
          : {
              type: 'text',
              text: `(The person attached the image ${attachment.name}, but this model cannot see images.)`,
            },
      );
    } else if (type === 'application/pdf') {
      parts.push(asDocument(attachment.name, await pdfText(attachment.name, bytes)));
    } else {
      parts.push(asDocument(attachment.name, bytes.toString('utf8')));
    }
  }
  return parts;
}
