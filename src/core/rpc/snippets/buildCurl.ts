import { maskEndpoint } from '../endpoint/maskEndpoint.ts';

/** Quotes a string for a POSIX shell: single quotes, with each `'` written as `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Inputs of {@link buildCurl}. */
export interface CurlOptions {
  url: string;
  /** The request body exactly as it should be sent. */
  body: string;
  contentType: string;
  /** HTTP basic auth user; with no user, no `-u` is written. */
  user?: string;
  password?: string;
  /** Write the real user and password; otherwise `-u '<USERNAME>:<PASSWORD>'`. */
  includeCredentials?: boolean;
  /** Write the endpoint as is; otherwise keys embedded in it are masked (see maskEndpoint). */
  revealEndpoint?: boolean;
  /** One argument per line with ` \` continuations (default) or everything on one line. */
  multiline?: boolean;
}

/** The basic-auth `USER:PASSWORD` text for a snippet: placeholders unless the credentials are to be included. */
export function credentialText(user: string, password: string | undefined, include: boolean): string {
  if (!include) return '<USERNAME>:<PASSWORD>';
  return `${user}:${password ?? '<PASSWORD>'}`;
}

/** Builds a curl command that POSTs `body` to the endpoint, quoted for POSIX shells. */
export function buildCurl(o: CurlOptions): string {
  const url = o.revealEndpoint ? o.url : maskEndpoint(o.url);
  const args = ['curl -sS -X POST ' + shellQuote(url), '-H ' + shellQuote(`Content-Type: ${o.contentType}`)];
  if (o.user !== undefined)
    args.push('-u ' + shellQuote(credentialText(o.user, o.password, o.includeCredentials === true)));
  args.push('--data-raw ' + shellQuote(o.body));
  return args.join(o.multiline === false ? ' ' : ' \\\n  ');
}
