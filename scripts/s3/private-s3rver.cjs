// The local S3 server: s3rver, made to behave like a private bucket on S3 or MinIO. s3rver 3.7.1
// serves anonymous requests (reads, listings, even writes) and accepts any Signature V4 without
// checking it, so a local stack would hide exactly what issue 10 is about: media readable without a
// signature, and an upload of another length than the one signed. This front refuses both before
// s3rver sees the request. s3rver itself still checks X-Amz-Date and X-Amz-Expires.
const crypto = require('node:crypto');
const fs = require('node:fs');
const S3rver = require('s3rver');

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** s3rver's built-in account, the only credentials it knows. */
const CREDENTIALS = { S3RVER: 'S3RVER' };

/** RFC 3986 encoding, as SigV4's canonical request spells paths and query values. */
function encode(value) {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const decode = (value) => decodeURIComponent(value.replace(/\+/g, '%20'));
const hmac = (key, data) => crypto.createHmac('sha256', key).update(data).digest();
const sha256 = (data) => crypto.createHash('sha256').update(data).digest('hex');

/** The raw query's pairs, decoded, in request order. */
function queryPairs(rawQuery) {
  return rawQuery
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const at = part.indexOf('=');
      return at === -1 ? [decode(part), ''] : [decode(part.slice(0, at)), decode(part.slice(at + 1))];
    });
}

/** The request's Signature V4 as sent: by header or by query, or null when there is none. */
function presentedSignature(req, pairs) {
  const auth = req.headers.authorization;
  if (auth) {
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]+)$/.exec(
        auth.trim(),
      );
    if (!match) {
      return { malformed: true };
    }
    return {
      credential: match[1],
      signedHeaders: match[2],
      signature: match[3],
      amzDate: req.headers['x-amz-date'],
      payloadHash: req.headers['x-amz-content-sha256'],
      query: pairs,
    };
  }
  const params = Object.fromEntries(pairs);
  if (params['X-Amz-Algorithm'] === undefined) {
    return null;
  }
  if (params['X-Amz-Algorithm'] !== ALGORITHM || !params['X-Amz-Signature']) {
    return { malformed: true };
  }
  return {
    credential: params['X-Amz-Credential'],
    signedHeaders: params['X-Amz-SignedHeaders'],
    signature: params['X-Amz-Signature'],
    amzDate: params['X-Amz-Date'],
    payloadHash: params['X-Amz-Content-Sha256'] ?? 'UNSIGNED-PAYLOAD',
    query: pairs.filter(([name]) => name !== 'X-Amz-Signature'),
  };
}

/** Why the request may not go on (anonymous, or signed otherwise than it is), or null. */
function refusal(req) {
  const [rawPath, rawQuery = ''] = req.url.split('?');
  const presented = presentedSignature(req, queryPairs(rawQuery));
  if (!presented) {
    return ['AccessDenied', 'Access Denied'];
  }
  const [accessKeyId, day, region, service, terminal] = (presented.credential ?? '').split('/');
  const secret = CREDENTIALS[accessKeyId];
  if (presented.malformed || !secret || !presented.amzDate || !presented.signedHeaders) {
    return ['AccessDenied', 'Access Denied'];
  }
  const names = presented.signedHeaders.split(';');
  if (names.some((name) => req.headers[name] === undefined)) {
    return ['SignatureDoesNotMatch', 'A signed header is missing from the request.'];
  }
  const canonicalRequest = [
    req.method,
    rawPath
      .split('/')
      .map((segment) => encode(decode(segment)))
      .join('/'),
    presented.query
      .map(([name, value]) => [encode(name), encode(value)])
      .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
      .map(([name, value]) => `${name}=${value}`)
      .join('&'),
    ...names.map((name) => `${name}:${String(req.headers[name]).trim().replace(/\s+/g, ' ')}`),
    '',
    presented.signedHeaders,
    presented.payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/${service}/${terminal}`;
  const stringToSign = [ALGORITHM, presented.amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), terminal);
  const expected = crypto.createHmac('sha256', key).update(stringToSign).digest('hex');
  const given = Buffer.from(presented.signature, 'hex');
  if (given.length !== 32 || !crypto.timingSafeEqual(given, Buffer.from(expected, 'hex'))) {
    return [
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    ];
  }
  return null;
}

/** An s3rver that answers only correctly signed requests, with `bucket` configured with `corsFile`. */
function createPrivateS3rver({ address, port, directory, bucket, corsFile }) {
  const server = new S3rver({
    address,
    port,
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [fs.readFileSync(corsFile)] }],
  });
  server.middleware.unshift(async (ctx, next) => {
    // A CORS preflight carries no credentials by design; s3rver answers it from the bucket's rules.
    if (ctx.method === 'OPTIONS') {
      return next();
    }
    const refused = refusal(ctx.req);
    if (refused) {
      ctx.status = 403;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refused[0]}</Code><Message>${refused[1]}</Message></Error>`;
      return undefined;
    }
    return next();
  });
  return server;
}

module.exports = { createPrivateS3rver, refusal };

if (require.main === module) {
  // `--name value` pairs.
  const argv = process.argv.slice(2);
  const args = Object.fromEntries(
    argv.flatMap((arg, i) => (arg.startsWith('--') ? [[arg.slice(2), argv[i + 1]]] : [])),
  );
  createPrivateS3rver({
    address: args.address ?? '127.0.0.1',
    port: Number(args.port),
    directory: args.directory,
    bucket: args.bucket ?? 'media',
    corsFile: args.cors,
  })
    .run()
    .catch((error) => {
      process.stderr.write(`${error.stack ?? error}\n`);
      process.exit(1);
    });
}
