/** Words that mark a query parameter as a credential: `token_hash`, `refreshToken`, `X-Amz-Signature`, `code`. */
const SECRET_WORDS = new Set(['token', 'code', 'otp', 'password', 'secret', 'signature']);

export const REDACTED = '[redacted]';

function isSecretName(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // A malformed escape is logged as it came; its words are still checked.
  }
  return decoded
    .split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/)
    .some((word) => SECRET_WORDS.has(word.toLowerCase()));
}

/**
 * A request URL fit for a log line: the value of every query parameter that carries a credential
 * (one-time link tokens, codes, signatures) replaced, everything else kept as it came, so the line
 * still shows which page or call it was.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) {
    return url;
  }
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const name = separator === -1 ? pair : pair.slice(0, separator);
      return separator !== -1 && isSecretName(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}
