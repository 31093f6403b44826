// The one reader of --database / COSCI_DATABASE_URL: which engine, where, and errors that name the
// accepted forms without ever repeating a password.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_CHOICE_FILE, DatabaseUrlError, redactDatabaseUrl, resolveDatabaseLocation, DATABASE_URL_ENV } from '../../../../src-shared/node/databaseUrl.js';
import { makeTempDir } from '../../../support/tempDirs.js';

const dataDir = '/tmp/cosci-url-data';

describe('resolveDatabaseLocation', () => {
  it('keeps the SQLite file in the data folder when neither the flag nor the variable is given (or the variable is empty)', () => {
    expect(resolveDatabaseLocation({ dataDir, env: {} })).toEqual({ engine: 'sqlite', file: '/tmp/cosci-url-data/co-scientist.db' });
    expect(resolveDatabaseLocation({ dataDir, env: { [DATABASE_URL_ENV]: '  ' } })).toEqual({ engine: 'sqlite', file: '/tmp/cosci-url-data/co-scientist.db' });
  });

  it('selects PostgreSQL for postgres:// and postgresql://, the flag winning over the variable, the password kept for the driver only', () => {
    const fromEnv = resolveDatabaseLocation({ dataDir, env: { [DATABASE_URL_ENV]: 'postgresql://lab:s3cret@db.lab.example:5433/cosci' } });
    expect(fromEnv).toEqual({ engine: 'postgres', url: 'postgresql://lab:s3cret@db.lab.example:5433/cosci', display: 'postgresql://lab:***@db.lab.example:5433/cosci' });
    const fromFlag = resolveDatabaseLocation({ dataDir, flag: 'postgres://me@localhost/db', env: { [DATABASE_URL_ENV]: 'postgres://other@elsewhere/db' } });
    expect(fromFlag).toMatchObject({ engine: 'postgres', url: 'postgres://me@localhost/db', display: 'postgres://me@localhost/db' });
    // A unix socket folder instead of a host, as libpq allows.
    expect(resolveDatabaseLocation({ dataDir, flag: 'postgres:///cosci?host=/var/run/postgresql' }).engine).toBe('postgres');
  });

  it.each([
    ['mysql://root:hunter2@db/cosci', /--database has the scheme "mysql", which Co-Scientist does not store in: give a PostgreSQL URL such as postgres:\/\//],
    ['sqlite:///tmp/x.db', /scheme "sqlite"/],
    ['not a url hunter2', /--database is not a URL: give a PostgreSQL URL/],
    ['postgres:///cosci?user=hunter2', /--database names no host/],
    ['', /--database is empty/],
  ])('refuses %j with DATABASE_URL_INVALID, naming the accepted forms and not the value', (raw, message) => {
    let caught: unknown;
    try {
      resolveDatabaseLocation({ dataDir, flag: raw });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DatabaseUrlError);
    expect((caught as DatabaseUrlError).code).toBe('DATABASE_URL_INVALID');
    expect((caught as Error).message).toMatch(message);
    expect((caught as Error).message).toContain('postgresql://');
    expect((caught as Error).message).not.toContain('hunter2');
  });

  // Settings → Research database writes the folder's choice; every server on the folder follows it.
  it("follows the data folder's chosen database after the flag and the variable, and refuses a file that is no choice", () => {
    const folder = makeTempDir('cosci-choice-');
    const choose = (content: string): void => fs.writeFileSync(path.join(folder, DATABASE_CHOICE_FILE), content);
    choose(JSON.stringify({ url: 'postgres://lab@db.lab.example/cosci' }));
    expect(resolveDatabaseLocation({ dataDir: folder, env: {} })).toMatchObject({ engine: 'postgres', url: 'postgres://lab@db.lab.example/cosci' });
    expect(resolveDatabaseLocation({ dataDir: folder, env: { [DATABASE_URL_ENV]: 'postgres://env@elsewhere/db' } })).toMatchObject({ url: 'postgres://env@elsewhere/db' });
    expect(resolveDatabaseLocation({ dataDir: folder, env: {}, readChoice: false }).engine).toBe('sqlite');
    choose(JSON.stringify({ url: null }));
    expect(resolveDatabaseLocation({ dataDir: folder, env: {} }).engine).toBe('sqlite');
    choose('{"url": 42}');
    expect(() => resolveDatabaseLocation({ dataDir: folder, env: {} })).toThrow(/database\.json is not a database choice/);
    choose(JSON.stringify({ url: 'mysql://x/y' }));
    expect(() => resolveDatabaseLocation({ dataDir: folder, env: {} })).toThrow(/database\.json has the scheme "mysql"/);
  });

  it('names the variable when the bad value came from it', () => {
    expect(() => resolveDatabaseLocation({ dataDir, env: { [DATABASE_URL_ENV]: 'redis://x' } })).toThrow(/^COSCI_DATABASE_URL has the scheme "redis"/);
  });
});

describe('redactDatabaseUrl', () => {
  it('replaces the password in the user part and in the query, and leaves the rest as given', () => {
    expect(redactDatabaseUrl('postgres://lab:p%40ss@db:5432/cosci?sslmode=require')).toBe('postgres://lab:***@db:5432/cosci?sslmode=require');
    expect(redactDatabaseUrl('postgres://lab@db/cosci?password=hunter2&application_name=x')).toBe('postgres://lab@db/cosci?password=***&application_name=x');
    expect(redactDatabaseUrl('postgres://db/cosci')).toBe('postgres://db/cosci');
    expect(redactDatabaseUrl('::: hunter2')).toBe('<an unreadable database URL>');
  });
});
