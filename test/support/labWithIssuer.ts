// A lab server that trusts a real authorization server (authorizationServer.ts), the pair most
// team-server and lab-client tests start. The issuer must know the server's URL (the only resource
// it issues tokens for) before the server, whose URL it is, has started: the one place that
// resolves that order.
import { afterAll, beforeAll } from 'vitest';
import { startAuthorizationServer, type AuthorizationServer, type AuthorizationServerOptions } from './authorizationServer.js';
import { startLabServer, stopLabServers, type LabServer } from './labServer.js';
import { tempDataDir } from './server.js';

export interface LabWithIssuer {
  issuer: AuthorizationServer;
  server: LabServer;
}

/** Starts the issuer, then `co-scientist serve --http --issuer … --data-dir <dataDir>` trusting it. */
export async function startLabWithIssuer(dataDir: string, options: Omit<AuthorizationServerOptions, 'resource'> = {}, env: Record<string, string> = {}): Promise<LabWithIssuer> {
  let resource = '';
  const issuer = await startAuthorizationServer({ ...options, resource: () => resource });
  const server = await startLabServer(['--issuer', issuer.issuer, '--data-dir', dataDir], env);
  resource = server.url;
  return { issuer, server };
}

/** A suite's lab server and issuer (filled in before its tests), on a fresh data folder, stopped after them. */
export function labWithIssuerForSuite(
  dataDirLabel: string,
  options: Omit<AuthorizationServerOptions, 'resource'> = {},
  env: Record<string, string> = {},
): LabWithIssuer & { dataDir: string } {
  const lab = {} as LabWithIssuer & { dataDir: string };
  beforeAll(async () => {
    lab.dataDir = tempDataDir(dataDirLabel);
    Object.assign(lab, await startLabWithIssuer(lab.dataDir, options, env));
  });
  afterAll(async () => {
    await stopLabServers();
    await lab.issuer?.close();
  });
  return lab;
}
