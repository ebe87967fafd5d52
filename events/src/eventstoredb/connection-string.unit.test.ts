import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeHosts, eventStoreUrl, optionalEventStoreUrl, parseEventStoreConnection } from './connection-string';

const accepted = (text: string) => {
  const parsed = parseEventStoreConnection(text);
  if (!parsed.ok) throw new Error(`refused ${text}: ${parsed.message}`);
  return parsed.connection;
};
const refusal = (text: string) => {
  const result = eventStoreUrl.safeParse(text);
  expect(result.success, `${text} should be refused`).toBe(false);
  return result.error!.issues.map((issue) => issue.message).join('; ');
};

describe('EVENTSTORE_URL', () => {
  it('takes a single node, with the default port when none is given', () => {
    expect(accepted('esdb://localhost:2113?tls=false')).toEqual({
      discover: false,
      hosts: [{ host: 'localhost', port: 2113 }],
      username: undefined,
      options: { tls: 'false' },
    });
    expect(accepted('esdb://eventstore').hosts).toEqual([{ host: 'eventstore', port: 2113 }]);
  });

  it('takes a three-node cluster, which a URL check refuses', () => {
    const text = 'esdb://es1:2113,es2:2113,es3:2113';
    expect(z.url().safeParse(text).success).toBe(false);
    expect(eventStoreUrl.parse(text)).toBe(text);
    expect(describeHosts(accepted(text))).toBe('es1:2113, es2:2113, es3:2113');
  });

  it('takes discovery through DNS or gossip seeds', () => {
    expect(accepted('esdb+discover://cluster.example.org:2113')).toMatchObject({
      discover: true,
      hosts: [{ host: 'cluster.example.org', port: 2113 }],
    });
    expect(accepted('esdb+discover://10.0.0.1:2113,10.0.0.2:2113/?nodePreference=follower').hosts).toHaveLength(2);
  });

  it('takes credentials, keeps the user name and never the password', () => {
    const connection = accepted('esdb://admin:s%40cret@es1:2113,es2:2113?tls=true');
    expect(connection.username).toBe('admin');
    expect(JSON.stringify(connection)).not.toContain('cret');
  });

  it('takes the TLS options, spelt as the client allows', () => {
    expect(accepted('esdb://es1:2113?tls=true&tlsCAFile=/run/secrets/ca.crt&tls_verify_cert=true').options).toEqual({
      tls: 'true',
      tlsCAFile: '/run/secrets/ca.crt',
      tlsVerifyCert: 'true',
    });
    expect(accepted('esdb://es1:2113?TLS=false&keepAliveInterval=10000').options).toEqual({
      tls: 'false',
      keepAliveInterval: '10000',
    });
  });

  it('is optional: blank or missing means the PostgreSQL store', () => {
    expect(optionalEventStoreUrl.parse(undefined)).toBeUndefined();
    expect(optionalEventStoreUrl.parse('')).toBeUndefined();
  });

  it('refuses other schemes, missing hosts, bad ports and bad options, each with its reason', () => {
    expect(refusal('http://es1:2113')).toBe(
      'EVENTSTORE_URL must start with esdb:// or esdb+discover:// (an EventStoreDB connection string)',
    );
    expect(refusal('postgres://localhost/care')).toContain('must start with esdb://');
    expect(refusal('esdb://')).toBe('EVENTSTORE_URL names no host: give host:port, or several separated by commas');
    expect(refusal('esdb://es1:2113,,es3:2113')).toBe('EVENTSTORE_URL "" is not a host name or host:port');
    expect(refusal('esdb://es1:99999')).toBe('EVENTSTORE_URL "es1:99999" has no port from 1 to 65535');
    expect(refusal('esdb://es1:port')).toBe('EVENTSTORE_URL "es1:port" has no port from 1 to 65535');
    expect(refusal('esdb://es1:2113?tls=yes')).toBe('EVENTSTORE_URL option tls must be true or false');
    expect(refusal('esdb://es1:2113?tsl=true')).toContain('EVENTSTORE_URL has an unknown option "tsl" (known: tls,');
    expect(refusal('esdb://es1:2113?tls')).toBe('EVENTSTORE_URL option tls has no value (write tls=…)');
    expect(refusal('esdb://es1:2113?nodePreference=nearest')).toBe(
      'EVENTSTORE_URL option nodePreference must be leader, follower, random or readOnlyReplica',
    );
    expect(refusal('esdb://es1:2113?tlsVerifyCert=false')).toContain('cannot be false');
    expect(refusal('esdb://es1:2113?throwOnAppendFailure=false')).toContain('must stay true');
  });

  it('refuses malformed credentials without repeating the password', () => {
    const message = refusal('esdb://admin:@es1:2113');
    expect(message).toBe('EVENTSTORE_URL credentials must be user:password@ (percent-encode an @ or : inside them)');
    const raw = refusal('esdb://admin:p@ss@es1:2113');
    expect(raw).not.toContain('p@ss');
    expect(refusal('esdb://admin:%E0%A4%A@es1:2113')).toBe(
      'EVENTSTORE_URL credentials are not correctly percent-encoded',
    );
  });
});
