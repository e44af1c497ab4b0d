/** A column as PostgreSQL describes it; `name` is made unique within a result. */
export interface WireField {
  name: string;
  dataTypeId: number;
}

/** The fields of an ErrorResponse or NoticeResponse the SQL runner shows. */
export interface ServerMessageFields {
  severity?: string | undefined;
  message?: string | undefined;
  detail?: string | undefined;
  hint?: string | undefined;
  /** 1-based character offset into the query text, as PostgreSQL counts it. */
  position?: string | undefined;
}

export interface CollectorLimits {
  maxRows: number;
  maxResultBytes: number;
  maxNotices: number;
}

export interface ExecutedStatement {
  command: string;
  rowCount: number | null;
}

/** What one query did: the last statement's result, rows as arrays in column order. */
export interface SqlExecution {
  columns: WireField[];
  rows: unknown[][];
  command: string | null;
  rowCount: number;
  truncated: boolean;
  statements: ExecutedStatement[];
  error: string | null;
  notices: string[];
}

/** Receives one simple query's answer, message by message, in the order PostgreSQL sends it. */
export interface ResultCollector {
  describe(fields: WireField[]): void;
  /** Whether a row of about this many bytes on the wire would still be kept. */
  acceptsRow(wireBytes: number): boolean;
  /** A row left out without being read. */
  skipRow(): void;
  row(values: ReadonlyArray<string | null>): void;
  complete(commandTag: string): void;
  fail(fields: ServerMessageFields): void;
  notice(fields: ServerMessageFields): void;
  addNotice(text: string): void;
  ready(transactionStatus: string): void;
  /** 'I' idle, 'T' in a transaction, 'E' in a failed transaction (ReadyForQuery's status). */
  transactionStatus(): string;
  finish(): SqlExecution;
}

/**
 * Turns PostgreSQL's answer to a simple query into the SQL runner's result within the limits:
 * only the last statement's rows are kept, and past the row or byte limit rows are counted
 * (the command tag says how many) but not kept, so memory stays bounded whatever the query
 * returns. Values become JSON: integers and floats as numbers (an int8 beyond 2^53 and NaN or
 * Infinity stay text), booleans, parsed json and jsonb, and PostgreSQL's text for the rest.
 *
 * Self-contained on purpose, it uses nothing from outside its body: the PGlite worker runs it
 * from its source text (pglite-worker-source.ts) and the PostgreSQL backend calls it directly.
 */
export function createResultCollector(limits: CollectorLimits, queryText: string): ResultCollector {
  interface Pending {
    columns: WireField[];
    rows: unknown[][];
    bytes: number;
    keyBytes: number;
    truncated: boolean;
  }
  interface Finished {
    columns: WireField[];
    rows: unknown[][];
    truncated: boolean;
    command: string;
    rowCount: number | null;
  }
  const statements: ExecutedStatement[] = [];
  const notices: string[] = [];
  let current: Pending | null = null;
  let last: Finished | null = null;
  let error: string | null = null;
  let status = 'I';

  function utf8Length(text: string): number {
    let bytes = 0;
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      // Each half of a surrogate pair counts 2: the pair's 4 bytes.
      bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 2 : 3;
    }
    return bytes;
  }

  function uniqueNames(fields: WireField[]): WireField[] {
    // `__proto__` as a key would set a row object's prototype instead of a property.
    const taken = new Set<string>(['__proto__']);
    return fields.map((field) => {
      let name = field.name;
      for (let suffix = 2; taken.has(name); suffix += 1) name = `${field.name} (${suffix})`;
      taken.add(name);
      return { name, dataTypeId: field.dataTypeId };
    });
  }

  function convert(value: string | null, dataTypeId: number): unknown {
    if (value === null) return null;
    switch (dataTypeId) {
      case 16: // bool
        return value === 't';
      case 21: // int2
      case 23: // int4
      case 26: // oid
        return Number(value);
      case 20: {
        // int8: a number when JSON keeps it exact
        const number = Number(value);
        return Number.isSafeInteger(number) ? number : value;
      }
      case 700: // float4
      case 701: {
        // float8: NaN and Infinity have no JSON form
        const number = Number(value);
        return Number.isFinite(number) ? number : value;
      }
      case 114: // json
      case 3802: // jsonb
        try {
          return JSON.parse(value) as unknown;
        } catch {
          return value;
        }
      default:
        return value;
    }
  }

  /** Line and column (1-based) of a character offset, counted in code points as PostgreSQL does. */
  function locate(position: number): { line: number; column: number } {
    let line = 1;
    let column = 1;
    let seen = 1;
    for (const character of queryText) {
      if (seen >= position) break;
      seen += 1;
      if (character === '\n') {
        line += 1;
        column = 1;
      } else column += 1;
    }
    return { line, column };
  }

  function describeProblem(fields: ServerMessageFields, withPosition: boolean): string {
    let text = fields.message ?? 'The query failed';
    const position = Number(fields.position);
    if (withPosition && Number.isInteger(position) && position > 0) {
      const { line, column } = locate(position);
      text += ` (line ${line}, column ${column})`;
    }
    if (fields.detail) text += `\nDETAIL: ${fields.detail}`;
    if (fields.hint) text += `\nHINT: ${fields.hint}`;
    return text;
  }

  function parseTag(tag: string): ExecutedStatement {
    const parts = tag.trim().split(/\s+/);
    let rowCount: number | null = null;
    const count = parts.length > 1 ? parts[parts.length - 1] : undefined;
    if (count !== undefined && /^\d+$/.test(count)) {
      rowCount = Number(count);
      parts.pop();
      // INSERT's tag is "INSERT <oid> <rows>".
      const oid = parts[parts.length - 1];
      if (parts[0] === 'INSERT' && parts.length > 1 && oid !== undefined && /^\d+$/.test(oid)) {
        parts.pop();
      }
    }
    return { command: parts.join(' '), rowCount };
  }

  function fits(pending: Pending, bytes: number): boolean {
    return (
      !pending.truncated &&
      pending.rows.length < limits.maxRows &&
      pending.bytes + bytes <= limits.maxResultBytes
    );
  }

  return {
    describe(fields) {
      const columns = uniqueNames(fields);
      // A row costs its values plus, as JSON, each key, its quotes, colon and comma.
      const keyBytes = columns.reduce((sum, column) => sum + utf8Length(column.name) + 4, 2);
      current = { columns, rows: [], bytes: 0, keyBytes, truncated: false };
    },
    acceptsRow(wireBytes) {
      return current !== null && fits(current, wireBytes + current.keyBytes);
    },
    skipRow() {
      if (current) current.truncated = true;
    },
    row(values) {
      const pending = current;
      if (!pending) return;
      let bytes = pending.keyBytes;
      for (const value of values) bytes += value === null ? 4 : utf8Length(value) + 2;
      if (!fits(pending, bytes)) {
        pending.truncated = true;
        return;
      }
      pending.bytes += bytes;
      pending.rows.push(
        values.map((value, index) => convert(value, pending.columns[index]?.dataTypeId ?? 25)),
      );
    },
    complete(commandTag) {
      const statement = parseTag(commandTag);
      statements.push(statement);
      last = {
        columns: current?.columns ?? [],
        rows: current?.rows ?? [],
        truncated: current?.truncated ?? false,
        command: statement.command,
        rowCount: statement.rowCount,
      };
      current = null;
    },
    fail(fields) {
      error = describeProblem(fields, true);
      current = null;
    },
    notice(fields) {
      if (notices.length >= limits.maxNotices) return;
      notices.push(`${fields.severity ?? 'NOTICE'}: ${describeProblem(fields, false)}`);
    },
    addNotice(text) {
      notices.push(text);
    },
    ready(transactionStatus) {
      status = transactionStatus;
    },
    transactionStatus() {
      return status;
    },
    finish() {
      return {
        columns: last?.columns ?? [],
        rows: last?.rows ?? [],
        command: last?.command ?? null,
        rowCount: last?.rowCount ?? 0,
        truncated: last?.truncated ?? false,
        statements,
        error,
        notices,
      };
    },
  };
}
