import { z } from 'zod';
import { blankAsAbsent } from '../fields';

/**
 * EVENTSTORE_URL is an EventStoreDB connection string, not a URL: `esdb://es1:2113,es2:2113,es3:2113?tls=true`
 * names a whole cluster, which a URL parser refuses. This reads it the way the client (@eventstore/db-client) does,
 * and refuses what the client would misread or quietly ignore. No message ever repeats the password.
 */

export interface EventStoreHost {
  readonly host: string;
  readonly port: number;
}

export interface EventStoreConnection {
  /** esdb+discover://: the hosts are asked for the cluster's members (gossip) rather than used as they are. */
  readonly discover: boolean;
  readonly hosts: readonly EventStoreHost[];
  /** The user name, when the string carries credentials (the password is never kept here). */
  readonly username: string | undefined;
  /** The query options, by the client's own spelling of their names. */
  readonly options: Readonly<Record<string, string>>;
}

type Check = (value: string) => string | undefined;

const isBoolean: Check = (value) => (value === 'true' || value === 'false' ? undefined : 'must be true or false');
const isWhole: Check = (value) => (/^\d+$/.test(value) ? undefined : 'must be a whole number');
const isText: Check = (value) => (value === '' ? 'must not be empty' : undefined);
const NODE_PREFERENCES = ['leader', 'follower', 'random', 'readonlyreplica'];

/** The options the client understands, each with what its value must look like. */
const OPTIONS: Record<string, Check> = {
  tls: isBoolean,
  tlsVerifyCert: (value) =>
    isBoolean(value) ??
    (value === 'false'
      ? 'cannot be false: the client ignores it and still checks the certificate; name the CA with tlsCAFile instead'
      : undefined),
  tlsCAFile: isText,
  userCertFile: isText,
  userKeyFile: isText,
  connectionName: isText,
  nodePreference: (value) =>
    NODE_PREFERENCES.includes(value.toLowerCase().replace(/[_-]/g, ''))
      ? undefined
      : 'must be leader, follower, random or readOnlyReplica',
  maxDiscoverAttempts: isWhole,
  discoveryInterval: isWhole,
  gossipTimeout: isWhole,
  defaultDeadline: isWhole,
  keepAliveInterval: isWhole,
  keepAliveTimeout: isWhole,
  throwOnAppendFailure: (value) =>
    value === 'true' ? undefined : 'must stay true: the store relies on a conflicting append being thrown',
};
/** The client matches option names without case, `-` or `_`; so does this. */
const flat = (name: string) => name.toLowerCase().replace(/[_-]/g, '');
const OPTION_BY_FLAT_NAME = new Map(Object.keys(OPTIONS).map((name) => [flat(name), name]));

// A host name or IPv4 address; the client cannot read IPv6 literals (it splits host and port on ':').
const HOST = /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/;

export type ParsedConnection = { ok: true; connection: EventStoreConnection } | { ok: false; message: string };

export function parseEventStoreConnection(text: string): ParsedConnection {
  const fail = (message: string): ParsedConnection => ({ ok: false, message });
  const scheme = /^(esdb|esdb\+discover):\/\//.exec(text);
  if (!scheme) return fail('must start with esdb:// or esdb+discover:// (an EventStoreDB connection string)');
  let rest = text.slice(scheme[0].length);

  const queryAt = rest.indexOf('?');
  const query = queryAt === -1 ? '' : rest.slice(queryAt + 1);
  rest = queryAt === -1 ? rest : rest.slice(0, queryAt);
  rest = rest.replace(/\/$/, '');

  let username: string | undefined;
  const at = rest.lastIndexOf('@');
  if (at !== -1) {
    const credentials = rest.slice(0, at);
    rest = rest.slice(at + 1);
    const colon = credentials.indexOf(':');
    if (colon <= 0 || colon === credentials.length - 1 || credentials.includes('@')) {
      return fail('credentials must be user:password@ (percent-encode an @ or : inside them)');
    }
    try {
      username = decodeURIComponent(credentials.slice(0, colon));
      decodeURIComponent(credentials.slice(colon + 1));
    } catch {
      return fail('credentials are not correctly percent-encoded');
    }
  }

  if (rest === '') return fail('names no host: give host:port, or several separated by commas');
  const hosts: EventStoreHost[] = [];
  for (const part of rest.split(',')) {
    const [host = '', port = '2113', ...extra] = part.trim().split(':');
    if (!HOST.test(host) || extra.length > 0) return fail(`"${part}" is not a host name or host:port`);
    const number = /^\d{1,5}$/.test(port) ? Number(port) : Number.NaN;
    if (!(number >= 1 && number <= 65535)) return fail(`"${part}" has no port from 1 to 65535`);
    hosts.push({ host, port: number });
  }

  const options: Record<string, string> = {};
  if (query !== '') {
    for (const pair of query.split('&')) {
      const equals = pair.indexOf('=');
      const key = equals === -1 ? pair : pair.slice(0, equals);
      const value = equals === -1 ? '' : pair.slice(equals + 1);
      const name = OPTION_BY_FLAT_NAME.get(flat(key));
      if (!name) return fail(`has an unknown option "${key}" (known: ${Object.keys(OPTIONS).join(', ')})`);
      if (equals === -1 || value === '') return fail(`option ${name} has no value (write ${name}=…)`);
      const problem = OPTIONS[name]!(value);
      if (problem) return fail(`option ${name} ${problem}`);
      options[name] = value;
    }
  }
  return { ok: true, connection: { discover: scheme[1] === 'esdb+discover', hosts, username, options } };
}

/** The hosts, for messages: `es1:2113, es2:2113` (never the credentials). */
export const describeHosts = (connection: EventStoreConnection): string =>
  connection.hosts.map(({ host, port }) => `${host}:${port}`).join(', ');

/** EVENTSTORE_URL: an EventStoreDB connection string (esdb:// or esdb+discover://, one or more hosts). */
export const eventStoreUrl = z.string().superRefine((value, ctx) => {
  const parsed = parseEventStoreConnection(value.trim());
  if (!parsed.ok) ctx.addIssue({ code: 'custom', message: `EVENTSTORE_URL ${parsed.message}` });
});

/** EVENTSTORE_URL where leaving it out (or blank) means the PostgreSQL store. */
export const optionalEventStoreUrl = z.preprocess(blankAsAbsent, eventStoreUrl.optional());
