import type { ResultCollector } from './result-collector';

export type WireSink = Pick<
  ResultCollector,
  'describe' | 'acceptsRow' | 'skipRow' | 'row' | 'complete' | 'fail' | 'notice' | 'ready'
>;

/**
 * Reads PostgreSQL's backend messages (protocol 3) from a stream of chunks cut anywhere, and
 * hands those of a simple query to `sink`. A data row the sink would not keep is skipped
 * unread, however many chunks it spans, so a huge result costs no memory here.
 *
 * Self-contained on purpose, like result-collector.ts: the PGlite worker runs it from its
 * source text. Chunks may be views of memory the caller reuses, so what is kept is copied.
 */
export function createWireReader(sink: WireSink): (chunk: Uint8Array) => void {
  const decoder = new TextDecoder();
  // Bytes of an incomplete message, and how many its header says it needs, once known.
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let heldNeeds = 0;
  // Bytes still to drop of a data row being skipped.
  let skipping = 0;

  function int32(data: Uint8Array, at: number): number {
    return (
      ((data[at] ?? 0) << 24) |
      ((data[at + 1] ?? 0) << 16) |
      ((data[at + 2] ?? 0) << 8) |
      (data[at + 3] ?? 0)
    );
  }
  function int16(data: Uint8Array, at: number): number {
    const value = ((data[at] ?? 0) << 8) | (data[at + 1] ?? 0);
    return value > 0x7fff ? value - 0x10000 : value;
  }
  function cstring(data: Uint8Array, at: number): { text: string; next: number } {
    let end = at;
    while (end < data.length && data[end] !== 0) end += 1;
    return { text: decoder.decode(data.subarray(at, end)), next: end + 1 };
  }

  function fieldsOf(body: Uint8Array): Record<string, string> {
    const fields: Record<string, string> = {};
    let at = 0;
    while (at < body.length && body[at] !== 0) {
      const code = String.fromCharCode(body[at] ?? 0);
      const value = cstring(body, at + 1);
      fields[code] = value.text;
      at = value.next;
    }
    return fields;
  }

  function problem(body: Uint8Array) {
    const fields = fieldsOf(body);
    return {
      severity: fields.V ?? fields.S,
      message: fields.M,
      detail: fields.D,
      hint: fields.H,
      position: fields.P,
    };
  }

  function handle(type: number, body: Uint8Array): void {
    switch (type) {
      case 0x54: {
        // T: RowDescription
        const count = int16(body, 0);
        const fields = [];
        let at = 2;
        for (let index = 0; index < count; index += 1) {
          const name = cstring(body, at);
          // table oid (4), column number (2), then the type oid
          fields.push({ name: name.text, dataTypeId: int32(body, name.next + 6) });
          at = name.next + 18;
        }
        sink.describe(fields);
        return;
      }
      case 0x44: {
        // D: DataRow
        const count = int16(body, 0);
        const values: Array<string | null> = [];
        let at = 2;
        for (let index = 0; index < count; index += 1) {
          const length = int32(body, at);
          at += 4;
          if (length < 0) values.push(null);
          else {
            values.push(decoder.decode(body.subarray(at, at + length)));
            at += length;
          }
        }
        sink.row(values);
        return;
      }
      case 0x43: // C: CommandComplete
        sink.complete(cstring(body, 0).text);
        return;
      case 0x45: // E: ErrorResponse
        sink.fail(problem(body));
        return;
      case 0x4e: // N: NoticeResponse
        sink.notice(problem(body));
        return;
      case 0x5a: // Z: ReadyForQuery
        sink.ready(String.fromCharCode(body[0] ?? 0x49));
        return;
      default:
      // EmptyQueryResponse, COPY's data, parameter status: nothing the result shows.
    }
  }

  return function feed(chunk: Uint8Array): void {
    let data = chunk;
    if (skipping > 0) {
      const dropped = Math.min(skipping, data.length);
      skipping -= dropped;
      data = data.subarray(dropped);
    }
    if (data.length === 0) return;
    if (heldBytes > 0) {
      // Pieces of a long message are joined once, when the last one arrives.
      if (heldNeeds > 0 && heldBytes + data.length < heldNeeds) {
        held.push(data.slice());
        heldBytes += data.length;
        return;
      }
      data = joined([...held, data], heldBytes + data.length);
      held = [];
      heldBytes = 0;
      heldNeeds = 0;
    }
    let at = 0;
    while (data.length - at >= 5) {
      const type = data[at] as number;
      const length = int32(data, at + 1);
      const total = 1 + length;
      if (type === 0x44 && !sink.acceptsRow(length)) {
        sink.skipRow();
        if (data.length - at >= total) {
          at += total;
          continue;
        }
        skipping = total - (data.length - at);
        return;
      }
      if (data.length - at < total) break;
      handle(type, data.subarray(at + 5, at + total));
      at += total;
    }
    if (at < data.length) {
      const rest = data.slice(at);
      held = [rest];
      heldBytes = rest.length;
      heldNeeds = rest.length >= 5 ? 1 + int32(rest, 1) : 0;
    }
  };

  function joined(pieces: Uint8Array[], bytes: number): Uint8Array {
    const whole = new Uint8Array(bytes);
    let at = 0;
    for (const piece of pieces) {
      whole.set(piece, at);
      at += piece.length;
    }
    return whole;
  }
}
