import crypto from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';

// s3rver takes a browser's POST Object upload without checking its policy or signature (it accepts
// anonymous POSTs). This gate stands in front of it and checks POST uploads as S3 documents it
// ("Creating a POST policy", "Authenticating Requests: Browser-Based Uploads Using POST (AWS
// Signature Version 4)"), written apart from the server's signer; every other request passes through.

/** A refusal as S3 words it: HTTP status, error code, message. */
type Refusal = [number, string, string];

const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();

/** The SigV4 signature S3 expects of a base64 POST policy, for a credential split at its slashes (key id, day, region, service, aws4_request). */
export function expectedSignature(secret: string, credential: string[], policy: string): string {
  const [, day, region, service] = credential;
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
  return crypto.createHmac('sha256', key).update(policy).digest('hex');
}

/** Whether one policy condition holds for the form's fields (names lower-cased), the bucket and the file's size; else why not. */
function conditionFails(condition: unknown, fields: Map<string, string>, bucket: string, size: number): Refusal | null {
  const failed: Refusal = [403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`];
  const value = (name: string) => (name.toLowerCase() === 'bucket' ? bucket : fields.get(name.toLowerCase()));
  if (Array.isArray(condition)) {
    const [op, a, b] = condition as [string, unknown, unknown];
    if (op === 'content-length-range') {
      if (size > Number(b)) return [400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'];
      return size < Number(a) ? [400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size'] : null;
    }
    const field = value(String(a).replace(/^\$/, ''));
    if (op === 'eq') return field === b ? null : failed;
    if (op === 'starts-with') return field !== undefined && field.startsWith(String(b)) ? null : failed;
    return [400, 'InvalidPolicyDocument', `Invalid Policy: Invalid Condition: ${JSON.stringify(condition)}`];
  }
  const entries = Object.entries(condition as Record<string, unknown>);
  return entries.length === 1 && value(entries[0][0]) === entries[0][1] ? null : failed;
}

/** Names a policy condition checks (lower-cased). */
function conditionNames(conditions: unknown[]): Set<string> {
  return new Set(conditions.map((c) => (Array.isArray(c) ? String(c[1]).replace(/^\$/, '') : (Object.keys(c as object)[0] ?? ''))).map((n) => n.toLowerCase()));
}

/** Checks a POST Object form as S3 would; null lets it through. */
async function checkPostForm(body: Buffer, contentType: string, bucket: string, secrets: Record<string, string>, now: Date): Promise<Refusal | null> {
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  const entries = [...form.entries()];
  const last = entries.at(-1);
  if (!last || last[0] !== 'file') return [400, 'InvalidArgument', 'POST requires exactly one file upload per request, as the last field'];
  const fields = new Map(entries.slice(0, -1).map(([name, value]) => [name.toLowerCase(), String(value)]));
  const size = (last[1] as Blob).size;
  const policy = fields.get('policy');
  const credential = (fields.get('x-amz-credential') ?? '').split('/');
  if (!policy || fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256' || credential.length !== 5 || !fields.get('x-amz-date')) {
    return [403, 'AccessDenied', 'Bucket POST must contain a policy, x-amz-algorithm, x-amz-credential and x-amz-date'];
  }
  const secret = secrets[credential[0]];
  if (!secret) return [403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.'];
  if (fields.get('x-amz-signature') !== expectedSignature(secret, credential, policy)) {
    return [403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.'];
  }
  const document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
  if (!(Date.parse(document.expiration) > now.getTime())) return [403, 'AccessDenied', 'Invalid according to Policy: Policy expired.'];
  for (const condition of document.conditions) {
    const refusal = conditionFails(condition, fields, bucket, size);
    if (refusal) return refusal;
  }
  const covered = conditionNames(document.conditions);
  const extra = [...fields.keys()].filter((name) => !['policy', 'x-amz-signature'].includes(name) && !name.startsWith('x-ignore-') && !covered.has(name));
  return extra.length ? [403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${extra.join(', ')}`] : null;
}

function forward(request: http.IncomingMessage, body: Buffer, response: http.ServerResponse, target: URL): void {
  const upstream = http.request({ host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(response);
  });
  upstream.on('error', () => response.destroy());
  upstream.end(body);
}

/** A loopback HTTP gate in front of an S3 test server that enforces POST policies. */
export interface S3PostPolicyGate {
  url: string;
  close(): Promise<void>;
}

/** Starts the gate on a free port, forwarding to target (secrets: secret access key by access key id; now: the clock). */
export async function startS3PostPolicyGate(target: string, secrets: Record<string, string>, now: () => Date = () => new Date()): Promise<S3PostPolicyGate> {
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks);
      const bucket = /^\/([^/?]+)\/?(\?.*)?$/.exec(request.url ?? '')?.[1];
      const contentType = request.headers['content-type'] ?? '';
      if (request.method === 'POST' && bucket && contentType.startsWith('multipart/form-data')) {
        const refusal = await checkPostForm(body, contentType, bucket, secrets, now()).catch((): Refusal => [
          400,
          'MalformedPOSTRequest',
          'The body of your POST request is not well-formed multipart/form-data.',
        ]);
        if (refusal) {
          const [status, code, message] = refusal;
          response.writeHead(status, { 'content-type': 'application/xml' });
          return response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
        }
      }
      forward(request, body, response, upstream);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
