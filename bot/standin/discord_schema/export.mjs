// Discord's request schemas as one JSON Schema (Draft 2020-12) document.
//
// Usage: node export.mjs OUT NAME...
//
// Reads the Zod schemas of the npm package `discord-api-spec` (generated from Discord's
// OpenAPI spec) and writes to OUT a document whose `$defs` hold each NAME and every schema
// it refers to, under the name Discord's spec gives it ("ButtonComponentForMessageRequest"),
// so that `#/$defs/<Name>/properties/...` points into Discord's own structure.
// Run by bot/standin/discord_schema/build.py from the folder where both packages are
// installed (ES module imports resolve next to the script, so it is copied there first).

import { readFileSync, writeFileSync } from "node:fs";
import * as z from "zod";
import * as spec from "discord-api-spec/zod";

const [out, ...roots] = process.argv.slice(2);
if (!out || roots.length === 0) {
  console.error("usage: node export.mjs OUT NAME...");
  process.exit(2);
}

const SUFFIX = "Schema";
const registry = z.registry();
for (const [name, schema] of Object.entries(spec)) {
  if (name.endsWith(SUFFIX) && schema && typeof schema === "object" && "_zod" in schema) {
    registry.add(schema, { id: name.slice(0, -SUFFIX.length) });
  }
}

// "input": what a client may send (objects keep Discord's open shape, no additionalProperties).
// `z.undefined()` (a union branch meaning "absent") has no JSON Schema; "any" would make its
// union accept every value, so it becomes `{not: {}}`: no JSON value is undefined.
const converted = z.toJSONSchema(registry, {
  target: "draft-2020-12",
  io: "input",
  unrepresentable: "any",
  uri: (id) => `#/$defs/${id}`,
  override: (ctx) => {
    if (ctx.zodSchema._zod.def.type === "undefined") ctx.jsonSchema.not = {};
  },
}).schemas;

const missing = roots.filter((name) => !(name in converted));
if (missing.length > 0) {
  console.error(`discord-api-spec has no schema named: ${missing.join(", ")}`);
  process.exit(1);
}

// Keep the roots and what they refer to, each without its own $schema / $id.
const defs = {};
const pending = [...roots];
while (pending.length > 0) {
  const name = pending.pop();
  if (name in defs) continue;
  const { $schema, $id, ...schema } = converted[name];
  defs[name] = schema;
  for (const [, ref] of JSON.stringify(schema).matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g)) {
    pending.push(ref);
  }
}

const version = (pkg) =>
  JSON.parse(readFileSync(new URL(`./node_modules/${pkg}/package.json`, import.meta.url))).version;
const document = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  "x-source": {
    "discord-api-spec": version("discord-api-spec"),
    zod: version("zod"),
    roots,
  },
  $defs: Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b))),
};
writeFileSync(out, JSON.stringify(document, null, 1) + "\n");
