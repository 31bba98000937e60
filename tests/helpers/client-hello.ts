/** What a TLS ClientHello offers, read from the first bytes a client sends. */
export interface ClientHello {
  cipherSuites: number[];
  /** Extension types in the order sent. */
  extensions: number[];
  alpn: string[];
  supportedGroups: number[];
  supportedVersions: number[];
  serverName: string | null;
}

/** GREASE values (RFC 8701): 0x0a0a, 0x1a1a, … 0xfafa. */
export function isGrease(value: number): boolean {
  return (value & 0x0f0f) === 0x0a0a && value >> 8 === (value & 0xff);
}

/**
 * Bytes needed before the first TLS record is whole (0 when it is), or null when the bytes are
 * not a TLS handshake record.
 */
export function recordBytesMissing(data: Buffer): number | null {
  if (data.length < 5) return 5 - data.length;
  if (data[0] !== 0x16) return null;
  return Math.max(0, 5 + data.readUInt16BE(3) - data.length);
}

/** Parses the ClientHello in the first TLS record of `data` (one record holds it in practice). */
export function parseClientHello(data: Buffer): ClientHello {
  const record = data.subarray(5, 5 + data.readUInt16BE(3));
  if (record[0] !== 0x01) throw new Error('not a ClientHello');
  let pos = 4 + 2 + 32; // handshake header, legacy version, random
  pos += 1 + (record[pos] ?? 0); // session id
  const suitesLength = record.readUInt16BE(pos);
  pos += 2;
  const cipherSuites: number[] = [];
  for (let end = pos + suitesLength; pos < end; pos += 2)
    cipherSuites.push(record.readUInt16BE(pos));
  pos += 1 + (record[pos] ?? 0); // compression methods
  const extensionsEnd = pos + 2 + record.readUInt16BE(pos);
  pos += 2;
  const hello: ClientHello = {
    cipherSuites,
    extensions: [],
    alpn: [],
    supportedGroups: [],
    supportedVersions: [],
    serverName: null,
  };
  while (pos + 4 <= extensionsEnd) {
    const type = record.readUInt16BE(pos);
    const length = record.readUInt16BE(pos + 2);
    const body = record.subarray(pos + 4, pos + 4 + length);
    hello.extensions.push(type);
    if (type === 16) hello.alpn = readAlpn(body);
    if (type === 10) {
      for (let i = 2; i + 1 < body.length; i += 2) hello.supportedGroups.push(body.readUInt16BE(i));
    }
    if (type === 43) {
      for (let i = 1; i + 1 < body.length; i += 2)
        hello.supportedVersions.push(body.readUInt16BE(i));
    }
    if (type === 0 && body.length > 5) hello.serverName = body.subarray(5).toString('latin1');
    pos += 4 + length;
  }
  return hello;
}

function readAlpn(body: Buffer): string[] {
  const out: string[] = [];
  for (let i = 2; i < body.length;) {
    const length = body[i] ?? 0;
    out.push(body.subarray(i + 1, i + 1 + length).toString('latin1'));
    i += 1 + length;
  }
  return out;
}
