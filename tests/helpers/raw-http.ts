import http from 'node:http';

/** A response read to the end over node:http, with the raw headers and exact body bytes. */
export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface RawRequestOptions {
  method?: string;
  /** An array sends the header once per value. */
  headers?: Record<string, string | string[]>;
  body?: string;
}

/**
 * One request over a fresh connection (no agent), so a test sees exactly what the server sent:
 * no redirects followed, no decompression, no header normalisation beyond Node's lower-casing.
 */
export function rawRequest(url: string, options: RawRequestOptions = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('error', reject);
        res.once('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.once('error', reject);
    req.end(options.body);
  });
}

/** The parsed JSON body of a raw response. */
export function jsonOf(res: RawResponse): unknown {
  return JSON.parse(res.body.toString('utf8'));
}
