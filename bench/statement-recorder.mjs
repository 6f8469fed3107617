// Loaded into a Keydeck server process by the bench (NODE_OPTIONS=--import), never by Keydeck itself: records the
// statements the process sends to its database, with their parameters, between two SIGUSR2 signals, and writes
// them as JSON to BENCH_RECORD_SQL when recording stops (BENCH_RECORD_SQL.on says it has started). The service-call floor (floor-server.mjs) replays them.
// Both drivers are seen where every statement passes: node-postgres's Client.query, and PGlite's protocol round
// (execProtocolRaw), whose Parse, Bind and Query messages are decoded here.
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const file = process.env.BENCH_RECORD_SQL;
let recording = null;

if (file) {
  process.on('SIGUSR2', () => {
    if (recording === null) {
      recording = [];
      // Signals are handled between other work: the bench waits for this before it sends the call.
      writeFileSync(`${file}.on`, '');
      return;
    }
    writeFileSync(file, JSON.stringify(recording));
    recording = null;
  });

  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function recordedQuery(config, values, callback) {
    if (recording) {
      const text = typeof config === 'string' ? config : config?.text;
      const params = Array.isArray(values) ? values : config?.values;
      if (typeof text === 'string') recording.push({ text, values: params?.map(asText) });
    }
    return query.call(this, config, values, callback);
  };

  const raw = PGlite.prototype.execProtocolRaw;
  const parsed = new Map();
  PGlite.prototype.execProtocolRaw = function recordedRound(message, options) {
    // Parse messages are read while not recording too: a recorded Bind may run a statement parsed long before.
    const statements = decodeRound(message, parsed);
    if (recording) recording.push(...statements);
    return raw.call(this, message, options);
  };
}

/** The values as the server sends them: text, as node-postgres and the PGlite driver both do. */
function asText(value) {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && !Buffer.isBuffer(value)) return JSON.stringify(value);
  return Buffer.isBuffer(value) ? `\\x${value.toString('hex')}` : String(value);
}

/** The statements of one round of frontend messages: a Query is one, a Bind runs what its Parse named. */
function decodeRound(message, parsed) {
  const bytes = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
  const statements = [];
  for (let at = 0; at < bytes.length; ) {
    const type = String.fromCharCode(bytes[at]);
    const length = bytes.readInt32BE(at + 1);
    const body = bytes.subarray(at + 5, at + 1 + length);
    at += 1 + length;
    if (type === 'Q') statements.push({ text: cString(body, 0).text });
    if (type === 'P') {
      const name = cString(body, 0);
      parsed.set(name.text, cString(body, name.next).text);
    }
    if (type === 'B') {
      const portal = cString(body, 0);
      const statement = cString(body, portal.next);
      let cursor = statement.next;
      const formats = body.readInt16BE(cursor);
      cursor += 2 + 2 * formats;
      const count = body.readInt16BE(cursor);
      cursor += 2;
      const values = [];
      for (let i = 0; i < count; i++) {
        const size = body.readInt32BE(cursor);
        cursor += 4;
        values.push(size < 0 ? null : body.toString('utf8', cursor, cursor + size));
        if (size > 0) cursor += size;
      }
      statements.push({ text: parsed.get(statement.text), values });
    }
  }
  return statements;
}

function cString(body, from) {
  const end = body.indexOf(0, from);
  return { text: body.toString('utf8', from, end), next: end + 1 };
}
