import { RELAY_FRAME } from './pty-relay';

const HEADER_BYTES = 5;
/** Keystrokes go to the relay in frames of at most this much, so it never holds a huge one. */
const MAX_DATA_FRAME = 64 * 1024;

function frame(type: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt8(type, 0);
  header.writeUInt32BE(payload.length, 1);
  return Buffer.concat([header, payload]);
}

/** Bytes typed or pasted, as data frames for the relay's stdin. */
export function dataFrames(bytes: Buffer): Buffer {
  const frames: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += MAX_DATA_FRAME) {
    frames.push(frame(RELAY_FRAME.data, bytes.subarray(start, start + MAX_DATA_FRAME)));
  }
  return Buffer.concat(frames);
}

/** A new terminal size, as a resize frame for the relay's stdin. */
export function resizeFrame(size: { cols: number; rows: number }): Buffer {
  const payload = Buffer.alloc(4);
  payload.writeUInt16BE(size.cols, 0);
  payload.writeUInt16BE(size.rows, 2);
  return frame(RELAY_FRAME.resize, payload);
}
