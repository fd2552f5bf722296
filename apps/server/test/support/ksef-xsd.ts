import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  XmlDocument,
  type XmlNode,
  XmlValidateError,
  XsdValidator,
  xmlRegisterInputProvider,
} from 'libxml2-wasm';

/**
 * The official FA(3) schema, checked offline with libxml2 (npm libxml2-wasm, libxml2 compiled to
 * WebAssembly). The schema imports its base types from the ministry's address; an input provider,
 * the job an XML catalog does for xmllint, answers that address with the local copy in
 * `modules/ksef/schemas/bazowe/`, so the official files stay unchanged.
 */

const FA3_NS = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

const SCHEMAS = new URL('../../src/modules/ksef/schemas/', import.meta.url);
const BASE_TYPES_ADDRESS = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/';

/** The local file of a schema address: the ministry's base types, or a file of the local copy. */
function localPath(address: string): string | undefined {
  if (address.startsWith(BASE_TYPES_ADDRESS)) {
    return fileURLToPath(new URL(`bazowe/${address.slice(BASE_TYPES_ADDRESS.length)}`, SCHEMAS));
  }
  if (address.startsWith(SCHEMAS.href)) return fileURLToPath(address);
  return undefined;
}

let registered = false;
function registerSchemaFiles() {
  if (registered) return;
  registered = true;
  xmlRegisterInputProvider({
    match: (address) => localPath(address) !== undefined,
    open: (address) => {
      const path = localPath(address);
      return path === undefined ? undefined : openSync(path, 'r');
    },
    read: (fd, buffer) => readSync(fd, buffer, 0, buffer.byteLength, null),
    close: (fd) => {
      closeSync(fd);
      return true;
    },
  });
}

function loadValidator(file: string): XsdValidator {
  registerSchemaFiles();
  const url = new URL(file, SCHEMAS);
  const schema = XmlDocument.fromBuffer(readFileSync(url), { url: url.href });
  try {
    return XsdValidator.fromDoc(schema);
  } finally {
    schema.dispose();
  }
}

const validators = new Map<string, XsdValidator>();

function errorsAgainst(file: string, xml: string): string[] {
  let validator = validators.get(file);
  if (!validator) {
    validator = loadValidator(file);
    validators.set(file, validator);
  }
  const doc = XmlDocument.fromString(xml);
  try {
    validator.validate(doc);
    return [];
  } catch (error) {
    if (error instanceof XmlValidateError) return error.details.map((d) => `${d.line}: ${d.message.trim()}`);
    throw error;
  } finally {
    doc.dispose();
  }
}

/** What libxml2 finds wrong with an FA(3) invoice against the official schema; empty when valid. */
export const fa3Errors = (xml: string) => errorsAgainst('schemat_FA(3)_v1-0E.xsd', xml);

/** The same for an official receipt (UPO) against `upo-v4-3.xsd`. */
export const upoErrors = (xml: string) => errorsAgainst('upo-v4-3.xsd', xml);

/** An XML document read for assertions: XPath with the prefix `f` for FA(3) (`u` for the UPO). */
export function readXml(xml: string) {
  const doc = XmlDocument.fromString(xml);
  const ns = { f: FA3_NS, u: 'http://upo.schematy.mf.gov.pl/KSeF/v4-3' };
  const textOf = (node: XmlNode) => node.content;
  return {
    text(xpath: string): string | null {
      const node = doc.get(xpath, ns);
      return node ? textOf(node) : null;
    },
    all(xpath: string): string[] {
      return doc.find(xpath, ns).map(textOf);
    },
  };
}
