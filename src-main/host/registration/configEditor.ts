// One interface over the three format editors (JSON/JSONC, TOML, YAML), so the registrar decides
// and verifies the same way for every assistant. Each editor changes only our entry's text; this
// module also computes what the whole document must read as afterwards, which the registrar
// checks before writing and again after.
import type { ConfigFormat, EntrySite, JsonObject } from './clientAdapter.js';
import { canonicalJson } from './entryDiff.js';
import { documentValue, parseConfigDocument, readServerEntry, withoutServerEntry, withServerEntry } from './jsonEntryEditor.js';
import type { TextStyle } from './configText.js';
import { parseTomlConfig, readTomlEntry, withoutTomlEntry, withTomlEntry } from './tomlEntryEditor.js';
import { parseYamlConfig, readYamlEntry, withoutYamlEntry, withYamlEntry } from './yamlEntryEditor.js';

export interface ParsedConfig {
  /** The file holds no value: blank, or (JSONC, TOML, YAML) only comments. */
  blank: boolean;
  /** The whole document as data; `{}` when blank. */
  value: Record<string, unknown>;
  style: TextStyle;
  readEntry(site: EntrySite, name: string): unknown;
  /** The full new file text with our entry set to `entry`. */
  withEntry(site: EntrySite, name: string, entry: JsonObject): string;
  /** The full new file text without our entry. */
  withoutEntry(site: EntrySite, name: string): string;
}

/** Parses a config file; throws RegistrationError (UNPARSEABLE_CONFIG, NOT_AN_OBJECT, …) naming the file. */
export function parseConfig(bytes: Uint8Array, source: string, format: ConfigFormat): ParsedConfig {
  switch (format) {
    case 'toml':
      return siteEditorConfig(parseTomlConfig(bytes, source), readTomlEntry, withTomlEntry, withoutTomlEntry);
    case 'yaml':
      return siteEditorConfig(parseYamlConfig(bytes, source), readYamlEntry, withYamlEntry, withoutYamlEntry);
    default: {
      const doc = parseConfigDocument(bytes, source, format);
      const mapOnly = (site: EntrySite) => {
        if (site.shape !== 'map') throw new Error('JSON configs hold servers as a map');
        return site.key;
      };
      return {
        blank: doc.root === undefined,
        value: documentValue(doc),
        style: doc.style,
        readEntry: (site, name) => readServerEntry(doc, mapOnly(site), name),
        withEntry: (site, name, entry) => withServerEntry(doc, mapOnly(site), name, entry),
        withoutEntry: (site, name) => withoutServerEntry(doc, mapOnly(site), name),
      };
    }
  }
}

/** A parsed TOML or YAML document: blank when it holds no value, and its style kept for the rewrite. */
interface SiteDocument {
  value: Record<string, unknown> | undefined;
  style: TextStyle;
}

/** The TOML and YAML editors take the entry's site as it is: servers as a map or as a list. */
function siteEditorConfig<D extends SiteDocument>(
  doc: D,
  read: (doc: D, site: EntrySite, name: string) => unknown,
  write: (doc: D, site: EntrySite, name: string, entry: JsonObject) => string,
  remove: (doc: D, site: EntrySite, name: string) => string,
): ParsedConfig {
  return {
    blank: doc.value === undefined,
    value: doc.value ?? {},
    style: doc.style,
    readEntry: (site, name) => read(doc, site, name),
    withEntry: (site, name, entry) => write(doc, site, name, entry),
    withoutEntry: (site, name) => remove(doc, site, name),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The document's value with our entry set (or removed when `entry` is undefined). */
export function withEntryValue(value: Record<string, unknown>, site: EntrySite, name: string, entry: JsonObject | undefined): Record<string, unknown> {
  const current = value[site.key];
  if (site.shape === 'map') {
    const servers = { ...(isObject(current) ? current : {}) };
    if (entry === undefined) delete servers[name];
    else servers[name] = entry;
    return { ...value, [site.key]: servers };
  }
  const list = Array.isArray(current) ? [...(current as unknown[])] : [];
  const index = list.findIndex((item) => isObject(item) && item.name === name);
  if (entry === undefined) {
    if (index >= 0) list.splice(index, 1);
  } else if (index >= 0) list[index] = entry;
  else list.push(entry);
  return { ...value, [site.key]: list };
}

/**
 * Compares two documents, counting an absent, null or empty servers collection as the same
 * thing: TOML cannot write an empty table without a header, YAML's `key:` reads as null, and
 * removing our last server legitimately leaves any of these behind.
 */
export function sameDocument(a: Record<string, unknown>, b: Record<string, unknown>, site: EntrySite): boolean {
  const normal = (v: Record<string, unknown>) => {
    const servers = v[site.key];
    const empty = servers === null || (Array.isArray(servers) ? servers.length === 0 : isObject(servers) && Object.keys(servers).length === 0);
    if (!empty) return v;
    const { [site.key]: _dropped, ...rest } = v;
    return rest;
  };
  return canonicalJson(normal(a)) === canonicalJson(normal(b));
}
