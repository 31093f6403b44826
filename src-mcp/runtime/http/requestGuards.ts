// DNS-rebinding and cross-site defences of the HTTP endpoint (MCP transports spec, *Security
// Warning*): a request's Host must be the --resource host (a load balancer forwards it) or the
// address this process listens on; an Origin, where a request carries one, must be one of those
// origins exactly (scheme, host and port).
import { isLoopbackHost } from './options.js';

export interface AllowedPlaces {
  hosts: Set<string>;
  origins: Set<string>;
}

export function allowedPlaces(resource: URL, listenHost: string, port: number): AllowedPlaces {
  const listenNames = isLoopbackHost(listenHost) ? ['127.0.0.1', 'localhost', '[::1]'] : [listenHost.includes(':') ? `[${listenHost}]` : listenHost];
  const hosts = new Set([resource.host.toLowerCase(), ...listenNames.map((name) => `${name}:${port}`)]);
  const origins = new Set([resource.origin.toLowerCase(), ...listenNames.map((name) => `http://${name}:${port}`)]);
  return { hosts, origins };
}

export function hostAllowed(host: string | undefined, allowed: AllowedPlaces): boolean {
  return host !== undefined && allowed.hosts.has(host.toLowerCase());
}

/** No Origin (not a browser) passes; a present one must be listed ("null" never is). */
export function originAllowed(origin: string | undefined, allowed: AllowedPlaces): boolean {
  return origin === undefined || allowed.origins.has(origin.toLowerCase());
}
